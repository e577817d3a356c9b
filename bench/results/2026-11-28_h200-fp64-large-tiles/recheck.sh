#!/bin/bash
# On the H200: the six fp64 measurements of one timed run that took 0.14 to 1.4 s (three in the
# shipped tuning of 2026-11-24, three of run.sh's), each configuration timed again at its problem
# with `gemmtune run` (20 calls); then `gemmtune bench --precision 64` over the 11 shapes and
# random_fp64_60.txt (as streams) with the shipped tuning and with it less those rows and plus
# run.sh's rows, in one session.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
W=/tmp/results-recheck; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
G="bash .gpu/on-device.sh gemmtune"
S=bench/results/2026-11-28_h200-fp64-large-tiles
while read -r size trans config; do
  out=$W/run-$size-$trans-$(echo $config | md5sum | cut -c1-6).json
  $G run --family xgemm_mma64 --precision 64 --size $size --trans $trans --config $config --repeat 20 --json > $out 2>&1
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(sys.argv[2], r['seconds'], r['gflops'])" $out "$size $trans $config" ||
    tail -1 $out
done <<'LIST'
512x512x512 TN BK=16,COPY=1,GROUP_M=8,KSPLIT=4,MMA_K=16,MMA_M=16,PACK=1,STAGES=5,VWA=2,VWB=1,WARPS_M=2,WARPS_N=4,WTM=16,WTN=16
8192x64x8192 NN BK=16,COPY=1,GROUP_M=8,KSPLIT=2,MMA_K=8,MMA_M=16,PACK=1,STAGES=6,VWA=2,VWB=2,WARPS_M=1,WARPS_N=4,WTM=16,WTN=64
64x4353x2048 TT BK=16,COPY=1,GROUP_M=8,KSPLIT=2,MMA_K=8,MMA_M=16,PACK=1,STAGES=4,VWA=1,VWB=2,WARPS_M=2,WARPS_N=2,WTM=32,WTN=32
4096x4096x4096 NN BK=16,COPY=1,KSPLIT=2,MMA_K=8,MMA_M=16,PACK=1,STAGES=5,WARPS_M=2,WARPS_N=4,WTM=32,WTN=64
4096x4096x4096 NN BK=16,COPY=1,KSPLIT=2,MMA_K=8,MMA_M=16,PACK=1,STAGES=3,WARPS_M=1,WARPS_N=4,WTM=64,WTN=32
4096x4096x4096 NN BK=16,COPY=1,KSPLIT=2,MMA_K=8,MMA_M=16,PACK=1,STAGES=3,WARPS_M=4,WARPS_N=2,WTM=32,WTN=64
LIST
$G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
python3 - $S/tuned-rows.json.gz <<'PY'
import gzip, json, sys
rows = json.load(open("configs/tuned/nvidia-h200.json")) + json.load(gzip.open(sys.argv[1]))
keep = [r for r in rows if not (r["kernel"] == "xgemm_mma64" and r["status"] == "ok" and r["runs"] == 1
                                and r["median_seconds"] > 0.1 and r["m"] * r["n"] * r["k"] <= 2**36)]
print(len(rows) - len(keep), "rows left out")
json.dump(keep, open("/tmp/next.json", "w"))
PY
$G db import --db $W/next.db /tmp/next.json > /dev/null 2>&1; echo "import rc=$?"
for db in shipped next; do
  $G bench --db $W/$db.db --precision 64 --peers cublas,clblast --json $W/bench11-$db.json 2>&1 | tail -3
done
for db in next shipped; do
  timeout 150 $G bench --db $W/$db.db --precision 64 --peers cublas --timing stream \
    --problems bench/validation/random_fp64_60.txt --json $W/fp64-60-$db.json 2>&1 | tail -2
done
tar -C $W -czf $OUT/recheck.tgz --exclude='*.db*' .
