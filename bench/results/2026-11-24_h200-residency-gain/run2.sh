#!/bin/bash
# As run1, with each family's own residency gain and split K's scaling of C priced as a further
# kernel (gemmtune) beside cuBLAS and CLBlast, then the build before both (e823405, gemmtune-base)
# beside cuBLAS.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
W=/tmp/results2; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user2.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user2.db; bash .gpu/on-device.sh gemmtune db import --db /tmp/user2.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
bash .gpu/on-device.sh gemmtune db model --precision fp32 > $W/db-model.txt 2>&1
bash .gpu/on-device.sh gemmtune db model --precision fp64 >> $W/db-model.txt 2>&1
for set in "random100 fp32 random_100.txt" "random60 fp64 random_fp64_60.txt"; do set -- $set
  timeout 150 bash .gpu/on-device.sh gemmtune bench --precision $2 --problems bench/validation/$3 --json $W/$1-$2-after.json > $W/$1-$2-after.txt 2>&1; echo "$1 after rc=$?"
  timeout 100 bash .gpu/on-device.sh gemmtune-base bench --peers cublas --precision $2 --problems bench/validation/$3 --json $W/$1-$2-before.json > $W/$1-$2-before.txt 2>&1; echo "$1 before rc=$?"
  for v in after before; do echo "$1 $v: $(sed -n '/^summary/,$p' $W/$1-$2-$v.txt | grep -A1 '^all' | tail -1)"; done
done
cat $W/db-model.txt
tar -C $W -czf $OUT/results.tgz .
