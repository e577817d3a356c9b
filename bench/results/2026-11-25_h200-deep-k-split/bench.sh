#!/bin/bash
# Validation problems benched in one session with the build after (gemmtune beside cuBLAS and
# CLBlast) and the build before (gemmtune-old, beside cuBLAS), the shipped tuning imported, trial
# calls on: random100 and fp64 are random_100.txt and random_fp64_60.txt whole, real the problems
# of real_applications.txt whose model candidates changed (changed-real.txt; first/ has the first
# version's runs, of changed-SET.txt each). Each set's results are packed into $OUT/SET.tgz as it
# finishes. Usage: bench.sh SET...; LIMIT is each run's seconds.
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-25_h200-deep-k-split
gunzip -f .gpu/lib/*.gz 2>/dev/null
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
[ -f /tmp/shipped.db ] || { bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
for set in "$@"; do
  precision=fp32 problems=$D/changed-$set.txt
  [ $set = random100 ] && problems=bench/validation/random_100.txt
  [ $set = fp64 ] && precision=fp64 problems=bench/validation/random_fp64_60.txt
  for build in gemmtune gemmtune-old; do
    peers=; [ $build = gemmtune-old ] && peers="--peers cublas"
    start=$SECONDS
    timeout ${LIMIT:-300} bash .gpu/on-device.sh $build bench --db /tmp/shipped.db --precision $precision $peers \
      --problems $problems --json /tmp/$set-$build.json > /tmp/$set-$build.txt 2>&1
    echo "$set $build rc=$? in $((SECONDS - start)) s: $(sed -n '/^summary/,$p' /tmp/$set-$build.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
  done
  tar -C /tmp -czf $OUT/$set.tgz $set-gemmtune.json $set-gemmtune.txt $set-gemmtune-old.json $set-gemmtune-old.txt
done
