#!/bin/bash
# H200: tunes xgemm_wgmma's tensor copies (COPY=2) over the tile shapes, stages and roles of the
# shipped winners (w-tensor-copies-narrow.json) at the squares of 1024 to 8192, the shipped tuning
# imported first, at fp16, bf16 and tf32; then the squares beside cuBLAS at each precision, per call
# and as streams, on that database; everything comes back in one archive (run6-results.tgz).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-28_h200-wgmma-clusters
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
W=/tmp/results; rm -rf $W; mkdir -p $W
DB=/tmp/tune.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
for t in NN NT TN TT; do  # 3xtf32 through tensor copies, which run4.sh did not check
  echo "3xtf32 $t: $($G run --family xgemm_wgmma --precision 3xtf32 --config BK=32,BN=128,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,COPY=2 --size 1000x777x333 --trans $t --check --repeat 2 2>&1 | tail -1)" | tee -a $W/checks.txt
done
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
for p in fp16 bf16 tf32; do
  $G tune --db $DB --family xgemm_wgmma --space $D/w-tensor-copies-narrow.json --precision $p \
    --sizes $sizes --budget 16 --session-time-limit 100 2>&1 | grep -E "done in|error" | tee -a $W/tune-output.txt
done
for p in fp16 bf16 tf32 3xtf32; do
  for timing in per-call stream; do
    timeout 100 $G bench --db $DB --precision $p --sizes $sizes --timing $timing --peers cublas --repeat 10 \
      --json $W/$p-$timing.json > $W/$p-$timing.txt 2>&1
    echo "$p $timing rc=$?"; grep -E "^[0-9]+x" $W/$p-$timing.txt
  done
done
$G db export --db $DB > $W/tune.json
tar -C $W -czf $OUT/run6-results.tgz .
