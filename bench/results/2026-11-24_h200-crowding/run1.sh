#!/bin/bash
# Crowding mistrust, measured: random_100.txt and the five problems slower than CLBlast, with the
# shipped tuning, by the build with it ("after", gemmtune) and the build without ("before").
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
W=/tmp/crowd; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db; bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
printf "3072 32 1024 NN\n3072 32 1024 TN\n4608 32 1536 TN\n6144 32 2048 TN\n128 768 768 NT\n" > $W/five.txt
for b in after before; do
  bin=gemmtune; [ $b = before ] && bin=gemmtune-before
  timeout 150 bash .gpu/on-device.sh $bin bench --db /tmp/shipped.db --problems bench/validation/random_100.txt --json $W/random100-$b.json > $W/random100-$b.txt 2>&1; echo "random100 $b rc=$?"
  echo "random100 $b: $(sed -n '/^summary/,$p' $W/random100-$b.txt | grep -A1 '^all' | tail -1)"
  timeout 40 bash .gpu/on-device.sh $bin bench --db /tmp/shipped.db --problems $W/five.txt --json $W/five-$b.json > $W/five-$b.txt 2>&1; echo "five $b rc=$?"
  grep -E "^(3072|4608|6144|128x)" $W/five-$b.txt
done
tar -C $W -czf $OUT/results.tgz .
