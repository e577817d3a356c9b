#!/bin/bash
# H200: the cluster probe without .explicitcluster and with ranks only; full Nsight Compute profiles
# (with per-instruction stall samples) of the shipped fp16 4096^3 winner (every warpgroup copies) and
# of the producer-warpgroup program of run1.sh, their PTX launched through CUDA by launch.py.
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-28_h200-wgmma-clusters
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_DB=/tmp/none.db
g++ -std=c++17 $D/cluster_probe.cpp -lOpenCL -o /tmp/cluster_probe
for p in probe-implicit probe-ranks; do echo "== $p"; /tmp/cluster_probe $D/$p.ptx; done
for which in "p0 256" "p1 384"; do
  set -- $which
  export GEMMTUNE_CACHE_DIR=/tmp/cache-$1
  space=$D/w16-$1.json; [ $1 = p1 ] && space=$D/w16.json
  $G tune --space $space --precision fp16 --sizes 4096x4096x4096 --strategy grid --budget 1 2>&1 | tail -1
  python3 - $1 <<'PY'
import glob, sys
for f in sorted(glob.glob('/tmp/cache-%s/*' % sys.argv[1])):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.entry xgemm_wgmma(' in t and b'.target sm_90a' in t: open('/tmp/wgmma-%s.ptx' % sys.argv[1], 'wb').write(t)
PY
  python3 $D/launch.py /tmp/wgmma-$1.ptx 4096 $2 128 256 | tail -2
  timeout 240 ncu --set full --import-source no -k regex:xgemm_wgmma -s 1 -c 1 -o /tmp/$1 python3 $D/launch.py /tmp/wgmma-$1.ptx 4096 $2 128 256 2 > /tmp/ncu-$1.log 2>&1
  tail -2 /tmp/ncu-$1.log
  ncu --import /tmp/$1.ncu-rep > $OUT/ncu-$1.txt 2>&1
  ncu --import /tmp/$1.ncu-rep --page source --csv --print-source sass > $OUT/ncu-$1-sass.csv 2>&1
  cp /tmp/wgmma-$1.ptx $OUT/
done
