#!/bin/bash
# PRODUCER 1 of xgemm_wgmma: checks at every precision, transposition and odd sizes (COPY 0 and 1,
# K long enough to cycle the stages' phases), then the shipped winners (PRODUCER 0) beside a grid
# of PRODUCER 1 tiles at 4096^3 and 8192^3. (Ran as .gpu/producer1.sh, the spaces in .gpu/spaces/:
# producer16.json and producer32.json, WARPGROUPS 1-3, MT 1-2, BN 128/256, BK 64 (32), STAGES 4-5,
# PRODUCER 1, choices as the family's.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader
check() {  # precision config trans size layout repeat
  timeout 25 $G run --family xgemm_wgmma --config $2 --precision $1 --trans $3 --size $4 --layout ${5:-row} --check --repeat ${6:-2} > /tmp/check.txt 2>&1
  echo "check $1 $2 $3 $4 ${5:-row} rc=$? $(grep -iE 'check|error|gflop|tflop' /tmp/check.txt | head -2 | tr '\n' ' ')"
}
P16=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=128,BK=64,STAGES=4
P32=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=128,BK=32,STAGES=4
B16=PRODUCER=1,COPY=1,WARPGROUPS=2,MT=1,BN=128,BK=64,STAGES=4
B32=PRODUCER=1,COPY=1,WARPGROUPS=2,MT=1,BN=128,BK=32,STAGES=4
check fp16 $P16 NN 200x136x264
check fp16 $P16 TT 1000x777x333
check fp16 $P16 NT 256x384x8192
check bf16 $P16 NT 333x555x777 col
check bf16 $P16 TN 300x200x40
check fp16 PRODUCER=1,COPY=0,WARPGROUPS=1,MT=2,BN=128,BK=64,STAGES=5 TN 1000x777x1333
check tf32 $P32 TN 1000x777x333
check 3xtf32 $P32 NT 200x136x264
check fp16 $B16 TN 1000x777x333
check fp16 $B16 NN 256x256x8192
check tf32 $B32 NN 1000x777x333
check 3xtf32 $B32 TT 517x300x3000
check fp16 PRODUCER=0,COPY=0,WARPGROUPS=2,MT=1,BN=128,BK=64,STAGES=4 TT 1000x777x333
echo "--- shipped winners, PRODUCER 0"
check fp16 PRODUCER=0,BK=64,BN=128,COPY=0,GROUP_M=8,MT=2,STAGES=4,WARPGROUPS=2 NN 4096x4096x4096 row 10
check fp16 PRODUCER=0,BK=64,BN=128,COPY=0,GROUP_M=8,MT=1,STAGES=4,WARPGROUPS=3 NN 8192x8192x8192 row 10
check bf16 PRODUCER=0,BK=64,BN=128,COPY=0,GROUP_M=1,MT=2,STAGES=4,WARPGROUPS=2 NN 4096x4096x4096 row 10
check tf32 PRODUCER=0,BK=32,BN=256,COPY=0,GROUP_M=8,MT=1,STAGES=4,WARPGROUPS=2 NN 4096x4096x4096 row 10
echo "--- grid of PRODUCER 1"
export GEMMTUNE_DB=$W/grid.db
for job in "fp16 4096 producer16" "fp16 8192 producer16" "bf16 4096 producer16" "tf32 4096 producer32"; do
  set -- $job
  timeout 100 $G tune --family xgemm_wgmma --precision $1 --sizes $2x$2x$2 --space .gpu/spaces/$3.json --strategy grid --budget 14 --time-limit 90 > $W/grid-$1-$2.log 2>&1
  echo "grid $1 $2 rc=$?"; grep -E "best|evaluat" $W/grid-$1-$2.log | tail -3
done
$G db export --db $W/grid.db -o $W/grid.json --force > /dev/null 2>&1; echo "export rc=$?"
tar -C $W -czf $OUT/results.tgz .
