#!/bin/bash
# The problems of the validation sets whose choice the 10 skinny problems tuned in run4 change
# (76 of real_applications.txt, 16 of random_100.txt, 12 of random_fp64_60.txt at fp64): with
# run4's tuning (the shipped file and those problems) beside cuBLAS and CLBlast, then with the
# shipped file alone beside cuBLAS. The problem files, .gpu/changed-*.txt as it ran, are in run5-problems/.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz .gpu/new-h200.json.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results5; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/new5.db /tmp/old5.db
$G db import --db /tmp/new5.db .gpu/new-h200.json > /dev/null 2>&1; echo "import new rc=$?"
$G db import --db /tmp/old5.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import old rc=$?"
for set in "real fp32" "random100 fp32" "random60 fp64"; do set -- $set
  timeout 200 $G bench --db /tmp/new5.db --precision $2 --problems .gpu/changed-$1.txt --json $W/changed-$1-new.json > $W/changed-$1-new.txt 2>&1; echo "$1 new rc=$?"
  timeout 100 $G bench --db /tmp/old5.db --peers cublas --precision $2 --problems .gpu/changed-$1.txt --json $W/changed-$1-old.json > $W/changed-$1-old.txt 2>&1; echo "$1 old rc=$?"
  for v in new old; do echo "$1 $v: $(sed -n '/^summary/,$p' $W/changed-$1-$v.txt | grep -A1 '^all' | tail -1)"; done
done
tar -C $W -czf $OUT/results.tgz .
