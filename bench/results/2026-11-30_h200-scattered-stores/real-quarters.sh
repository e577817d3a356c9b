#!/bin/bash
# H200: quarters of real_applications.txt (92 problems each) benched per call from the tuning
# shipped with this folder beside cuBLAS and CLBlast. Usage: real-quarters.sh QUARTER...
# (LIMIT: each quarter's seconds, 280)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-scattered-stores
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
W=/tmp/runs; mkdir -p $W
shipped=configs/tuned/nvidia-h200.json
[ -f $shipped ] || { gunzip -c $here/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
[ -f $W/now.db ] || { $G db import --db $W/now.db $shipped > /dev/null 2>&1; echo "import rc=$?"; }
for quarter in "$@"; do
  grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' |
    sed -n $(( (quarter - 1) * 92 + 1 )),$(( quarter * 92 ))p > $W/problems-$quarter.txt
  start=$SECONDS
  timeout ${LIMIT:-280} $G bench --db $W/now.db --peers cublas,clblast --timing per-call \
    --problems $W/problems-$quarter.txt --json $W/real$quarter.json > $W/real$quarter.txt 2>&1
  echo "real$quarter rc=$? in $((SECONDS - start)) s"
  grep -E '^all' -A1 $W/real$quarter.txt
  gzip -9f $W/real$quarter.json
  (cd $W && tar -czf $OUT/real$quarter.tgz real$quarter.json.gz real$quarter.txt)
done
