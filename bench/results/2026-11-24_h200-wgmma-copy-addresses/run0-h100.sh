#!/bin/bash
# H100, the v1 kernel (all three parts): checks and single configurations (gemmtune run --check).
# (Ran as .gpu/dev1.sh, before profile.sh's SASS and CUDA launch of the same program.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
check() {  # precision config trans size layout repeat
  timeout 60 $G run --family xgemm_wgmma --config $2 --precision $1 --trans $3 --size $4 --layout ${5:-row} --check --repeat ${6:-2} > /tmp/check.txt 2>&1
  echo "check $1 $3 $4 ${5:-row} $2 rc=$? $(grep -iE 'check|error|gflop|tflop' /tmp/check.txt | head -2 | tr '\n' ' ' | cut -c1-120)"
}
P16=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=2,BN=128,BK=64,STAGES=4
Q16=PRODUCER=0,COPY=0,WARPGROUPS=3,MT=1,BN=128,BK=64,STAGES=4
P32=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=32,STAGES=4
check fp16 $P16 NN 200x136x264
check fp16 $P16 TT 1000x777x333
check fp16 $P16 NT 256x384x8192
check bf16 $P16 TN 333x555x777 col
check fp16 $Q16 NN 1000x777x1333
check bf16 $Q16 TT 513x1025x1000
check fp16 $P16 NN 4096x4096x4096 row 10
check fp16 $Q16 NN 8192x8192x8192 row 5
check tf32 $P32 TN 1000x777x333
check 3xtf32 $P32 NT 200x136x264
check tf32 $P32 NN 4096x4096x4096 row 10
check 3xtf32 $P32 NN 4096x4096x4096 row 10
check fp16 PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=64,STAGES=4 NN 4096x4096x4096 row 10
check fp16 PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=64,STAGES=4 NN 8192x8192x8192 row 5
check fp16 PRODUCER=1,COPY=0,WARPGROUPS=2,MT=2,BN=128,BK=64,STAGES=4 NN 8192x8192x8192 row 5
