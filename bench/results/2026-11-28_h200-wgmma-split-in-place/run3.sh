#!/bin/bash
# H200: the 366 problems of real applications (bench/validation/real_applications.txt, none tuned
# exactly) at fp16 and bf16 as streams beside cuBLAS, with the shipped tuning (tensor-copy rows and
# the fp16/bf16 device default included); one archive comes back (results3.tgz).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
W=/tmp/results; rm -rf $W; mkdir -p $W
DB=/tmp/tune.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
for p in fp16 bf16; do
  timeout 270 $G bench --db $DB --precision $p --problems bench/validation/real_applications.txt --timing stream \
    --peers cublas --repeat 3 --json $W/real-$p.json > $W/real-$p.txt 2>&1
  echo "real $p rc=$?"; tail -8 $W/real-$p.txt
done
tar -C $W -czf $OUT/results3.tgz .
