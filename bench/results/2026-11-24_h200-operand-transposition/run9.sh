#!/bin/bash
# The call floor with the shipped tuning, the caller's queue borrowed rather than retained and the
# call's event handed over rather than retained, against the build before (run8's), alternating.
cd "$(dirname "$0")/../../.."
W=/tmp/results9; mkdir -p $W
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export GEMMTUNE_CACHE_DIR=/tmp/cache9
cp .gpu/bin/dispatch_call_floor .gpu/bin/dispatch_call_floor-after
for r in 1 2 3; do for v in before after; do for s in 8 64; do
  echo "$v $(bash .gpu/on-device.sh dispatch_call_floor-$v $s 300)"; done; done; done > $W/call-floor-borrowed.txt 2>&1
cat $W/call-floor-borrowed.txt | cut -c1-400
cp $W/call-floor-borrowed.txt $OUT/
