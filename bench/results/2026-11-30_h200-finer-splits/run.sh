#!/bin/bash
# H200: the model's best candidates ranked at xgemm's finer splits of K (the build `gemmtune`)
# against the build before it (`gemmtune-base`), over the shipped tuning: every first choice of the
# fp32 validation sets that differs, per call in turns (before, with), two rounds, beside cuBLAS;
# then `random_100.txt` and `random_fp64_60.txt` whole with the new build.
# Usage: run.sh   (PEERS: the bench's peers, cublas; LIMIT: each bench's seconds, 280)
cd "$(dirname "$0")/../../.."
source bench/results/gpu_session.sh
shipped_db bench/results/2026-11-30_h200-finer-splits
export PEERS=${PEERS:-cublas} SHIPPED_PROGRAM=gemmtune-base
for set in random_100 real_applications; do changed $set fp32 $W/shipped.db $W/shipped.db; done
(cd $W && cat changed-random_100.txt changed-real_applications.txt > refined-changed.txt)
for round in 1 2; do
  PROGRAM=gemmtune-base bench $W/shipped.db fp32 $W/refined-changed.txt before-$round
  bench $W/shipped.db fp32 $W/refined-changed.txt with-$round
done
grep -v '^#' bench/validation/random_fp64_60.txt | grep -v '^$' > $W/random_fp64_60.txt
bench $W/shipped.db fp32 $W/random_100.txt whole-random_100
bench $W/shipped.db fp64 $W/random_fp64_60.txt whole-random_fp64_60
gzip -9f $W/choose-*.json
(cd $W && tar -czf $OUT/refined.tgz refined-changed.txt changed-*.txt choose-*.json.gz before-*.json.gz before-*.txt \
  with-*.json.gz with-*.txt whole-*.json.gz whole-*.txt)
