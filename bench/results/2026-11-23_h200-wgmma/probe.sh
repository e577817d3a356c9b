#!/bin/bash
# wgmma probe: PTX dump, correctness per transposition, timings at 4096.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_DB=$OUT/probe.db GEMMTUNE_CACHE_DIR=$OUT/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
gcc -O1 -o /tmp/ptxdump .gpu/ptxdump.c -lOpenCL 2>&1 | tail -3
D="-DPRECISION=16 -DTRANSA=0 -DTRANSB=0 -DWARPGROUPS=1 -DMT=1 -DBN=64 -DBK=64 -DSTAGES=3 -DVWA=8 -DVWB=8 -DGROUP_M=8"
timeout 120 /tmp/ptxdump .gpu/wgmma_combined.cl "-cl-nv-arch sm_90 $D" $OUT/xgemm_wgmma_sm90.ptx; echo ptxdump rc=$?
for trans in NT NN TN TT; do
  for size in 256 200x136x264; do
    timeout 120 $G run --family xgemm_wgmma --config WARPGROUPS=1,BN=64,STAGES=3 --precision fp16 --size $size --trans $trans --check 2>&1 | tail -3
    echo "rc=$? $trans $size"
  done
done
timeout 120 $G run --family xgemm_wgmma --precision bf16 --size 1000x777x333 --trans NN --check 2>&1 | tail -2
for cfg in WARPGROUPS=2,BN=256 WARPGROUPS=2,BN=128 WARPGROUPS=1,MT=2,BN=128 WARPGROUPS=2,MT=2,BN=128 WARPGROUPS=3,BN=128 WARPGROUPS=2,BN=256,STAGES=3 WARPGROUPS=2,BN=128,BK=128,STAGES=4; do
  for size in 4096 8192; do
    timeout 120 $G run --family xgemm_wgmma --config $cfg --precision fp16 --size $size --repeat 10 2>&1 | tail -1
    echo "rc=$? $cfg $size"
  done
done
ls $OUT
