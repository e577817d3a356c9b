#!/bin/bash
# xgemm_outer on the H200: its results checked against OpenBLAS on odd and deep shapes with the
# NVIDIA default and two other configurations, then tuned into the shipped tuning on problems.txt
# at fp32 and fp64, each problem seeded by the nearest shapes' winners; the whole exported.
# Usage: tune.sh FP32_SECONDS FP64_SECONDS (SKIP_CHECK=1: tuning only; the tuner checks every
# candidate it times)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-25_h200-outer-family
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-tune; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
[ -n "$SKIP_CHECK" ] || for precision in fp32 fp64; do
  for config in WG=256,THREADS=131072,WPTM=1,WPTN=4,KWI=4 WG=64,THREADS=65536,WPTM=4,WPTN=8,KWI=2 WG=128,THREADS=262144,WPTM=3,WPTN=5,KWI=4; do
    for problem in 17x1x326539:TT 512x8x500000:TN 141x30x311429:TT 201x1x26876:TN 33x7x5:TN 4096x1x4096:TT 9x13x18649:TT 1x1x1:TN; do
      echo "$precision $config ${problem%:*} ${problem#*:}: $($G run --db $W/check.db --precision $precision --size ${problem%:*} --trans ${problem#*:} --family xgemm_outer --config $config --check --repeat 20 2>&1 | tail -2 | tr -s " \n" " " | cut -c1-120)"
    done
  done
done > $W/check.txt 2>&1
[ -n "$SKIP_CHECK" ] || cat $W/check.txt
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout $(($1 + 30)) $G tune --db $W/h200.db --family xgemm_outer --problems $here/problems.txt --budget 1000 --session-time-limit $1 > $W/tune-fp32.log 2>&1; echo "fp32 rc=$?"
timeout $(($2 + 30)) $G tune --db $W/h200.db --precision fp64 --family xgemm_outer --problems $here/problems.txt --budget 1000 --session-time-limit $2 > $W/tune-fp64.log 2>&1; echo "fp64 rc=$?"
grep -hE 'problem .* done|not tuned' $W/tune-*.log | cut -c1-130
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
gzip -9 $W/tune-*.log; gzip -9 $W/tuned.json
tar -C $W -czf $OUT/results.tgz --exclude='*.db*' .
