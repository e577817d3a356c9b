#!/bin/bash
# The call floor on a queue that times its commands and on one that does not, beside CUDA's: an
# empty kernel and a tiny GEMM, each timed by events, by the host, and as a burst of calls.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/*.gz 2>/dev/null
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export GEMMTUNE_CACHE_DIR=/tmp/cache-floor GEMMTUNE_DB=/tmp/floor.db
bash .gpu/on-device.sh gemmtune db import configs/tuned/nvidia-h200.json > /dev/null
for r in 1 2; do
  for s in 1 8 64; do
    bash .gpu/on-device.sh dispatch_call_floor $s 300
    LD_LIBRARY_PATH=/usr/local/cuda/lib64 .gpu/bin/cuda_floor $s 300
  done
done > $OUT/floor.txt 2>&1
cat $OUT/floor.txt
