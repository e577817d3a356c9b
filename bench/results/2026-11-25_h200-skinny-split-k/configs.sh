#!/bin/bash
# Times hand-written configurations (configs.txt: FAMILY CONFIG per line) of today's kernels on
# skinny problems, outside the tuner's search, to see how far the kernels themselves can go.
# Usage: configs.sh MxNxK:TRANS...
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-25_h200-skinny-split-k
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for problem in "$@"; do
  while read -r family config; do
    line=$($G run --size ${problem%:*} --trans ${problem#*:} --family $family --config $config --repeat 20 --json 2>&1 | tail -1)
    echo "$problem $family $config $(echo "$line" | grep -o '"seconds":[^,]*' | cut -d: -f2) $(echo "$line" | grep -o '"gflops":[^,]*' | cut -d: -f2) $(echo "$line" | grep -o '"ok":[a-z]*')"
  done < $here/configs.txt
done | tee $OUT/configs.log
