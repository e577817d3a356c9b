#!/bin/bash
# H200: real_applications.txt whole with the shipped tuning, per call beside PEERS, in
# two halves (alternate lines), each a device command of its own.
# Usage: run.sh HALF...   (HALF 1 or 2; LIMIT: the bench's seconds, 280; PEERS: its peers,
#                          cublas,clblast; HERE: the folder of shipped.json.gz, this one)
cd "$(dirname "$0")/../../.."
here=${HERE:-bench/results/2026-11-30_h200-real-applications-whole}  # where shipped.json.gz may lie
source bench/results/gpu_session.sh
shipped_db $here
for half in "$@"; do
  grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | awk -v h=$half 'NR % 2 == h % 2' > $W/half-$half.txt
  echo "half $half: $(wc -l < $W/half-$half.txt) problems"
  bench $W/shipped.db fp32 $W/half-$half.txt real-$half
  (cd $W && tar -czf $OUT/real-$half.tgz real-$half.json.gz real-$half.txt)
done
