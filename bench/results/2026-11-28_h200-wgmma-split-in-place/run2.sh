#!/bin/bash
# H200: xgemm_wgmma's IN_PLACE 2 (nothing packed: the producer transposes M- or N-contiguous tf32
# tiles in local memory). Checks every transposition and both layouts against OpenBLAS, tunes tf32
# at the squares of 1024 to 8192 over space-tf32-local.json (the shipped tuning, with run.sh's rows,
# imported first), then benches the squares beside cuBLAS per call and as streams and the 40
# problems tuned nowhere exactly as streams; one archive comes back (results2.tgz).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-28_h200-wgmma-split-in-place
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
W=/tmp/results; rm -rf $W; mkdir -p $W
DB=/tmp/tune.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
base=BK=32,GROUP_M=8,PRODUCER=1,VWA=8,VWB=8,COPY=2,IN_PLACE=2
for t in NN NT TN TT; do
  for extra in BN=128,EPILOGUE=1,MT=1,STAGES=4,WARPGROUPS=2 BN=256,EPILOGUE=0,MT=1,STAGES=3,WARPGROUPS=2 BN=128,EPILOGUE=0,MT=1,STAGES=4,WARPGROUPS=1,KSPLIT=2; do
    echo "tf32 $t $extra: $($G run --family xgemm_wgmma --precision tf32 --config $base,$extra --size 1000x777x333 --trans $t --check --repeat 2 2>&1 | tail -1)"
  done
  echo "tf32 col-major $t: $($G run --family xgemm_wgmma --precision tf32 --layout col --config $base,BN=128,EPILOGUE=1,MT=1,STAGES=4,WARPGROUPS=2 --size 517x300x1001 --trans $t --beta 0.5 --check --repeat 2 2>&1 | tail -1)"
done 2>&1 | tee $W/checks2.txt
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
$G tune --db $DB --family xgemm_wgmma --space $D/space-tf32-local.json --precision tf32 \
  --sizes $sizes --budget 40 --session-time-limit 150 2>&1 | grep -E "done in|error" | tee $W/tune2-output.txt
for timing in per-call stream; do
  timeout 60 $G bench --db $DB --precision tf32 --sizes $sizes --timing $timing --peers cublas --repeat 10 \
    --json $W/tf32-$timing-2.json > $W/tf32-$timing-2.txt 2>&1
  echo "tf32 $timing rc=$?"; grep -E "^[0-9]+x" $W/tf32-$timing-2.txt
done
timeout 80 $G bench --db $DB --precision tf32 --problems bench/validation/random_matrix_units_40.txt --timing stream \
  --peers cublas --repeat 5 --json $W/random40-tf32-2.json > $W/random40-tf32-2.txt 2>&1
echo "random40 tf32 rc=$?"; tail -8 $W/random40-tf32-2.txt
$G db export --db $DB > $W/tune2.json
tar -C $W -czf $OUT/results2.tgz .
