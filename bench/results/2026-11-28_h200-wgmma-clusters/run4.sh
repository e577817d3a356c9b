#!/bin/bash
# H200: xgemm_wgmma with COPY=2 (tensor copies): checks against OpenBLAS in every transposition and
# layout (aligned sizes, and an unaligned one, which falls back to COPY=0), then 4096^3 timings
# of COPY=0 and COPY=2 configurations at fp16, bf16 and tf32.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_DB=/tmp/none.db GEMMTUNE_CACHE_DIR=/tmp/cache
R="$G run --family xgemm_wgmma"
P0=BK=64,BN=256,EPILOGUE=1,GROUP_M=1,MT=1,PRODUCER=0,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
P1=BK=64,BN=256,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
echo "== checks"
for t in NN NT TN TT; do
  for l in row col; do
    echo "$t $l: $($R --precision fp16 --config $P1,COPY=2 --size 1000x776x344 --trans $t --layout $l --check --repeat 2 2>&1 | tail -1)"
  done
  echo "$t p0 bf16: $($R --precision bf16 --config $P0,COPY=2 --size 520x392x1000 --trans $t --check --repeat 2 2>&1 | tail -1)"
  echo "$t tf32: $($R --precision tf32 --config BK=32,BN=128,EPILOGUE=1,GROUP_M=1,MT=2,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,COPY=2 --size 1000x777x333 --trans $t --check --repeat 2 2>&1 | tail -1)"
done
echo "unaligned: $($R --precision fp16 --config $P1,COPY=2 --size 1001x777x333 --trans NN --check --repeat 2 2>&1 | tail -1)"
echo "beta: $($R --precision fp16 --config $P1,COPY=2 --size 4096x4096x4096 --beta 0.5 --check --repeat 2 2>&1 | tail -1)"
echo "== 4096^3"
for p in fp16 bf16; do
  for c in "$P0,COPY=0" "$P0,COPY=2" "$P1,COPY=0" "$P1,COPY=2" \
           "BK=64,BN=128,EPILOGUE=1,GROUP_M=8,MT=2,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,COPY=2" \
           "BK=64,BN=256,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,COPY=2,EPILOGUE=0" \
           "BK=32,BN=256,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=8,VWA=8,VWB=8,WARPGROUPS=2,COPY=2" \
           "BK=64,BN=192,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=3,COPY=2"; do
    echo "$p $c: $($R --precision $p --config $c --size 4096 --repeat 20 2>&1 | tail -1)"
  done
done
for c in "BK=32,BN=128,EPILOGUE=1,GROUP_M=1,MT=2,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,COPY=0" \
         "BK=32,BN=128,EPILOGUE=1,GROUP_M=1,MT=2,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,COPY=2" \
         "BK=32,BN=256,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,COPY=2"; do
  echo "tf32 $c: $($R --precision tf32 --config $c --size 4096 --repeat 20 2>&1 | tail -1)"
done
echo "fp16 2048 $P0,COPY=0: $($R --precision fp16 --config $P0,COPY=0 --size 2048 --repeat 20 2>&1 | tail -1)"
echo "fp16 2048 $P1,COPY=2: $($R --precision fp16 --config $P1,COPY=2 --size 2048 --repeat 20 2>&1 | tail -1)"
