#!/bin/bash
# H200, the build of e902d6f, the shipped tuning imported: the 11 benchmark shapes (gemmtune
# bench's default sizes) in FP32 beside cuBLAS and CLBlast, per call.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-shapes
W=/tmp/shapes; rm -rf $W; mkdir -p $W
$G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout ${LIMIT:-170} $G bench --db $W/shipped.db --precision fp32 --peers cublas,clblast --json $W/shapes.json > $W/shapes.txt 2>&1
echo "bench rc=$?"; grep -E "^[0-9]+x" $W/shapes.txt; sed -n '/^summary/,$p' $W/shapes.txt | grep -A1 "^all"
tar -C $W -czf $OUT/shapes.tgz shapes.json shapes.txt
