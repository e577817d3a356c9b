#!/bin/bash
# The validation sets in full with the build that considers other splits of K (gemmtune, beside
# cuBLAS and CLBlast), the shipped tuning imported. Usage: bench-full.sh SET... where SET is real1,
# real2, real3 (thirds of real_applications.txt, 122 problems each), random100 or fp64
# (random_fp64_60.txt in double). Each set's results are packed into $OUT/full-SET.tgz as it ends.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db*; bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
W=/tmp/full; mkdir -p $W
for set in "$@"; do
  precision=fp32 limit=285
  case $set in
    real[123]) part=${set#real}
      grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 122 + 1 )),$(( part * 122 ))p > $W/problems-$set.txt ;;
    random100) cp bench/validation/random_100.txt $W/problems-$set.txt; limit=250 ;;
    fp64) cp bench/validation/random_fp64_60.txt $W/problems-$set.txt; precision=fp64; limit=250 ;;
  esac
  timeout $limit bash .gpu/on-device.sh gemmtune bench --db /tmp/shipped.db --precision $precision \
    --problems $W/problems-$set.txt --json $W/$set.json > $W/$set.txt 2>&1; echo "$set rc=$?"
  echo "$set: $(sed -n '/^summary/,$p' $W/$set.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
  tar -C $W -czf $OUT/full-$set.tgz $set.json $set.txt
done
