#!/bin/bash
# How fast the kernel families can run the validation sets' slowest problems when tuned for them
# exactly (an experiment: never shipped), against the shipped tuning, beside cuBLAS in one session.
# Usage: reach.sh SECONDS_FP32 SECONDS_FP64
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-25_h200-deep-k-reach
gunzip -f .gpu/lib/*.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/reach; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
cp $W/shipped.db $W/tuned.db
for p in fp32 fp64; do
  limit=$1; [ $p = fp64 ] && limit=$2
  timeout $((limit + 30)) $G tune --db $W/tuned.db --precision $p --problems $here/$p.txt --budget 1000 --session-time-limit $limit > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"
  grep -hE 'problem .* done|not tuned' $W/tune-$p.log | cut -c1-140
done
for p in fp32 fp64; do
  for db in shipped tuned; do
    timeout 200 $G bench --db $W/$db.db --precision $p --peers cublas --problems $here/$p.txt --json $W/bench-$p-$db.json > $W/bench-$p-$db.txt 2>&1; echo "bench $p $db rc=$?"
    sed -n '/^summary/,$p' $W/bench-$p-$db.txt | grep -A1 '^all' | tail -2
  done
done
gzip -9 $W/tune-*.log
$G db export --db $W/tuned.db -o $W/tuned.json --force > /dev/null 2>&1; gzip -9 $W/tuned.json
tar -C $W -czf $OUT/reach.tgz --exclude='*.db*' .
