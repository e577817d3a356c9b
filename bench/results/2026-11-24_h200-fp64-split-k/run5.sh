#!/bin/bash
# The validation sets with the shipped tuning as committed (run4.sh's problems added: "after") and
# with the file run3.sh measured ($1: "before"), in one run. Usage: run5.sh BEFORE.json random | real1 ...
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results5-$2; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/after.db /tmp/before.db
$G db import --db /tmp/after.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import after rc=$?"
$G db import --db /tmp/before.db "$1" > /dev/null 2>&1; echo "import before rc=$?"
bench() {  # name, then bench's own arguments
  local name=$1; shift
  for db in after before; do
    timeout 200 $G bench --db /tmp/$db.db "$@" --json $W/$name-$db.json > $W/$name-$db.txt 2>&1; echo "$name $db rc=$?"
    echo "$name $db: $(sed -n '/^summary/,$p' $W/$name-$db.txt | grep -A1 '^all' | tail -1)"
  done
}
case $2 in
  random)
    bench random100-fp32 --problems bench/validation/random_100.txt
    bench random60-fp64 --precision fp64 --problems bench/validation/random_fp64_60.txt ;;
  real*)
    grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (${2#real} - 1) * 122 + 1 )),$(( ${2#real} * 122 ))p > /tmp/real-part.txt
    bench $2-fp32 --problems /tmp/real-part.txt ;;
esac
tar -C $W -czf $OUT/results.tgz .
