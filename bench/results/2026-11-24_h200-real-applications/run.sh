#!/bin/bash
# real_applications.txt, all 366 problems in thirds, with the shipped tuning as committed (the
# model's crowding weight included), beside cuBLAS and CLBlast. Usage: run.sh [PART...] (1 2 3);
# RANDOM100=1 also runs bench/validation/random_100.txt.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-real; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
[ -f /tmp/shipped.db ] || { $G db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
for part in ${@:-1 2 3}; do
  grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 122 + 1 )),$(( part * 122 ))p > /tmp/real-part.txt
  timeout 285 $G bench --db /tmp/shipped.db --problems /tmp/real-part.txt --json $W/real$part-fp32.json > $W/real$part-fp32.txt 2>&1; echo "real $part rc=$?"
  echo "real $part: $(sed -n '/^summary/,$p' $W/real$part-fp32.txt | grep -A1 '^all' | tail -2)"
done
if [ -n "$RANDOM100" ]; then
  timeout 250 $G bench --db /tmp/shipped.db --problems bench/validation/random_100.txt --json $W/random100-fp32.json > $W/random100-fp32.txt 2>&1; echo "random100 rc=$?"
  echo "random100: $(sed -n '/^summary/,$p' $W/random100-fp32.txt | grep -A1 '^all' | tail -2)"
fi
tar -C $W -czf $OUT/results.tgz .
