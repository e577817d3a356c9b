#!/bin/bash
# H200: the tensor memory accelerator from an OpenCL kernel (tma_probe.cpp on tma_probe.cl).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-28_h200-wgmma-clusters
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
g++ -std=c++17 -O1 $D/tma_probe.cpp -lOpenCL -ldl -o /tmp/tma_probe && /tmp/tma_probe $D/tma_probe.cl
