#!/bin/bash
# H200: the validation sets benched per call from the shipped tuning beside cuBLAS and CLBlast,
# with the build of this commit, a session after the last whole measurement.
# Usage: run.sh PART...   (PART 1 to 4: the quarters of real_applications.txt, r: random_100.txt,
#                          tiny: below)
# LIMIT: each part's seconds (280).
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-validation-again
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
W=/tmp/runs; mkdir -p $W
# The shipped tuning, as committed or, where it was carried compressed, from shipped.json.gz.
shipped=configs/tuned/nvidia-h200.json
[ -f $shipped ] || { gunzip -c $here/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
[ -f $W/shipped.db ] || { $G db import --db $W/shipped.db $shipped > /dev/null 2>&1; echo "import rc=$?"; }
for part in "$@"; do
  [ "$part" = tiny ] && continue
  if [ "$part" = r ]; then
    name=random100
    grep -v '^#' bench/validation/random_100.txt | grep -v '^$' > $W/problems-$part.txt
  else
    name=real$part
    grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 92 + 1 )),$(( part * 92 ))p > $W/problems-$part.txt
  fi
  start=$SECONDS
  timeout ${LIMIT:-280} $G bench --db $W/shipped.db --peers cublas,clblast --timing per-call \
    --problems $W/problems-$part.txt --json $W/$name.json > $W/$name.txt 2>&1
  echo "$name rc=$? in $((SECONDS - start)) s"
  sed -n '/^summary/,$p' $W/$name.txt | grep -E '^(class|[a-z-]+ )|cublas' | head -20
  gzip -9f $W/$name.json
  tar -C $W -czf $OUT/$name.tgz $name.json.gz $name.txt
done
# tiny: the random set's worst problem of the first run, 8x1x3 TT, benched alone three times
# (run.sh tiny).
if [[ " $* " == *" tiny "* ]]; then
  echo "8 1 3 TT" > $W/tiny.txt
  for i in 1 2 3; do
    $G bench --db $W/shipped.db --peers cublas,clblast --timing per-call --problems $W/tiny.txt --json $W/tiny-$i.json \
      > $W/tiny-$i.txt 2>&1
    echo "tiny-$i rc=$? $(grep -E '^8x1x3' $W/tiny-$i.txt | tr -s ' ') $(grep -o '"seconds":[^,]*' $W/tiny-$i.json | tr '\n' ' ')"
  done
  tar -C $W -czf $OUT/tiny.tgz tiny-1.json tiny-1.txt tiny-2.json tiny-2.txt tiny-3.json tiny-3.txt
fi
