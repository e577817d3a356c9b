#!/bin/bash
# On the H200: bench/validation/random_100.txt beside cuBLAS and CLBlast, timed as streams, the
# shipped tuning imported into an empty database, trial calls on.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
W=/tmp/results-random; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
bash .gpu/on-device.sh gemmtune db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout 560 bash .gpu/on-device.sh gemmtune bench --db $W/h200.db --problems bench/validation/random_100.txt \
  --timing stream --peers cublas,clblast --repeat 10 --json $W/random100-stream.json > $W/random100-stream.txt 2>&1
echo "bench rc=$?"; grep -A8 "^summary" $W/random100-stream.txt
tar -C $W -czf $OUT/random.tgz --exclude='*.db*' .
