#!/bin/bash
# H200: validation sets benched whole per call from the shipped tuning, beside cuBLAS and CLBlast,
# with the build of this commit.
# Usage: run.sh SET...   (SET: a file of bench/validation/ without .txt, or SET:FIRST-LAST for those
#                         lines of its problems; LIMIT: each part's seconds, 280; PRECISION: fp32;
#                         PEERS: cublas,clblast)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-12-01_h200-validation
source bench/results/gpu_session.sh
shipped_db $here
for part in "$@"; do
  set_name=${part%%:*} name=${part//:/-}${PRECISION:+-$PRECISION}
  grep -v '^#' bench/validation/$set_name.txt | grep -v '^$' > $W/problems-$name.txt
  if [[ $part == *:* ]]; then
    range=${part#*:}
    sed -n "${range%-*},${range#*-}p" $W/problems-$name.txt > $W/part.txt && mv $W/part.txt $W/problems-$name.txt
  fi
  PEERS=${PEERS:-cublas,clblast} bench $W/shipped.db ${PRECISION:-fp32} $W/problems-$name.txt $name
  tar -C $W -czf $OUT/$name.tgz $name.json.gz $name.txt
done
