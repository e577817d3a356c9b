#!/bin/bash
# H200: where a tile's time goes at 2048^3 bf16. The shipped winner (128 x 256 tiles, one wave of
# 128 work-groups) timed by gemmtune run (median of 20 calls, each its own launch) at 2048 x 2048 x
# K for K from 64 to 4096, with C written through local memory (EPILOGUE 1) and from the
# accumulators (0), and with 1024 x 1024 x K (32 work-groups): the time at K = 0 extrapolated is a
# tile's fixed cost (launch, prologue, epilogue), the slope its K steps.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
w=BK=64,BN=256,COPY=2,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
{
for e in 1 0; do
  for k in 64 128 256 512 1024 2048 4096; do
    echo "EPILOGUE=$e 2048x2048x$k: $($G run --family xgemm_wgmma --precision bf16 --config $w,EPILOGUE=$e --size 2048x2048x$k --repeat 20 --json 2>&1 | tail -1)"
  done
done
for k in 64 1024 4096; do
  echo "EPILOGUE=1 1024x1024x$k: $($G run --family xgemm_wgmma --precision bf16 --config $w,EPILOGUE=1 --size 1024x1024x$k --repeat 20 --json 2>&1 | tail -1)"
done
} 2>&1 | tee $OUT/fixed-cost.txt
