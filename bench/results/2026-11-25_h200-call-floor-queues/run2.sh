#!/bin/bash
# Where an event's cost lies: the call floor again (its first line: an empty kernel with an event on
# a queue that does not time its commands and on one that does, and a marker's event after an empty
# kernel without one), three rounds at 8^3.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export GEMMTUNE_CACHE_DIR=/tmp/cache-floor GEMMTUNE_DB=/tmp/floor.db
bash .gpu/on-device.sh gemmtune db import configs/tuned/nvidia-h200.json > /dev/null
for r in 1 2 3; do bash .gpu/on-device.sh dispatch_call_floor 8 300; done > $OUT/floor2.txt 2>&1
cat $OUT/floor2.txt
