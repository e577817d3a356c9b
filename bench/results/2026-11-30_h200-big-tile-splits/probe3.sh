#!/bin/bash
# H200, after probe2.sh (32 x 64 tiles split 40 ways: 34 TFLOP/s at 448x320x48000, 24.6 at
# 466x317x46206): which costs it, the bounds checks (M, N or K not whole tiles) or the loads
# narrowed by unaligned leading dimensions? The same configurations on problems a few rows, columns
# or steps of K from it, and under the transposing pre-pass (its workspace's rows are aligned).
cd "$(dirname "$0")/../../.."
source bench/results/gpu_session.sh
square="ADVANCE=1,CSTAGE=0,KUNROLL=8,MAXREG=0,PADA=4,PADB=4,PREFETCH=1,STRM=2,STRN=0,SWIZZLE=0,TSK=16,TSM=32,TSN=64,UNCHECKED=1,VWA=4,VWB=2,WARPN=0,WPTM=8,WPTN=4"
mid="ADVANCE=1,CSTAGE=0,KUNROLL=8,MAXREG=0,PADA=4,PADB=4,PREFETCH=1,STRM=2,STRN=2,SWIZZLE=0,TSK=16,TSM=64,TSN=128,UNCHECKED=1,VWA=2,VWB=2,WARPN=0,WPTM=8,WPTN=4"
one() {  # one PROBLEM TRANS RUNS-TRANS CONFIGNAME SPLIT
  echo "$1 $2 runs $3 $4 KSPLIT=$5 $(timed gemmtune-fs --size $1 --trans $2 --config "${!4},KSPLIT=$5" --runs-trans $3)"
}
for p in "square 40" "mid 11"; do
  set -- $p
  for size in 448x320x48000 480x320x46208 466x320x46208 480x317x46208 480x320x46206 466x317x46206; do one $size NN NN $1 $2; done
  for runs in NT TN TT; do one 466x317x46206 NN $runs $1 $2; done
  one 466x317x46206 TT TT $1 $2
  one 466x317x46206 TT NN $1 $2
done
bash .gpu/on-device.sh gemmtune-fs run --size 466x317x46206 --config "$square,KSPLIT=40" --runs-trans TT --check --repeat 3 2>&1 | tail -1
