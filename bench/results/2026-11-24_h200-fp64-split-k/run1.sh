#!/bin/bash
# xgemm_skinny's split K in double precision (atomic FP64 additions): correctness of a split
# configuration in every transposition and layout at odd sizes, random_fp64_60.txt with the shipped
# tuning (which holds no such configuration), then the coverage set's GEMV-like and deep-K problems
# tuned again at fp64 for xgemm_skinny into a copy of the shipped tuning.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results1; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/shipped.db; $G db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
SPLIT=WPTM=2,WPTN=3,LM=1,LN=2,LK=64,KWI=2,VWA=2,VWB=2,KSPLIT=16
for layout in row col; do
  for t in NN NT TN TT; do
    for s in 1x176x43819 77x3x20001 333x5x9999 2x1x7; do
      timeout 30 $G run --db /tmp/shipped.db --precision fp64 --size $s --trans $t --layout $layout --alpha 1.5 --beta 0.5 \
        --family xgemm_skinny --config $SPLIT --check --repeat 3 > $W/check.out 2>&1
      echo "check $layout $t $s rc=$? $(grep -m1 -iE 'check|error' $W/check.out | cut -c1-110)"
    done
  done
done
timeout 120 $G bench --db /tmp/shipped.db --precision fp64 --problems bench/validation/random_fp64_60.txt --json $W/random60-fp64-before.json > $W/random60-fp64-before.txt 2>&1; echo "random60 before rc=$?"
echo "before: $(sed -n '/^summary/,$p' $W/random60-fp64-before.txt | grep -A1 '^all' | tail -1)"
cp /tmp/shipped.db $W/h200.db
$G tune --coverage --list | grep -E '# (gemv|deep-k)' > $W/deep.txt; wc -l < $W/deep.txt
timeout 280 $G tune --db $W/h200.db --precision fp64 --family xgemm_skinny --problems $W/deep.txt --session-time-limit 260 > $W/tune-fp64.log 2>&1; echo "tune fp64 rc=$?"
grep -hE 'problem .* done' $W/tune-fp64.log | cut -c1-100
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
tar -C $W -czf $OUT/results.tgz --exclude='h200.db*' .
