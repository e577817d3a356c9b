#!/bin/bash
# H200: xgemm_outer tuned at fp32 on the coverage set's TN and TT problems with a narrow C, and the
# coverage set's new problems tuned for every family, both into the shipped tuning; then the
# validation sets benched with that tuning beside cuBLAS and CLBlast.
# Usage: run.sh tune OUTER_SECONDS NEW_SECONDS   (each a session's time limit)
#        run.sh bench DB TIMING PART...           (DB new or shipped; PART 1 to 4: the quarters of
#                                                  real_applications.txt, r: random_100.txt, or a
#                                                  problem file of this folder without its .txt)
# LIMIT: each part's seconds; PEERS: the peers beside gemmtune (cublas,clblast).
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-outer-and-coverage
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
W=/tmp/runs; mkdir -p $W
# The shipped tuning, as committed or, where it was carried compressed, from shipped.json.gz.
shipped=configs/tuned/nvidia-h200.json
[ -f $shipped ] || { gunzip -c $here/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
[ -f $W/shipped.db ] || { $G db import --db $W/shipped.db $shipped > /dev/null 2>&1; echo "import rc=$?"; }
# The tuning this run made (tune below), as exported.
[ -f $W/new.db ] || [ ! -f $here/tuned.json.gz ] || { gunzip -c $here/tuned.json.gz > $W/tuned.json; $G db import --db $W/new.db $W/tuned.json > /dev/null 2>&1; echo "import new rc=$?"; }
if [ "$1" = tune ]; then
  cp $W/shipped.db $W/new.db
  timeout $(($2 + 30)) $G tune --db $W/new.db --family xgemm_outer --problems $here/outer-problems.txt \
    --budget 1000 --time-limit 10 --session-time-limit $2 > $W/tune-outer.log 2>&1; echo "outer rc=$?"
  timeout $(($3 + 30)) $G tune --db $W/new.db --problems $here/new-problems.txt \
    --budget 1000 --time-limit 12 --session-time-limit $3 > $W/tune-new.log 2>&1; echo "new rc=$?"
  grep -hE 'problem .* done|not tuned' $W/tune-*.log | cut -c1-150
  $G db export --db $W/new.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
  gzip -9kf $W/tune-outer.log $W/tune-new.log; gzip -9f $W/tuned.json
  tar -C $W -czf $OUT/tune.tgz tune-outer.log.gz tune-new.log.gz tuned.json.gz
  exit
fi
db=$2 timing=$3; shift 3
for part in "$@"; do
  if [ "$part" = r ]; then
    name=$db-random100-$timing
    grep -v '^#' bench/validation/random_100.txt | grep -v '^$' > $W/problems-$part.txt
  elif [ -f $here/$part.txt ]; then
    name=$db-$part-$timing
    grep -v '^#' $here/$part.txt | grep -v '^$' > $W/problems-$part.txt
  else
    name=$db-real$part-$timing
    grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 92 + 1 )),$(( part * 92 ))p > $W/problems-$part.txt
  fi
  start=$SECONDS
  timeout ${LIMIT:-280} $G bench --db $W/$db.db --precision fp32 --peers ${PEERS:-cublas,clblast} --timing $timing \
    --problems $W/problems-$part.txt --json $W/$name.json > $W/$name.txt 2>&1
  echo "$name rc=$? in $((SECONDS - start)) s"
  sed -n '/^summary/,$p' $W/$name.txt | grep -E '^(class|[a-z-]+ )|cublas' | head -20
  gzip -9f $W/$name.json
  tar -C $W -czf $OUT/$name.tgz $name.json.gz $name.txt
done
