#!/bin/bash
# H200: xgemm_skinny configurations for 3072x16x1024 TN, each work-item holding all 16 columns (no
# lanes along N re-reading A), through `gemmtune run --config` (per call, median of 50), beside the
# dispatcher's choice from the shipped tuning; and the dispatcher's own per-call cost in this build.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-probe
W=/tmp/probe; mkdir -p $W
$G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
bash .gpu/on-device.sh dispatch_first_call 1024 2>&1 | tail -1
bash .gpu/on-device.sh dispatch_first_call 1024 2>&1 | tail -1
for shape in 3072x16x1024 2048x64x2048 1760x16x1760; do
  echo "== $shape TN, the dispatcher's choice"
  $G run --db $W/shipped.db --size $shape --trans TN --repeat 50 2>&1 | grep -E "^(config|time)"
done
probe() {  # SHAPE CONFIG
  echo "-- $1 $2"
  $G run --db $W/shipped.db --size $1 --trans TN --repeat 50 --family xgemm_skinny --config $2 --check 2>&1 | grep -E "^(time|check)|error"
}
base="ORDER=1,VWA=4,VWB=4"
for shape in 3072x16x1024 1760x16x1760; do
  for c in WPTM=4,WPTN=16,LM=16,LN=1,LK=8,KWI=2,KSPLIT=1 WPTM=4,WPTN=16,LM=16,LN=1,LK=8,KWI=2,KSPLIT=4 \
           WPTM=4,WPTN=16,LM=16,LN=1,LK=8,KWI=2,KSPLIT=8 WPTM=4,WPTN=16,LM=8,LN=1,LK=8,KWI=2,KSPLIT=4 \
           WPTM=2,WPTN=16,LM=16,LN=1,LK=8,KWI=4,KSPLIT=4 WPTM=2,WPTN=16,LM=16,LN=1,LK=8,KWI=4,KSPLIT=1 \
           WPTM=4,WPTN=8,LM=16,LN=2,LK=4,KWI=4,KSPLIT=4 WPTM=1,WPTN=16,LM=16,LN=1,LK=8,KWI=4,KSPLIT=1 \
           WPTM=4,WPTN=16,LM=16,LN=1,LK=4,KWI=2,KSPLIT=8 WPTM=4,WPTN=16,LM=16,LN=1,LK=2,KWI=2,KSPLIT=16; do
    probe $shape $c,$base
  done
done
