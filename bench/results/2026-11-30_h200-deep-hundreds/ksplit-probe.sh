#!/bin/bash
# H200: 466x317x46206 NN (random_100.txt's worst, 0.51x to 0.56x cuBLAS) under the two xgemm
# configurations the dispatcher chose for it, with K split 4 to 32 ways, not only in powers of two:
# does a split that fills the device's resident work-groups close the gap to cuBLAS?
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache-probe
G="bash .gpu/on-device.sh gemmtune"
show='import json, sys
text = sys.stdin.read()
try: run = json.loads(text); print("%.1f us %.2f TFLOP/s" % (run["seconds"] * 1e6, run["gflops"] / 1e3))
except ValueError: print(text.strip()[-300:])'
wide="ADVANCE=1,CSTAGE=0,KUNROLL=8,MAXREG=0,PADA=4,PADB=4,PREFETCH=1,STRM=2,STRN=2,SWIZZLE=0,TSK=16,TSM=64,TSN=128,UNCHECKED=1,VWA=2,VWB=2,WARPN=0,WPTM=8,WPTN=4"
square="ADVANCE=1,CSTAGE=0,KUNROLL=8,MAXREG=0,PADA=4,PADB=4,PREFETCH=0,STRM=1,STRN=0,SWIZZLE=0,TSK=16,TSM=64,TSN=64,UNCHECKED=1,VWA=2,VWB=2,WARPN=0,WPTM=8,WPTN=8"
$G run --size 466x317x46206 --config "$wide,KSPLIT=11" --runs-trans NT --check --repeat 3 2>&1 | tail -2
for tile in "wide NT 4 6 8 9 10 11 12 14 16 20 24 32" "square TT 4 6 8 10 11 12 16 20 24"; do
  set -- $tile; name=$1; runs=$2; shift 2
  for split in "$@"; do
    config=${!name}
    echo "$name KSPLIT=$split $($G run --size 466x317x46206 --config "$config,KSPLIT=$split" --runs-trans $runs --repeat 30 --json 2>&1 | python3 -c "$show")"
  done
done
