#!/bin/bash
# One third (PART 1, 2 or 3: 122 problems each) of real_applications.txt at fp32 with the shipped
# H200 tuning, as run2: gemmtune beside cuBLAS and CLBlast, then the build before (e823405,
# gemmtune-base) beside cuBLAS. Usage: run3.sh PART
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
part=$1; first=$(( (part - 1) * 122 + 1 )); last=$(( part * 122 ))
W=/tmp/results3-$part; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=/tmp/user3.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user3.db; bash .gpu/on-device.sh gemmtune db import --db /tmp/user3.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n ${first},${last}p > /tmp/real-part.txt
timeout 330 bash .gpu/on-device.sh gemmtune bench --problems /tmp/real-part.txt --json $W/real$part-fp32-after.json > $W/real$part-fp32-after.txt 2>&1; echo "real $part after rc=$?"
timeout 200 bash .gpu/on-device.sh gemmtune-base bench --peers cublas --problems /tmp/real-part.txt --json $W/real$part-fp32-before.json > $W/real$part-fp32-before.txt 2>&1; echo "real $part before rc=$?"
for v in after before; do echo "real $part $v: $(sed -n '/^summary/,$p' $W/real$part-fp32-$v.txt | grep -A1 '^all' | tail -1)"; done
tar -C $W -czf $OUT/results.tgz .
