#!/bin/bash
# H200: xgemm_wgmma's swizzle modes (SWIZZLE 0, 32, 64 beside the shipped 128) and register budgets
# per role (PRODUCER_REGISTERS), checked against OpenBLAS: every transposition at fp16 with
# cp.async and tensor copies, bf16, tf32 packed (cp.async, tile images, tensor copies) and read in
# place, 3xtf32, column-major, unaligned sizes, each budget at 1, 2 and 3 consumer warpgroups; each
# check under its own timeout (an increase of registers beyond what is free would hang).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
h=BK=64,BN=128,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
f=BK=32,BN=128,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
check() { echo "$*: $(timeout 60 $G run --family xgemm_wgmma --check --repeat 2 "$@" 2>&1 | tail -1) rc=$?"; }
{
for s in 0 32 64; do
  for t in NN NT TN TT; do
    check --precision fp16 --config $h,COPY=2,SWIZZLE=$s --size 1024x768x320 --trans $t
    check --precision fp16 --config $h,COPY=0,SWIZZLE=$s --size 1000x777x333 --trans $t --beta 0.5
  done
  check --precision bf16 --config $h,COPY=2,SWIZZLE=$s --size 1024x768x320 --trans TN
  check --precision bf16 --layout col --config $h,COPY=2,SWIZZLE=$s --size 1024x768x320 --trans NT --beta 0.5
  for c in 0 1 2; do check --precision tf32 --config $f,COPY=$c,SWIZZLE=$s --size 1000x777x333 --trans TT; done
  check --precision tf32 --config $f,COPY=2,IN_PLACE=1,SWIZZLE=$s --size 1024x768x320 --trans NT
  check --precision tf32 --config $f,COPY=0,IN_PLACE=1,SWIZZLE=$s --size 1024x768x320 --trans NN
  check --precision 3xtf32 --config $f,COPY=2,SWIZZLE=$s --size 1024x768x320 --trans TN
done
for r in 24 40 56; do
  for w in 1 2 3; do
    check --precision fp16 --config BK=64,BN=128,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=$w,COPY=2,PRODUCER_REGISTERS=$r --size 1024x768x320 --trans NN
  done
  check --precision fp16 --config $h,COPY=0,PRODUCER_REGISTERS=$r,BN=256 --size 1000x777x333 --trans TT --beta 0.5
  check --precision tf32 --config $f,COPY=2,IN_PLACE=1,PRODUCER_REGISTERS=$r,BN=256 --size 1024x768x320 --trans NN
done
check --precision fp16 --config $h,COPY=2,PRODUCER_REGISTERS=40,SWIZZLE=64,BN=256 --size 4096x4096x4096 --trans NN
} 2>&1 | tee $OUT/checks.txt
