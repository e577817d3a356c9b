#!/bin/bash
# H200: all 87 TN problems of real_applications.txt (real-tn-all.txt; the 31 whose candidates the
# new rows changed among them), per call beside cuBLAS and CLBlast, with the tuning as shipped at
# b3e6e8c (the new rows in it).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-tn4
W=/tmp/tn4; mkdir -p $W
here=bench/results/2026-11-29_h200-skinny-tn-probe
$G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout 330 $G bench --db $W/shipped.db --precision fp32 --peers cublas,clblast --timing per-call \
  --problems $here/real-tn-all.txt --json $W/real-tn-all.json > $W/real-tn-all.txt 2>&1
echo "rc=$?"; sed -n '/^summary/,$p' $W/real-tn-all.txt | head -16
gzip -9f $W/real-tn-all.json; cp $W/real-tn-all.json.gz $W/real-tn-all.txt $OUT/
