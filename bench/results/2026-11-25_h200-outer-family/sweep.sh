#!/bin/bash
# xgemm_outer's blocks on three problems the tuning did not hold: how the passes over A (N / WPTN)
# and the rows per work-item (WPTM) trade against each other, and a small C over a deep K, each
# timed by `gemmtune run` (median of 30 calls, an event each; about 27 us of it the call's floor).
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for problem in 509x13x186494:TN 384x12x300000:TT 11x5x79311:TT; do
  for wptm in 1 2 4; do for wptn in 4 8 16; do for kwi in 2 4; do
    config=WG=256,THREADS=131072,WPTM=$wptm,WPTN=$wptn,KWI=$kwi
    echo "${problem%:*} ${problem#*:} $config $($G run --db /tmp/sweep.db --size ${problem%:*} --trans ${problem#*:} --family xgemm_outer --config $config --repeat 30 2>&1 | grep -E '^time|error' | tr -s ' ' | cut -c1-80)"
  done; done; done
done | tee $OUT/sweep.txt
