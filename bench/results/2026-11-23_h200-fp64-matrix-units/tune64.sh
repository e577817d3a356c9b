# Tunes double precision on the H200 over the shipped single-precision tuning, then exports it.
export GEMMTUNE_DB=$OUT/h200.db GEMMTUNE_CACHE_DIR=/tmp/gc
G="bash .gpu/on-device.sh gemmtune"
$G db import .gpu/configs/tuned/nvidia-h200.json > $OUT/import.txt 2>&1
$G tune --device nvidia:0 --precision 64 --problems .gpu/bench11.txt --session-time-limit 250 > $OUT/tune-bench11.txt 2>&1
$G tune --device nvidia:0 --precision 64 --coverage --session-time-limit 270 > $OUT/tune-coverage.txt 2>&1
$G db list > $OUT/list.txt 2>&1
$G db export -o $OUT/nvidia-h200.json > /dev/null 2>&1
