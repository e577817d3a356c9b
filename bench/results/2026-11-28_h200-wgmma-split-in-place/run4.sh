#!/bin/bash
# H200: the checks run.sh meant, at shapes whose operands the tensor maps take (run.sh's
# 1000x777x333 sent every COPY=2 check to COPY=0 with single-element copies), after the fix that
# copies a tf32 operand read in place 4 elements at a time by cp.async: tensor copies and cp.async
# (VWA=VWB=8) reading in place in every transposition, B unaligned beside an aligned A read in
# place, split K with beta 0.5 (tf32 and 3xtf32), column-major; one file comes back.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
base=BK=32,BN=128,EPILOGUE=0,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
check() { echo "$*: $($G run --family xgemm_wgmma --check --repeat 2 "$@" 2>&1 | tail -1)"; }
{
for t in NN NT TN TT; do
  check --precision tf32 --config $base,COPY=2,IN_PLACE=1 --size 1024x768x320 --trans $t
  check --precision tf32 --config $base,COPY=0,IN_PLACE=1 --size 1024x768x320 --trans $t
  check --precision tf32 --config $base,COPY=2,IN_PLACE=1,KSPLIT=2 --size 1024x768x320 --trans $t --beta 0.5
  check --precision 3xtf32 --config $base,COPY=2,KSPLIT=4 --size 1024x768x320 --trans $t --beta 0.5
  check --precision tf32 --layout col --config $base,COPY=2,IN_PLACE=1 --size 1024x768x320 --trans $t --beta 0.5
done
check --precision tf32 --config $base,COPY=2,IN_PLACE=1 --size 4096x4100x4096 --trans NN
check --precision tf32 --config $base,COPY=2,IN_PLACE=1 --size 4100x4096x4096 --trans NT
check --precision tf32 --config $base,COPY=2,IN_PLACE=1,EPILOGUE=1 --size 2048x2048x2048 --trans NN --beta 0.5
} 2>&1 | tee $OUT/checks4.txt
