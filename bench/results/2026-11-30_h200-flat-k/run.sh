#!/bin/bash
# H200: the coverage set's four new flat problems (K of 2 to 24) tuned at fp32 and fp64 for every
# family into the shipped tuning; then the validation sets benched with and without those rows
# beside cuBLAS and CLBlast.
# Usage: run.sh tune FP32_SECONDS FP64_SECONDS   (each a session's time limit)
#        run.sh bench DB TIMING PART...           (DB new or shipped; PART 1 to 4: the quarters of
#                                                  real_applications.txt, r: random_100.txt, or a
#                                                  problem file of this folder without its .txt,
#                                                  f: random_fp64_60.txt at fp64)
# LIMIT: each part's seconds; PEERS: the peers beside gemmtune (cublas,clblast).
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-flat-k
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
W=/tmp/runs; mkdir -p $W
# The shipped tuning, as committed or, where it was carried compressed, from shipped.json.gz.
shipped=configs/tuned/nvidia-h200.json
[ -f $shipped ] || { gunzip -c $here/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
[ -f $W/shipped.db ] || { $G db import --db $W/shipped.db $shipped > /dev/null 2>&1; echo "import rc=$?"; }
# The shipped tuning and the rows this run's tune made (new-rows.json.gz, the export's rows of the
# four problems).
[ -f $W/new.db ] || [ ! -f $here/new-rows.json.gz ] || { cp $W/shipped.db $W/new.db; gunzip -c $here/new-rows.json.gz > $W/new-rows.json; $G db import --db $W/new.db $W/new-rows.json > /dev/null 2>&1; echo "import new rc=$?"; }
if [ "$1" = tune ]; then
  cp $W/shipped.db $W/new.db
  for precision in fp32 fp64; do
    seconds=$2; [ $precision = fp64 ] && seconds=$3
    timeout $((seconds + 30)) $G tune --db $W/new.db --precision $precision --problems $here/new-problems.txt \
      --budget 1000 --time-limit 20 --session-time-limit $seconds > $W/tune-$precision.log 2>&1; echo "$precision rc=$?"
  done
  grep -hE 'problem .* done|not tuned' $W/tune-*.log | cut -c1-150
  $G db export --db $W/new.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
  gzip -9kf $W/tune-fp32.log $W/tune-fp64.log; gzip -9kf $W/tuned.json
  tar -C $W -czf $OUT/tune.tgz tune-fp32.log.gz tune-fp64.log.gz tuned.json.gz
  exit
fi
db=$2 timing=$3; shift 3
for part in "$@"; do
  precision=fp32
  if [ "$part" = f ]; then
    name=$db-random60-fp64-$timing precision=fp64
    grep -v '^#' bench/validation/random_fp64_60.txt | grep -v '^$' > $W/problems-$part.txt
  elif [ "$part" = r ]; then
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
  timeout ${LIMIT:-280} $G bench --db $W/$db.db --precision $precision --peers ${PEERS:-cublas,clblast} --timing $timing \
    --problems $W/problems-$part.txt --json $W/$name.json > $W/$name.txt 2>&1
  echo "$name rc=$? in $((SECONDS - start)) s"
  sed -n '/^summary/,$p' $W/$name.txt | grep -E '^(class|[a-z-]+ )|cublas' | head -20
  gzip -9f $W/$name.json
  tar -C $W -czf $OUT/$name.tgz $name.json.gz $name.txt
done
