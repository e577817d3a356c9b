#!/bin/bash
# xgemm_wgmma (copies that step also where the swizzle repeats every few of them) tuned again
# at fp16, bf16, tf32 and 3xtf32 (4096^3, 8192^3) seeded by the shipped tuning, the shipped file
# rebuilt from it, and gemmtune bench at 2048^3, 4096^3 and 8192^3 from it alone beside cuBLAS.
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz .gpu/shipped-old.json.gz
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
check() {  # precision config trans size layout beta
  timeout 60 $G run --family xgemm_wgmma --config $2 --precision $1 --trans $3 --size $4 --layout ${5:-row} --beta ${6:-0} --check --repeat 2 > /tmp/check.txt 2>&1
  echo "check $1 $3 $4 ${5:-row} beta=${6:-0} $2 rc=$? $(grep -iE 'check|error' /tmp/check.txt | head -2 | tr '\n' ' ' | cut -c1-100)"
}
P32=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=32,STAGES=4
W16=PRODUCER=1,COPY=0,WARPGROUPS=2,MT=1,BN=256,BK=64,STAGES=4
T16=PRODUCER=0,COPY=0,WARPGROUPS=3,MT=1,BN=256,BK=64,STAGES=3
check fp16 $W16 NN 1024x1024x1024 row 0.5
check bf16 $W16 TT 1000x777x333 col
check fp16 $W16 TN 1024x768x1333 row 1
check fp16 $T16 NT 1000x777x1333
check bf16 $T16 NN 768x1024x640 row 2
check fp16 PRODUCER=0,COPY=0,WARPGROUPS=2,MT=2,BN=64,BK=64,STAGES=4 TN 1000x777x333
check tf32 $P32 TN 1000x777x333 row 1
check 3xtf32 $P32 NT 512x512x264
check fp16 PRODUCER=1,COPY=0,WARPGROUPS=2,MT=2,BN=128,BK=64,STAGES=4 NT 1000x777x333 col 1
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db .gpu/shipped-old.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 75 $G tune --family xgemm_wgmma --precision $p --sizes 4096,8192 --budget 40 --session-time-limit 65 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"; grep -E 'problem .* done' $W/tune-$p.log
done
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
python3 .gpu/ship.py .gpu/shipped-old.json $W/tuned.json $W/nvidia-h200.json
export GEMMTUNE_DB=/tmp/user.db
$G db import --db /tmp/user.db $W/nvidia-h200.json > $W/import.txt 2>&1; echo "import shipped rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 60 $G bench --precision $p --sizes 2048,4096,8192 --repeat 10 --json $W/bench-$p.json > $W/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E '^ *(2048|4096|8192)' $W/bench-$p.txt | head -3
done
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
