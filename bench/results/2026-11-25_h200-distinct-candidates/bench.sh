#!/bin/bash
# The validation problems whose model candidates changed when a configuration became one whatever
# key it was recorded under (changed-SET.txt), benched in one session with the build after
# (gemmtune) and before (gemmtune-old, c3ba215), each beside cuBLAS, timed as streams, the shipped
# tuning imported. Each set's results are packed into $OUT/SET.tgz as it finishes.
# Usage: bench.sh SET...; LIMIT is each run's seconds.
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-25_h200-distinct-candidates
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
[ -f /tmp/shipped.db ] || { bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
for set in "$@"; do
  precision=fp32; [ $set = fp64 ] && precision=fp64
  for build in gemmtune gemmtune-old; do
    start=$SECONDS
    timeout ${LIMIT:-150} bash .gpu/on-device.sh $build bench --db /tmp/shipped.db --precision $precision --peers cublas \
      --timing stream --problems $D/changed-$set.txt --json /tmp/$set-$build.json > /tmp/$set-$build.txt 2>&1
    echo "$set $build rc=$? in $((SECONDS - start)) s: $(sed -n '/^summary/,$p' /tmp/$set-$build.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
  done
  tar -C /tmp -czf $OUT/$set.tgz $set-gemmtune.json $set-gemmtune.txt $set-gemmtune-old.json $set-gemmtune-old.txt
done
