#!/bin/bash
# The problems of the validation sets whose choice changed when the dispatcher began to consider
# other splits of K of the tuned configurations (changed-*.txt, from the shipped tuning), each set
# benched twice in one session: the build with variants (gemmtune, beside cuBLAS and CLBlast),
# then the build before them (gemmtune-old, beside cuBLAS). Each set's results are packed into
# $OUT/SET.tgz as it finishes (SETS chooses the sets, BUILDS the builds, LIMIT each run's seconds).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-25_h200-split-k-variants
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db*; bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for set in ${SETS:-real random100 fp64}; do
  precision=fp32; [ $set = fp64 ] && precision=fp64
  for build in ${BUILDS:-gemmtune gemmtune-old}; do
    peers=; [ $build = gemmtune-old ] && peers="--peers cublas"
    timeout ${LIMIT:-200} bash .gpu/on-device.sh $build bench --db /tmp/shipped.db --precision $precision $peers \
      --problems $D/changed-$set.txt --json /tmp/$set-$build.json > /tmp/$set-$build.txt 2>&1
    echo "$set $build rc=$?: $(sed -n '/^summary/,$p' /tmp/$set-$build.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
  done
  tar -C /tmp -czf $OUT/$set.tgz $(cd /tmp && ls $set-gemmtune*.json $set-gemmtune*.txt)
done
