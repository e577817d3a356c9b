#!/bin/bash
# Bulk copies of packed tile images (xgemm_wgmma COPY=1): checks at every precision and
# transposition at odd sizes, then single configurations at 4096^3 and 8192^3 beside COPY=0.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
check() {  # precision config trans size [layout]
  timeout 20 $G run --family xgemm_wgmma --config $2 --precision $1 --trans $3 --size $4 --layout ${5:-row} --check --repeat ${6:-2} > /tmp/check.txt 2>&1
  echo "check $1 $2 $3 $4 ${5:-row} rc=$? $(grep -iE 'check|error|gflop' /tmp/check.txt | head -2 | tr '\n' ' ')"
}
C16=COPY=1,WARPGROUPS=2,MT=1,BN=128,BK=64,STAGES=4
C32=COPY=1,WARPGROUPS=2,MT=1,BN=128,BK=32,STAGES=4
check fp16 $C16 NN 200x136x264
check fp16 $C16 TT 1000x777x333
check bf16 $C16 NT 333x555x777 col
check tf32 $C32 TN 1000x777x333
check 3xtf32 $C32 NT 200x136x264
check fp16 COPY=1,WARPGROUPS=1,MT=2,BN=64,BK=128,STAGES=3 TN 1000x777x333
for s in 4096 8192; do
  for c in COPY=0,WARPGROUPS=2,MT=2,BN=128,BK=64,STAGES=4 COPY=1,WARPGROUPS=2,MT=2,BN=128,BK=64,STAGES=4 COPY=1,WARPGROUPS=2,MT=1,BN=256,BK=64,STAGES=4 COPY=1,WARPGROUPS=3,MT=1,BN=128,BK=64,STAGES=4 COPY=1,WARPGROUPS=2,MT=1,BN=128,BK=64,STAGES=3; do
    check fp16 $c NN ${s}x${s}x${s} row 10
  done
  check tf32 COPY=1,WARPGROUPS=2,MT=1,BN=256,BK=32,STAGES=4 NN ${s}x${s}x${s} row 10
  check tf32 COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=32,STAGES=4 NN ${s}x${s}x${s} row 10
done
