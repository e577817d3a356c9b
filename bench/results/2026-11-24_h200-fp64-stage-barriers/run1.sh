#!/bin/bash
# xgemm_mma64 with bulk copies: d0 a work-group barrier every K tile, d1 an empty mbarrier per stage
# that only the copying work-item waits for. Checks of d1, then both timed in turn twice.
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz; for f in .gpu/bin/*.gz; do gunzip -f $f; done; chmod +x .gpu/bin/*
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name --format=csv,noheader
check() {  # config trans size layout beta
  timeout 90 bash .gpu/on-device.sh gemmtune_d1 run --family xgemm_mma64 --config $1 --precision 64 --trans $2 --size $3 --layout ${4:-row} --beta ${5:-0} --check --repeat 2 > /tmp/check.txt 2>&1
  echo "check $2 $3 ${4:-row} beta=${5:-0} $1 rc=$? $(grep -iE 'check|error' /tmp/check.txt | head -2 | tr '\n' ' ' | cut -c1-100)"
}
S=BK=16,COPY=1,GROUP_M=8,KSPLIT=1,MMA_K=8,MMA_M=16,PACK=1,STAGES=4,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32
check $S NN 1000x777x333
check $S TT 517x389x2063 col 1
check BK=16,COPY=1,GROUP_M=8,KSPLIT=2,MMA_K=16,MMA_M=16,PACK=1,STAGES=3,WARPS_M=2,WARPS_N=4,WTM=32,WTN=16 TN 3001x2999x4097 col
check BK=32,COPY=1,GROUP_M=8,KSPLIT=1,MMA_K=8,MMA_M=16,PACK=1,STAGES=3,WARPS_M=4,WARPS_N=2,WTM=32,WTN=64 NT 17x8192x16385 row 2
for round in 1 2; do
for v in d0 d1; do
  for job in "$S 4096" "$S 8192" "BK=16,COPY=1,GROUP_M=8,KSPLIT=1,MMA_K=8,MMA_M=16,PACK=1,STAGES=5,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32 4096" "BK=32,COPY=1,GROUP_M=8,KSPLIT=1,MMA_K=8,MMA_M=16,PACK=1,STAGES=3,WARPS_M=4,WARPS_N=2,WTM=32,WTN=64 8192" "BK=16,COPY=1,GROUP_M=8,KSPLIT=1,MMA_K=8,MMA_M=16,PACK=1,STAGES=3,WARPS_M=2,WARPS_N=2,WTM=64,WTN=32 4096"; do
    set -- $job
    r=$(timeout 60 bash .gpu/on-device.sh gemmtune_$v run --family xgemm_mma64 --config $1 --precision 64 --size $2x$2x$2 --repeat 10 2>&1 | grep -oE '[0-9.]+ GFLOP/s')
    echo "$round $v $2 $r $1"
  done
done
done
