#!/bin/bash
# As committed (8fd58d5: the model's residency gains, split K's further kernel and passes over C,
# and the shipped file with the coverage set's 10 new skinny problems): the validation sets with
# the shipped H200 tuning, beside cuBLAS and CLBlast. Usage: run6.sh random | real2 | real3 ...
# (random: random_100.txt, random_fp64_60.txt at fp64 and the first third of
# real_applications.txt; realN: its Nth third.)
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results6-$1; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user6.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user6.db; $G db import --db /tmp/user6.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
real() {
  grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( ($1 - 1) * 122 + 1 )),$(( $1 * 122 ))p > /tmp/real-part.txt
  timeout 300 $G bench --problems /tmp/real-part.txt --json $W/real$1-fp32.json > $W/real$1-fp32.txt 2>&1; echo "real $1 rc=$?"
  echo "real $1: $(sed -n '/^summary/,$p' $W/real$1-fp32.txt | grep -A1 '^all' | tail -1)"
}
case $1 in
  random)
    timeout 150 $G bench --problems bench/validation/random_100.txt --json $W/random100-fp32.json > $W/random100-fp32.txt 2>&1; echo "random100 rc=$?"
    timeout 120 $G bench --precision fp64 --problems bench/validation/random_fp64_60.txt --json $W/random60-fp64.json > $W/random60-fp64.txt 2>&1; echo "random60 rc=$?"
    for s in random100-fp32 random60-fp64; do echo "$s: $(sed -n '/^summary/,$p' $W/$s.txt | grep -A1 '^all' | tail -1)"; done
    real 1 ;;
  *) for part in "$@"; do real ${part#real}; done ;;
esac
tar -C $W -czf $OUT/results.tgz .
