#!/bin/bash
# H200, after the packing, scaling and main kernels stopped asking the driver for events nobody reads on an
# in-order queue: tf32's best configurations of 1024^3 and 2048^3 in every
# transposition again, gemmtune bench beside cuBLAS (squares of tf32 per call and as streams; the
# validation sets that pack or split K as streams: random_matrix_units_40.txt at tf32,
# random_fp64_60.txt at fp64, random_100.txt at fp32). One archive comes back.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-untuned
W=/tmp/events; rm -rf $W; mkdir -p $W
DB=/tmp/events.db; rm -f $DB
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
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
for p in tf32 3xtf32; do
  for timing in per-call stream; do
    timeout 80 $G bench --db $DB --precision $p --sizes $sizes --timing $timing --peers cublas --repeat 10 > $W/$p-$timing.txt 2>&1
    echo "$p $timing rc=$?"; grep -E "^[0-9]+x" $W/$p-$timing.txt
  done
done 2>&1 | tee $W/bench-summary.txt
run_set() {  # precision, problem file, name
  timeout 170 $G bench --db $DB --precision $1 --problems $2 --timing stream --peers cublas --repeat 10 --json $W/$3.json > $W/$3.txt 2>&1
  echo "$3 rc=$?"; grep -A8 "^class" $W/$3.txt
}
{
run_set tf32 bench/validation/random_matrix_units_40.txt random40-tf32
run_set fp64 bench/validation/random_fp64_60.txt random60-fp64
run_set fp32 bench/validation/random_100.txt random100-fp32
} 2>&1 | tee -a $W/bench-summary.txt
tar -C $W -czf $OUT/results.tgz .
