#!/bin/bash
# The 11 benchmark shapes (tuned exactly) with the shipped tuning as committed, fp32 and fp64,
# beside cuBLAS and CLBlast: the carried xgemm_skinny rows and the new fp64 ones leave them as they were.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results7; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db; $G db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp32 fp64; do
  timeout 200 $G bench --db /tmp/shipped.db --precision $p --json $W/bench11-$p.json > $W/bench11-$p.txt 2>&1; echo "bench11 $p rc=$?"
  echo "bench11 $p: $(sed -n '/^summary/,$p' $W/bench11-$p.txt | grep -A1 '^all' | tail -1)"
done
tar -C $W -czf $OUT/results.tgz .
