#!/bin/bash
# H200: the xgemm_stream family (A lying K x M, narrow C) tuned over the coverage set's problems it
# is for (coverage-narrow.txt: TN and TT, N up to 128, M of 64 or more) into a copy of the shipped
# tuning; then the validation problems it could serve (narrow-validation.txt: the TN and TT
# problems with N up to 128 of real_applications.txt and random_100.txt, none tuned) run by the
# dispatcher beside cuBLAS (per call), with that tuning (`run.sh new`) and with the shipped one
# (`run.sh old`, a second command).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
here=bench/results/2026-11-29_h200-stream-family
W=/tmp/stream; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache-stream
G="bash .gpu/on-device.sh gemmtune"
[ -f $W/shipped.db ] || { $G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
if [ "$1" = new ]; then
  cp $W/shipped.db $W/tuned.db
  start=$SECONDS
  timeout 280 $G tune --db $W/tuned.db --problems $here/coverage-narrow.txt --family xgemm_stream \
    --session-time-limit ${TUNE_SECONDS:-240} --json > $W/tune.json 2> $W/tune.log; echo "tune rc=$? in $((SECONDS - start)) s"
  tail -2 $W/tune.log
  $G db export --db $W/tuned.db -o $W/tuned.json 2> $W/export.log; echo "export rc=$?"
  gzip -9f $W/tune.json $W/tuned.json; cp $W/tune.json.gz $W/tuned.json.gz $W/tune.log $OUT/
fi
db=$W/shipped.db; [ "$1" = new ] && db=$W/tuned.db
start=$SECONDS
timeout 250 $G bench --db $db --precision fp32 --peers cublas --timing per-call \
  --problems $here/narrow-validation.txt --json $W/narrow-$1.json > $W/narrow-$1.txt 2>&1
echo "bench rc=$? in $((SECONDS - start)) s"
sed -n '/^summary/,$p' $W/narrow-$1.txt | head -12
gzip -9f $W/narrow-$1.json; cp $W/narrow-$1.json.gz $W/narrow-$1.txt $OUT/
