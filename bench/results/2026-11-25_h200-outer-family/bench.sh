#!/bin/bash
# The validation problems whose model candidates changed (changed-SET.txt), each benched in one
# session after (this build, .gpu/new-h200.json.gz) and before (the build before, gemmtune-old,
# with the shipped file), beside cuBLAS, timed as streams. Each set's results are packed into
# $OUT/SET.tgz as it finishes. Usage: bench.sh SET...; LIMIT is each run's seconds, CHANGED the
# folder of the changed-SET.txt files (default fp32-rows, the last round's).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-25_h200-outer-family
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
if [ ! -f /tmp/after.db ]; then
  gunzip -c .gpu/new-h200.json.gz > /tmp/new-h200.json
  bash .gpu/on-device.sh gemmtune db import --db /tmp/after.db /tmp/new-h200.json > /dev/null 2>&1; echo "import after rc=$?"
  bash .gpu/on-device.sh gemmtune-old db import --db /tmp/before.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import before rc=$?"
fi
for set in "$@"; do
  precision=fp32; [ $set = fp64 ] && precision=fp64
  for tuning in after before; do
    program=gemmtune; [ $tuning = before ] && program=gemmtune-old
    start=$SECONDS
    timeout ${LIMIT:-250} bash .gpu/on-device.sh $program bench --db /tmp/$tuning.db --precision $precision --peers cublas \
      --timing stream --problems ${CHANGED:-$D/fp32-rows}/changed-$set.txt --json /tmp/$set-$tuning.json > /tmp/$set-$tuning.txt 2>&1
    echo "$set $tuning rc=$? in $((SECONDS - start)) s: $(sed -n '/^summary/,$p' /tmp/$set-$tuning.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
  done
  tar -C /tmp -czf $OUT/$set.tgz $set-after.json $set-after.txt $set-before.json $set-before.txt
done
