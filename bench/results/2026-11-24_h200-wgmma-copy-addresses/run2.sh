#!/bin/bash
# One program per kernel text, timed in turn twice (gemmtune run, median of 20): v0 the kernel
# before this change, v1 with all three parts, v2 without the unchecked epilogue, v3 without the
# incremental copy addresses. (Ran as .gpu/ab.sh; the programs were carried gzipped.)
cd "$(dirname "$0")/.."
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
gunzip -f .gpu/lib/libopenblas.so.0.gz; for f in .gpu/bin/*.gz; do gunzip -f $f; done; chmod +x .gpu/bin/*
nvidia-smi --query-gpu=name --format=csv,noheader
P16=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=2,BN=128,BK=64,STAGES=4
P32=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=32,STAGES=4
for round in 1 2; do
for v in v0 v1 v2 v3; do
  for job in "tf32 $P32 4096" "3xtf32 $P32 4096" "fp16 $P16 4096" "tf32 $P32 8192"; do
    set -- $job
    r=$(timeout 60 bash .gpu/on-device.sh gemmtune_$v run --family xgemm_wgmma --config $2 --precision $1 --size $3x$3x$3 --repeat 20 2>&1 | grep -oE '[0-9.]+ GFLOP/s')
    echo "$round $v $1 $3 $r"
  done
done
done
