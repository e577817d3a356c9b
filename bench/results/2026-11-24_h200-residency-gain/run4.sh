#!/bin/bash
# The problems whose choice the streaming bound (a split K's passes over C) changed, with the
# shipped tuning, beside cuBLAS and CLBlast; then the 10 skinny problems the coverage set gained
# (few rows under NT and TT, few columns under NN and TN) tuned at fp32 and fp64 into the shipped
# tuning, and random_100.txt with the result.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results4; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user4.db; $G db import --db /tmp/user4.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
printf "7680 2 2560 NN\n8448 2 2816 NN\n64 401408 147 NN\n64 100352 256 NN\n147 401408 64 TN\n64 100352 256 TN\n" > $W/changed-fp32.txt
timeout 60 $G bench --db /tmp/user4.db --problems $W/changed-fp32.txt --json $W/changed-fp32.json > $W/changed-fp32.txt.out 2>&1; echo "changed fp32 rc=$?"
timeout 30 $G bench --db /tmp/user4.db --precision fp64 --sizes 1187x11x33158 --json $W/changed-fp64.json > $W/changed-fp64.txt.out 2>&1; echo "changed fp64 rc=$?"
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
$G tune --coverage --list | grep -E '^(2024 8 4096 NN|8 4129 2048 NT|2048 16 4096 TN|16 4161 2048 TT|2105 35 4096 NN|35 4237 2048 NT|2192 64 4096 TN|64 4353 2048 TT|2384 128 4096 NN|128 4609 2048 NT)' > $W/new-skinny.txt
wc -l < $W/new-skinny.txt
timeout 200 $G tune --problems $W/new-skinny.txt --session-time-limit 180 > $W/tune-fp32.log 2>&1; echo "tune fp32 rc=$?"
timeout 120 $G tune --precision fp64 --problems $W/new-skinny.txt --session-time-limit 100 > $W/tune-fp64.log 2>&1; echo "tune fp64 rc=$?"
grep -hE 'problem .* done' $W/tune-fp32.log $W/tune-fp64.log | cut -c1-100
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
timeout 140 $G bench --problems bench/validation/random_100.txt --json $W/random100-fp32-tuned.json > $W/random100-fp32-tuned.txt 2>&1; echo "bench random rc=$?"
echo "random100 tuned: $(sed -n '/^summary/,$p' $W/random100-fp32-tuned.txt | grep -A1 '^all' | tail -1)"
grep -E "^ *(7680x2|8448x2|64x401408|64x100352|147x401408|1187x11)" $W/changed-*.out | cut -c1-150
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
