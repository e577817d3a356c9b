#!/bin/bash
# xgemm_wgmma with incremental copy addresses, descriptors and an unchecked epilogue for whole
# tiles: checks at every precision, transposition, layout, odd sizes and beta, then tuned again at
# fp16, bf16, tf32 and 3xtf32 (4096^3, 8192^3) seeded by the shipped tuning. (Ran as .gpu/h200a.sh.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
check() {  # precision config trans size layout beta
  timeout 60 $G run --family xgemm_wgmma --config $2 --precision $1 --trans $3 --size $4 --layout ${5:-row} --beta ${6:-0} --check --repeat 2 > /tmp/check.txt 2>&1
  echo "check $1 $3 $4 ${5:-row} beta=${6:-0} $2 rc=$? $(grep -iE 'check|error' /tmp/check.txt | head -2 | tr '\n' ' ' | cut -c1-100)"
}
P16=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=2,BN=128,BK=64,STAGES=4
Q16=PRODUCER=0,COPY=0,WARPGROUPS=3,MT=1,BN=128,BK=64,STAGES=4
B16=PRODUCER=1,COPY=1,WARPGROUPS=2,MT=1,BN=256,BK=64,STAGES=4
P32=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=32,STAGES=4
check fp16 $P16 NN 1024x1024x1024 row 0.5
check fp16 $P16 TT 1000x777x333
check bf16 $P16 TN 333x555x777 col 1
check fp16 $Q16 NT 1024x768x1333 row 2
check bf16 $Q16 TT 513x1025x1000
check fp16 $B16 NN 1024x512x640
check fp16 $B16 TN 1000x777x333 col
check tf32 $P32 TN 1000x777x333 row 1
check 3xtf32 $P32 NT 512x512x264
check 3xtf32 $P32 TT 200x136x264 col
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 75 $G tune --family xgemm_wgmma --precision $p --sizes 4096,8192 --budget 40 --session-time-limit 65 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"; grep -E 'problem .* done' $W/tune-$p.log
done
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
tar -C $W -czf $OUT/results.tgz .
