#!/bin/bash
# H200: the deep products with a C of hundreds under xgemm's large tiles (128 x 128, 128 x 256,
# 256 x 128), K split so that the work-groups fill the device, which the tuning space does not hold
# (split K only with tiles of at most 128 x 128, in powers of two). Runs gemmtune-fs, a build with
# finer-splits.patch of ../2026-11-30_h200-deep-hundreds/ (any split of 1 to 64).
cd "$(dirname "$0")/../../.."
source bench/results/gpu_session.sh
FS="bash .gpu/on-device.sh gemmtune-fs"
common="ADVANCE=1,CSTAGE=0,KUNROLL=8,MAXREG=0,PREFETCH=1,UNCHECKED=1,WARPN=0"
sq="$common,PADA=0,PADB=0,STRM=0,STRN=1,SWIZZLE=0,TSK=8,TSM=128,TSN=128,VWA=2,VWB=4,WPTM=8,WPTN=8"
sq16="$common,PADA=4,PADB=4,STRM=0,STRN=2,SWIZZLE=0,TSK=16,TSM=128,TSN=128,VWA=4,VWB=4,WPTM=8,WPTN=8"
wide="$common,PADA=0,PADB=0,STRM=0,STRN=2,SWIZZLE=1,TSK=16,TSM=128,TSN=256,VWA=4,VWB=4,WPTM=8,WPTN=16"
tall="$common,PADA=0,PADB=0,STRM=0,STRN=2,SWIZZLE=1,TSK=16,TSM=256,TSN=128,VWA=4,VWB=4,WPTM=8,WPTN=16"
mid="$common,PADA=4,PADB=4,STRM=2,STRN=2,SWIZZLE=0,TSK=16,TSM=64,TSN=128,VWA=2,VWB=2,WPTM=8,WPTN=4"
one() {  # one PROBLEM TRANS CONFIGNAME SPLIT
  echo "$1 $2 $3 KSPLIT=$4 $(timed gemmtune-fs --size $1 --config "${!3},KSPLIT=$4" --runs-trans $2)"
}
$FS run --size 466x317x46206 --config "$sq,KSPLIT=22" --runs-trans NN --check --repeat 3 2>&1 | tail -2
$FS run --size 466x317x46206 --config "$wide,KSPLIT=16" --runs-trans NN --check --repeat 3 2>&1 | tail -2
for split in 8 11 16 22 32 44; do one 466x317x46206 NN sq $split; done
for split in 11 16 22; do one 466x317x46206 NN sq16 $split; done
for split in 11 16 22 32; do one 466x317x46206 NN wide $split; one 466x317x46206 NN tall $split; done
for split in 11 16 22; do one 466x317x46206 NN mid $split; done
for split in 8 13 16 26; do one 2510x55x38125 TN sq $split; one 2510x55x38125 TN mid $split; done
for split in 32 44 64; do one 342x92x462975 TT sq $split; one 342x92x462975 TT mid $split; done
for split in 16 22 32; do one 448x320x48000 NN sq $split; done
for split in 1 2 4; do one 4096x4096x4096 NN sq $split; one 4096x4096x4096 NN wide $split; done
