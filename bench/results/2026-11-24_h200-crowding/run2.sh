#!/bin/bash
# Crowding mistrust on 80 of the 177 real-application problems whose choice it changes (drawn with
# seed 1), by the build with it ("after") and without ("before"), the shipped tuning.
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
W=$OUT; export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db; bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for b in after before; do
  bin=gemmtune; [ $b = before ] && bin=gemmtune-before
  timeout 250 bash .gpu/on-device.sh $bin bench --db /tmp/shipped.db --problems .gpu/real80.txt --json $W/real80-$b.json > $W/real80-$b.txt 2>&1; echo "real80 $b rc=$?"
  echo "real80 $b: $(sed -n '/^summary/,$p' $W/real80-$b.txt | grep -A1 '^all' | tail -1)"
done
