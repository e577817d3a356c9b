#!/bin/bash
# H200: xgemm_wgmma's split K (KSPLIT) and tf32 operands read in place (IN_PLACE). Checks every
# transposition against OpenBLAS, tunes tf32 at the squares of 1024 to 8192 over space-tf32.json
# (the shipped tuning imported first), then benches the squares at tf32 and 3xtf32 beside cuBLAS
# per call and as streams, and the validation set of 40 problems tuned nowhere exactly at fp16,
# bf16 and tf32 as streams; everything comes back in one archive (results.tgz).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-28_h200-wgmma-split-in-place
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
W=/tmp/results; rm -rf $W; mkdir -p $W
DB=/tmp/tune.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
base=BK=32,BN=128,EPILOGUE=0,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
for t in NN NT TN TT; do
  for extra in COPY=2,IN_PLACE=1 COPY=0,IN_PLACE=1 COPY=2,IN_PLACE=1,KSPLIT=2 COPY=2,KSPLIT=4; do
    echo "tf32 $t $extra: $($G run --family xgemm_wgmma --precision tf32 --config $base,$extra --size 1000x777x333 --trans $t --check --repeat 2 2>&1 | tail -1)"
  done
  echo "3xtf32 $t KSPLIT=2: $($G run --family xgemm_wgmma --precision 3xtf32 --config $base,COPY=2,KSPLIT=2 --size 1000x777x333 --trans $t --check --repeat 2 2>&1 | tail -1)"
  echo "tf32 col-major $t IN_PLACE=1: $($G run --family xgemm_wgmma --precision tf32 --layout col --config $base,COPY=2,IN_PLACE=1 --size 517x300x1001 --trans $t --beta 0.5 --check --repeat 2 2>&1 | tail -1)"
done 2>&1 | tee $W/checks.txt
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
$G tune --db $DB --family xgemm_wgmma --space $D/space-tf32.json --precision tf32 \
  --sizes $sizes --budget 40 --session-time-limit 150 2>&1 | grep -E "done in|error" | tee $W/tune-output.txt
for p in tf32 3xtf32; do
  for timing in per-call stream; do
    timeout 60 $G bench --db $DB --precision $p --sizes $sizes --timing $timing --peers cublas --repeat 10 \
      --json $W/$p-$timing.json > $W/$p-$timing.txt 2>&1
    echo "$p $timing rc=$?"; grep -E "^[0-9]+x" $W/$p-$timing.txt
  done
done
for p in fp16 bf16 tf32; do
  timeout 80 $G bench --db $DB --precision $p --problems bench/validation/random_matrix_units_40.txt --timing stream \
    --peers cublas --repeat 5 --json $W/random40-$p.json > $W/random40-$p.txt 2>&1
  echo "random40 $p rc=$?"; tail -12 $W/random40-$p.txt
done
$G db export --db $DB > $W/tune.json
tar -C $W -czf $OUT/results.tgz .
