#!/bin/bash
# How fast today's kernels run skinny problems when each is tuned exactly: problems.txt (held-out
# problems of bench/validation/real_applications.txt, tuned here into a scratch copy of the
# shipped tuning that is not kept), each family for SECONDS, then measured beside cuBLAS and
# CLBlast with that tuning. Usage: tune.sh SECONDS
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-25_h200-skinny-split-k
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-tune; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
$G bench --db $W/h200.db --problems $here/problems.txt --json $W/before.json > $W/before.txt 2>&1; echo "bench before rc=$?"
for family in xgemm xgemm_skinny; do
  timeout 400 $G tune --db $W/h200.db --family $family --problems $here/problems.txt --time-limit $1 --budget 400 > $W/tune-$family.log 2>&1; echo "tune $family rc=$?"
done
grep -hE 'problem .* done|not tuned|best' $W/tune-*.log | cut -c1-160 | head -40
$G bench --db $W/h200.db --problems $here/problems.txt --json $W/after.json > $W/after.txt 2>&1; echo "bench after rc=$?"
grep -E "^[0-9]+x" $W/before.txt $W/after.txt
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
