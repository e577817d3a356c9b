#!/bin/bash
# The validation sets benched with both timings in one session: gemmtune beside cuBLAS (strict FP32
# cublasSgemm, cublasDgemm at fp64) and CLBlast, the shipped tuning imported, trial calls on.
# Usage: bench.sh SET...  (SET: random100, fp64, real, shapes); each SET's results are packed into
# $OUT/SET.tgz as it finishes; TIMINGS (default "stream per-call") and LIMIT (seconds a run) apply.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/*.gz 2>/dev/null
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
[ -f /tmp/shipped.db ] || { bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
for set in "$@"; do
  precision=fp32 problems="--problems bench/validation/random_100.txt"
  [ $set = fp64 ] && precision=fp64 problems="--problems bench/validation/random_fp64_60.txt"
  [ $set = real ] && problems="--problems bench/validation/real_applications.txt"
  [ $set = real-rest ] && problems="--problems bench/results/2026-11-25_h200-call-floor-queues/real-rest.txt"
  [ $set = shapes ] && problems=
  files=
  for timing in ${TIMINGS:-stream per-call}; do
    start=$SECONDS
    timeout ${LIMIT:-300} bash .gpu/on-device.sh gemmtune bench --db /tmp/shipped.db --precision $precision \
      $problems --timing $timing --json /tmp/$set-$timing.json > /tmp/$set-$timing.txt 2>&1
    echo "$set $timing rc=$? in $((SECONDS - start)) s: $(sed -n '/^summary/,$p' /tmp/$set-$timing.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
    files="$files $set-$timing.json $set-$timing.txt"
  done
  tar -C /tmp -czf $OUT/$set.tgz $files
done
