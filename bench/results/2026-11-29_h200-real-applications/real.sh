#!/bin/bash
# H200, this build, the shipped tuning imported: all 366 problems of real_applications.txt in FP32
# beside cuBLAS and CLBlast, per call and as streams, in quarters of 92 (the last 90) so that each
# fits a command. Usage: real.sh TIMING PART... (TIMING per-call or stream, PART 1 to 4); each
# part's results are packed into $OUT as it ends. LIMIT: each part's seconds.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-real
W=/tmp/real; mkdir -p $W
[ -f $W/shipped.db ] || { $G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
timing=$1; shift
for part in "$@"; do
  name=real$part-$timing
  grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 92 + 1 )),$(( part * 92 ))p > $W/problems-$part.txt
  start=$SECONDS
  timeout ${LIMIT:-280} $G bench --db $W/shipped.db --precision fp32 --peers cublas,clblast --timing $timing \
    --problems $W/problems-$part.txt --json $W/$name.json > $W/$name.txt 2>&1
  echo "$name rc=$? in $((SECONDS - start)) s"
  sed -n '/^summary/,$p' $W/$name.txt | grep -E '^(class|[a-z-]+ )|cublas' | head -20
  gzip -9f $W/$name.json
  tar -C $W -czf $OUT/$name.tgz $name.json.gz $name.txt
done
