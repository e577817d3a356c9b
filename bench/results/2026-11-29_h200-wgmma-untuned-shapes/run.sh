#!/bin/bash
# H200, the shipped tuning imported into an empty database: (1) tf32's best configurations of 1024^3
# and 2048^3 run in every transposition (what packing costs where an operand is not K-contiguous);
# (2) gemmtune bench beside cuBLAS as streams on random_matrix_units_40.txt (none tuned exactly) at
# fp16, bf16 and tf32, and tf32 1024^3 and 2048^3 in NT and TT. One archive comes back.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-untuned
W=/tmp/untuned; rm -rf $W; mkdir -p $W
DB=/tmp/untuned.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
c1024=BK=32,BN=128,COPY=2,EPILOGUE=0,GROUP_M=8,IN_PLACE=1,KSPLIT=1,MT=1,PRODUCER=1,STAGES=6,VWA=8,VWB=8,WARPGROUPS=1
c2048=BK=32,BN=256,COPY=2,EPILOGUE=1,GROUP_M=8,IN_PLACE=1,KSPLIT=1,MT=1,PRODUCER=1,STAGES=3,VWA=8,VWB=8,WARPGROUPS=2
{
for s in 1024 2048; do
  cfg=c$s
  for t in NN NT TN TT; do
    echo "tf32 $s $t: $(timeout 60 $G run --family xgemm_wgmma --precision tf32 --config ${!cfg} --size $s --trans $t --repeat 20 2>&1 | tail -1)"
  done
done
} 2>&1 | tee $W/transpositions.txt
for t in NT TT; do
  for timing in per-call stream; do
    timeout 60 $G bench --db $DB --precision tf32 --sizes 1024x1024x1024,2048x2048x2048 --trans $t --timing $timing \
      --peers cublas --repeat 10 > $W/tf32-$t-$timing.txt 2>&1
    echo "tf32 $t $timing rc=$?"; grep -E "^[0-9]+x" $W/tf32-$t-$timing.txt
  done
done 2>&1 | tee $W/bench-summary.txt
for p in fp16 bf16 tf32; do
  timeout 150 $G bench --db $DB --precision $p --problems bench/validation/random_matrix_units_40.txt --timing stream \
    --peers cublas --repeat 10 --json $W/random40-$p.json > $W/random40-$p.txt 2>&1
  echo "$p random40 rc=$?"; grep -A8 "^class" $W/random40-$p.txt
done 2>&1 | tee -a $W/bench-summary.txt
tar -C $W -czf $OUT/results.tgz .
