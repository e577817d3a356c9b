#!/bin/bash
# real_applications.txt, all 366 problems in thirds, with the shipped tuning as committed, beside
# cuBLAS and CLBlast. Usage: run6.sh [PART...] (1 2 3 by default).
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results6; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db; $G db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for part in ${@:-1 2 3}; do
  grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 122 + 1 )),$(( part * 122 ))p > /tmp/real-part.txt
  timeout 280 $G bench --db /tmp/shipped.db --problems /tmp/real-part.txt --json $W/real$part-fp32.json > $W/real$part-fp32.txt 2>&1; echo "real $part rc=$?"
  echo "real $part: $(sed -n '/^summary/,$p' $W/real$part-fp32.txt | grep -A1 '^all' | tail -1)"
done
tar -C $W -czf $OUT/results.tgz .
