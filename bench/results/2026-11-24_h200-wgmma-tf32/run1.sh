#!/bin/bash
# TF32 and 3xTF32 on xgemm_wgmma through packed operands: checks in every transposition and both
# layouts at odd sizes (fp16 and bf16 too: the kernel's source changed), then a tuning of 4096^3
# and 8192^3 at tf32 and 3xtf32, then gemmtune bench beside cuBLAS, one run per precision.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$OUT/h200.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $OUT/h200.db configs/tuned/nvidia-h200.json > $OUT/import.txt 2>&1; echo "import rc=$?"
check() {  # precision config trans size [layout]
  timeout 30 $G run --family xgemm_wgmma --config $2 --precision $1 --trans $3 --size $4 --layout ${5:-row} --check --repeat 2 > $OUT/check.txt 2>&1
  echo "check $1 $2 $3 $4 ${5:-row} rc=$? $(grep -iE 'check|error|gflop' $OUT/check.txt | head -2 | tr '\n' ' ')"
}
T32=WARPGROUPS=2,MT=1,BN=128,BK=32,STAGES=4
T32B=WARPGROUPS=1,MT=2,BN=64,BK=64,STAGES=3
T16=WARPGROUPS=2,MT=1,BN=128,BK=64,STAGES=4
for p in tf32 3xtf32; do
  for t in NN NT TN TT; do
    check $p $T32 $t 200x136x264
    check $p $T32B $t 1000x777x333
  done
  check $p $T32 TN 333x555x777 col
  check $p $T32 NN 1x1x1
done
for p in fp16 bf16; do
  for t in NN TT; do check $p $T16 $t 1000x777x333; done
  check $p $T16 NT 333x555x777 col
done
for p in tf32 3xtf32; do
  timeout 100 $G tune --family xgemm_wgmma --precision $p --sizes 4096,8192 --budget 40 --session-time-limit 75 > $OUT/tune-$p.log 2>&1; echo "tune $p rc=$?"
  grep -E "best" $OUT/tune-$p.log | tail -2
done
for p in tf32 3xtf32; do
  timeout 60 $G bench --precision $p --sizes 2048,4096,8192 --repeat 10 --json $OUT/bench-$p.json > $OUT/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E "^[0-9]+x|^peer" $OUT/bench-$p.txt
done
