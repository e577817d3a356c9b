#!/bin/bash
# H200: (1) does NVIDIA's OpenCL launch clusters that the PTX asks for (cluster_probe.cpp on
# probe.ptx); (2) Nsight Compute's memory and throughput sections for the shipped fp16 4096^3
# program of xgemm_wgmma (its PTX from the binary cache, launched through CUDA with the OpenCL
# offset read as 0, as ../2026-11-25_h200-cuda-launch-check/ does) and for cuBLAS's fp16 4096^3.
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-28_h200-wgmma-clusters
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-check GEMMTUNE_DB=/tmp/none.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
echo "== cluster probe"
g++ -std=c++17 $D/cluster_probe.cpp -lOpenCL -o /tmp/cluster_probe && /tmp/cluster_probe $D/probe.ptx
echo "== fp16 4096^3 through OpenCL"
$G tune --space $D/w16.json --precision fp16 --sizes 4096x4096x4096 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache-check/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.entry xgemm_wgmma(' in t and b'.target sm_90a' in t: open('/tmp/wgmma.ptx', 'wb').write(t)
PY
L=bench/results/2026-11-25_h200-cuda-launch-check/launch-check.py
ZERO_ENVREG=1 python3 $L /tmp/wgmma.ptx 4096 2>&1 | tail -2
S="--section SpeedOfLight --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section LaunchStats --section Occupancy --section WarpStateStats"
echo "== ncu gemmtune"
ZERO_ENVREG=1 timeout 200 ncu $S -k regex:xgemm_wgmma -s 2 -c 1 python3 $L /tmp/wgmma.ptx 4096 > $OUT/ncu-gemmtune.txt 2>&1
tail -5 $OUT/ncu-gemmtune.txt
echo "== ncu cuBLAS"
timeout 200 ncu $S -k regex:'sm90|gemm|cutlass' -s 3 -c 1 python3 -c "
import torch
a = torch.randn(4096, 4096, dtype=torch.half, device='cuda'); b = torch.randn(4096, 4096, dtype=torch.half, device='cuda')
for _ in range(6): c = a @ b
torch.cuda.synchronize()" > $OUT/ncu-cublas.txt 2>&1
tail -5 $OUT/ncu-cublas.txt
