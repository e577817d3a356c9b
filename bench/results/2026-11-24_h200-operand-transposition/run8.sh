#!/bin/bash
# Where the host's share of a tiny call goes: the call floor again, with a kernel taking a GEMM's
# 14 arguments and the driver calls a checked launch makes, each timed alone.
cd "$(dirname "$0")/../../.."
W=/tmp/results8; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache8 GEMMTUNE_DB=/nonexistent.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for s in 8 64; do bash .gpu/on-device.sh dispatch_call_floor $s 300; done > $W/call-floor-calls.txt 2>&1; cat $W/call-floor-calls.txt
cp $W/call-floor-calls.txt $OUT/
