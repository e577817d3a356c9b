#!/bin/bash
# On the H200: xgemm_mma64 with ROW_PAIRS and no packing pass (the operands read as they lie, NN and
# TT). Checked against OpenBLAS at odd (not 16-byte aligned) and even sizes with edges and a K
# tail, both layouts, beta 0.5; NT for its refusal; then single configurations at 4096^3 beside the
# shipped packed winner.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache
G="bash .gpu/on-device.sh gemmtune"
BASE=COPY=1,GROUP_M=8,KSPLIT=1,MMA_M=16,VWA=2,VWB=2,ROW_PAIRS=1
PACKED=$BASE,PACK=1,BK=32,STAGES=2,MMA_K=8,WARPS_M=2,WARPS_N=2,WTM=64,WTN=32
C1=$BASE,PACK=0,BK=32,STAGES=2,MMA_K=8,WARPS_M=2,WARPS_N=2,WTM=64,WTN=32
echo "== correctness (OpenBLAS on the host)"
for c in $C1 $C1,KSPLIT=2 ${C1/MMA_K=8/MMA_K=16}; do
for layout in row col; do for trans in NN TT; do for size in 1000x777x1333 1000x778x1334 129x65x47 130x66x46; do
  echo -n "$c $layout $trans $size: "
  timeout 60 $G run --family xgemm_mma64 --config $c --precision fp64 --size $size --trans $trans --layout $layout --beta 0.5 --repeat 1 --check 2>&1 | tail -1
done; done; done; done
echo -n "NT: "; timeout 60 $G run --family xgemm_mma64 --config $C1 --precision fp64 --size 1000x778x1334 --trans NT --repeat 1 --check 2>&1 | tail -2
echo -n "4096 NN check: "; timeout 90 $G run --family xgemm_mma64 --config $C1 --precision fp64 --size 4096 --repeat 1 --check 2>&1 | tail -1
echo "== 4096^3 NN, median of 20 calls"
for c in $PACKED $C1 ${C1/MMA_K=8/MMA_K=16} ${C1/WTM=64,WTN=32/WTM=32,WTN=64} ${C1/WTM=64,WTN=32/WTM=32,WTN=32} \
         ${C1/BK=32,STAGES=2/BK=16,STAGES=3} ${C1/BK=32,STAGES=2/BK=16,STAGES=4} ${C1/STAGES=2/STAGES=3}; do
  echo -n "$c: "; timeout 60 $G run --family xgemm_mma64 --config $c --precision fp64 --size 4096 --repeat 20 2>&1 | tail -1
done
for t in TT; do
for c in $PACKED $C1; do echo -n "$t $c: "; timeout 60 $G run --family xgemm_mma64 --config $c --precision fp64 --size 4096 --trans $t --repeat 20 2>&1 | tail -1; done; done
echo -n "8192 "; for c in $PACKED $C1; do echo -n "$c: "; timeout 60 $G run --family xgemm_mma64 --config $c --precision fp64 --size 8192 --repeat 10 2>&1 | tail -1; done
