#!/bin/bash
# On the H200: ROW_PAIRS 2 (packed, the pairs the operands give as they lie). Checked against
# OpenBLAS at odd and even sizes, every transposition, both layouts, beta 0.5; then single
# configurations at 4096^3 and 8192^3 beside ROW_PAIRS 1 (the shipped winner's tile).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache
G="bash .gpu/on-device.sh gemmtune"
BASE=COPY=1,GROUP_M=8,KSPLIT=1,MMA_M=16,VWA=2,VWB=2,PACK=1,WARPS_M=2,WARPS_N=2
C=$BASE,ROW_PAIRS=2,BK=32,STAGES=2,MMA_K=8,WTM=64,WTN=32
echo "== correctness (OpenBLAS on the host)"
for layout in row col; do for trans in NN NT TN TT; do
  for size in 1000x777x1333 1000x778x1334 129x65x47; do
    echo -n "$layout $trans $size: "
    timeout 60 $G run --family xgemm_mma64 --config $C --precision fp64 --size $size --trans $trans --layout $layout --beta 0.5 --repeat 1 --check 2>&1 | tail -1
  done
  echo -n "$layout $trans 517x333x1001 k16 KSPLIT 2 64x64: "
  timeout 60 $G run --family xgemm_mma64 --config ${BASE/KSPLIT=1/KSPLIT=2},ROW_PAIRS=2,BK=16,STAGES=4,MMA_K=16,WTM=32,WTN=32 --precision fp64 --size 517x333x1001 --trans $trans --layout $layout --beta 0.5 --repeat 1 --check 2>&1 | tail -1
done; done
echo -n "4096 NN check: "; timeout 90 $G run --family xgemm_mma64 --config $C --precision fp64 --size 4096 --repeat 1 --check 2>&1 | tail -1
echo "== 4096^3, median of 20 calls"
for trans in NN TT NT TN; do
  for c in $BASE,ROW_PAIRS=1,BK=32,STAGES=2,MMA_K=8,WTM=64,WTN=32 $C $BASE,ROW_PAIRS=2,BK=32,STAGES=2,MMA_K=8,WTM=32,WTN=64 \
           $BASE,ROW_PAIRS=2,BK=32,STAGES=2,MMA_K=16,WTM=64,WTN=32 $BASE,ROW_PAIRS=2,BK=16,STAGES=3,MMA_K=8,WTM=64,WTN=32; do
    [ $trans != NN ] && [ $c != $C ] && [ ${c/ROW_PAIRS=1/} == $c ] && continue
    echo -n "$trans $c: "; timeout 60 $G run --family xgemm_mma64 --config $c --precision fp64 --size 4096 --trans $trans --repeat 20 2>&1 | tail -1
  done
done
for c in $BASE,ROW_PAIRS=1,BK=32,STAGES=2,MMA_K=8,WTM=64,WTN=32 $C; do
  echo -n "8192 $c: "; timeout 60 $G run --family xgemm_mma64 --config $c --precision fp64 --size 8192 --repeat 10 2>&1 | tail -1
done
