#!/bin/bash
# xgemm_mma64 tuned on the coverage set and deeper on the 11 benchmark shapes over run5's database
# (seed/h200.db.gz); the export is the shipped configs/tuned/nvidia-h200.json (less the rows of
# earlier sources of the two changed families); the 11 shapes benchmarked at fp64 with it imported
# into an empty database. (Ran as .gpu/calld.sh; bench11.txt: the 11 shapes, one per line.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
gunzip -c .gpu/seed/h200.db.gz > $W/h200.db
export GEMMTUNE_DB=$W/h200.db
timeout 250 $G tune --family xgemm_mma64 --precision 64 --coverage --session-time-limit 235 > $W/tune-fp64-coverage.log 2>&1; echo "tune coverage rc=$?"
timeout 130 $G tune --family xgemm_mma64 --precision 64 --problems .gpu/bench11.txt --budget 60 --session-time-limit 120 > $W/tune-fp64-bench11-deeper.log 2>&1; echo "tune bench11 rc=$?"
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
export GEMMTUNE_DB=/tmp/user.db
$G db import --db /tmp/user.db $W/tuned.json > /dev/null 2>&1; echo "import rc=$?"
timeout 160 $G bench --precision 64 --json $W/bench11-fp64.json > $W/bench11-fp64.txt 2>&1; echo "bench rc=$?"
tar -C $W -czf $OUT/results.tgz --exclude=h200.db .
