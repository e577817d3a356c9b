#!/bin/bash
# PoCL's 2-core CPU device: the validation sets benched beside OpenBLAS and CLBlast from the
# coverage tuning of this folder (`with-small`) and from the same database without the rows of the
# coverage set's small problems (`without-small`), in turns.
# Usage: run.sh DB_DIR ROUNDS   (DB_DIR holds coverage.db, `gemmtune tune --coverage --largest-cube 2048`)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_pocl-small-coverage
dbs=$1 rounds=${2:-1}
export OPENBLAS_THREAD_TIMEOUT=4
cp $dbs/coverage.db $dbs/with-small.db
cp $dbs/coverage.db $dbs/without-small.db
# The small problems: small-problems.txt.
sqlite3 $dbs/without-small.db "DELETE FROM evaluations WHERE problem_id IN (SELECT id FROM problems WHERE
  (m, n, k, trans) IN (VALUES $(sed -n 's/^\([0-9]*\) \([0-9]*\) \([0-9]*\) \([NT][NT]\).*/(\1, \2, \3, '"'"'\4'"'"'),/p' \
  $here/small-problems.txt | tr -d '\n' | sed 's/,$//')));"
echo "rows: with $(sqlite3 $dbs/with-small.db 'SELECT count(*) FROM evaluations') without $(sqlite3 $dbs/without-small.db 'SELECT count(*) FROM evaluations')"
for round in $(seq $rounds); do
  for set in cpu_random_30 cpu_random_30_seed2; do
    for db in without-small with-small; do
      name=$db-$set-$round
      build/gemmtune bench --db $dbs/$db.db --peers openblas,clblast --problems bench/validation/$set.txt \
        --json $here/$name.json --force > $here/$name.txt 2>&1
      echo "$name rc=$? $(grep -E '^all' -A2 $here/$name.txt | grep openblas | tr -s ' ')"
    done
  done
done
