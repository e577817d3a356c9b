#!/bin/bash
# H200, this build, the shipped tuning imported: the validation sets in FP32 beside cuBLAS and
# CLBlast, per call or as streams. real_applications.txt in quarters of 92 (the last 90) so that
# each fits a command, random_100.txt whole. Usage: sets.sh TIMING PART... (TIMING per-call or
# stream; PART 1 to 4 for the real set's quarters, r for random_100.txt); each part's results are
# packed into $OUT as it ends. LIMIT: each part's seconds.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-sets
W=/tmp/sets; mkdir -p $W
[ -f $W/shipped.db ] || { $G db import --db $W/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
timing=$1; shift
for part in "$@"; do
  if [ "$part" = r ]; then
    name=random100-$timing
    grep -v '^#' bench/validation/random_100.txt | grep -v '^$' > $W/problems-$part.txt
  else
    name=real$part-$timing
    grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 92 + 1 )),$(( part * 92 ))p > $W/problems-$part.txt
  fi
  start=$SECONDS
  timeout ${LIMIT:-280} $G bench --db $W/shipped.db --precision fp32 --peers cublas,clblast --timing $timing \
    --problems $W/problems-$part.txt --json $W/$name.json > $W/$name.txt 2>&1
  echo "$name rc=$? in $((SECONDS - start)) s"
  sed -n '/^summary/,$p' $W/$name.txt | grep -E '^(class|[a-z-]+ )|cublas' | head -20
  gzip -9f $W/$name.json
  tar -C $W -czf $OUT/$name.tgz $name.json.gz $name.txt
done
