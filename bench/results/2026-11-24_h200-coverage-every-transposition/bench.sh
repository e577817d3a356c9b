#!/bin/bash
# The validation sets with the tuning as committed beside it (configs/tuned/nvidia-h200.json),
# beside cuBLAS and CLBlast. Usage: bench.sh SET... where SET is real1, real2, real3 (thirds of
# real_applications.txt, 122 problems each), random100 (random_100.txt) or fp64 (random_fp64_60.txt
# in double).
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-bench; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db*; $G db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for set in "$@"; do
  precision=fp32 limit=285
  case $set in
    real[123]) part=${set#real}
      grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 122 + 1 )),$(( part * 122 ))p > $W/problems-$set.txt ;;
    random100) cp bench/validation/random_100.txt $W/problems-$set.txt; limit=250 ;;
    fp64) cp bench/validation/random_fp64_60.txt $W/problems-$set.txt; precision=fp64; limit=250 ;;
  esac
  timeout $limit $G bench --db /tmp/shipped.db --precision $precision --problems $W/problems-$set.txt --json $W/$set.json > $W/$set.txt 2>&1; echo "$set rc=$?"
  echo "$set: $(sed -n '/^summary/,$p' $W/$set.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
done
rm -f $W/problems-*.txt
tar -C $W -czf $OUT/results.tgz .
