#!/bin/bash
# H200: xgemm_mma64's C stored one accumulator at a time (EPILOGUE=0) or a lane's two adjacent
# columns in one 16-byte store (EPILOGUE=1), the shipped fp64 winners timed both ways in turn
# (gemmtune run, median of 20); then EPILOGUE=1 checked against OpenBLAS at odd sizes, every
# transposition and layout, with alpha and beta, for three instruction shapes.
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-epi64 GEMMTUNE_DB=/tmp/none.db
W=BK=16,COPY=1,GROUP_M=8,MMA_K=8,MMA_M=16,PACK=1,STAGES=4,VWA=2,VWB=2,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32
time1() { $G run --family xgemm_mma64 --config $1 --precision fp64 --size $2 --repeat 20 2>&1 | grep -E "^time|rror" | tr '\n' ' '; }
for s in 2048 4096 8192; do for e in 0 1 0 1; do echo "fp64 $s KSPLIT=1 EPILOGUE=$e $(time1 $W,KSPLIT=1,EPILOGUE=$e $s)"; done; done
echo "fp64 8192 KSPLIT=2 (shipped) $(time1 $W,KSPLIT=2 8192)"
echo "fp64 4096 TN KSPLIT=1 EPILOGUE=1 $($G run --family xgemm_mma64 --config $W,KSPLIT=1,EPILOGUE=1 --precision fp64 --size 4096 --trans TN --repeat 20 2>&1 | grep -E '^time')"
echo "== checks"
fails=0
for c in $W,KSPLIT=1,EPILOGUE=1 BK=16,MMA_K=16,MMA_M=16,PACK=1,COPY=1,STAGES=3,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32,EPILOGUE=1 MMA_M=8,MMA_K=4,BK=8,STAGES=3,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32,VWA=1,VWB=1,EPILOGUE=1; do
  for t in NN NT TN TT; do for l in row col; do for size in 1000x777x333 333x555x777 200x136x264 1x1x1; do
    out=$($G run --family xgemm_mma64 --config $c --precision fp64 --size $size --trans $t --layout $l --alpha 1.5 --beta 0.5 --check --repeat 1 2>&1)
    [ $? -ne 0 ] && { fails=$((fails+1)); echo "FAIL $c $t $l $size: $(echo "$out" | tail -2 | tr '\n' ' ')"; }
  done; done; done
  echo "checked $c"
done
echo "check failures: $fails"
