#!/bin/bash
# H200, after probe.sh (large tiles no faster): small tiles that fit a C of hundreds with little
# waste (32 x 64: 448x320 exactly, 466x317 at 0.96), K split to fill the device's resident places.
cd "$(dirname "$0")/../../.."
source bench/results/gpu_session.sh
# the tuner's best for 448x320x48000 NN (split 8), the best 32 x 64 at 4096^3, the first choice
# of the finer-splits build for 466x317x46206 NN (32 x 128, split 20)
tuned="ADVANCE=0,CSTAGE=0,KUNROLL=8,MAXREG=0,PADA=4,PADB=4,PREFETCH=1,STRM=2,STRN=0,SWIZZLE=0,TSK=32,TSM=32,TSN=64,UNCHECKED=0,VWA=1,VWB=2,WARPN=0,WPTM=8,WPTN=2"
square="ADVANCE=1,CSTAGE=0,KUNROLL=8,MAXREG=0,PADA=4,PADB=4,PREFETCH=1,STRM=2,STRN=0,SWIZZLE=0,TSK=16,TSM=32,TSN=64,UNCHECKED=1,VWA=4,VWB=2,WARPN=0,WPTM=8,WPTN=4"
chosen="ADVANCE=0,CSTAGE=0,KUNROLL=8,MAXREG=0,PADA=4,PADB=4,PREFETCH=1,STRM=2,STRN=1,SWIZZLE=0,TSK=32,TSM=32,TSN=128,UNCHECKED=0,VWA=2,VWB=1,WARPN=0,WPTM=4,WPTN=8"
one() {  # one PROBLEM TRANS CONFIGNAME SPLIT
  echo "$1 $2 $3 KSPLIT=$4 $(timed gemmtune-fs --size $1 --config "${!3},KSPLIT=$4" --runs-trans $2)"
}
for split in 8 12 16 20 24 32 40 48; do
  for name in tuned square chosen; do one 448x320x48000 NN $name $split; one 466x317x46206 NN $name $split; done
done
for split in 1 4; do one 4096x4096x4096 NN square $split; done
