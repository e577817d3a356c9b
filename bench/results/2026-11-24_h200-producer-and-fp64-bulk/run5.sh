#!/bin/bash
# Checks of xgemm_mma64's bulk copies at 8192^3 and odd large sizes (run4's 25 s limit was too short
# at 8192^3); xgemm_wgmma tuned again at every precision (its source changed when the mbarrier
# helpers moved to async_copy.cl); every fp64 family tuned on the 11 benchmark shapes.
# (Ran as .gpu/callc.sh; seed/fp64-4096-8192.json: run4's xgemm_mma64 evaluations.)
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
check() {  # config trans size layout repeat
  timeout 90 $G run --family xgemm_mma64 --config $1 --precision 64 --trans $2 --size $3 --layout ${4:-row} --check --repeat ${5:-2} > /tmp/check.txt 2>&1
  echo "check $1 $2 $3 ${4:-row} rc=$? $(grep -iE 'check|error|gflop|tflop' /tmp/check.txt | head -2 | tr '\n' ' ' | cut -c1-150)"
}
T=MMA_M=16,WARPS_M=2,WARPS_N=2,WTM=64,WTN=32,GROUP_M=8,MMA_K=8,BK=16,STAGES=3,PACK=1
check $T,COPY=1 NN 8192x8192x8192 row 5
check $T,COPY=0 NN 8192x8192x8192 row 5
B=MMA_M=16,MMA_K=8,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32,BK=16,STAGES=4,KSPLIT=2,PACK=1,COPY=1
check $B TN 3001x2999x4097 col
check $B TT 8191x4097x1025
check $B NT 17x8192x16385
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
$G db import --db $W/h200.db .gpu/seed/fp64-4096-8192.json > /dev/null 2>&1; echo "import fp64 rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 75 $G tune --family xgemm_wgmma --precision $p --sizes 4096,8192 --budget 40 --session-time-limit 65 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"
done
timeout 215 $G tune --precision 64 --problems .gpu/bench11.txt --session-time-limit 200 > $W/tune-fp64-bench11.log 2>&1; echo "tune fp64 rc=$?"
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1
tar -C $W -czf $OUT/results.tgz .
