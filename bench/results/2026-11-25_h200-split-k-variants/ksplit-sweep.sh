#!/bin/bash
# The chosen variants of four problems timed at every split their family tunes (gemmtune run,
# median of 20 calls), to see where the model's carried times part from the measured ones.
cd "$(dirname "$0")/../../.."
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
G="bash .gpu/on-device.sh gemmtune"
X="ADVANCE=1,KUNROLL=8,MAXREG=0,PADA=0,PADB=0,PREFETCH=1,STRM=2,STRN=2,SWIZZLE=0,TSK=8,TSM=128,TSN=128,UNCHECKED=1,VWA=4,VWB=2,WARPN=0,WPTM=8,WPTN=8"
S="ADVANCE=1,KUNROLL=8,MAXREG=0,PADA=1,PADB=1,PREFETCH=0,STRM=2,STRN=2,SWIZZLE=0,TSK=32,TSM=32,TSN=32,UNCHECKED=1,VWA=2,VWB=2,WARPN=0,WPTM=4,WPTN=4"
K="KWI=1,LK=256,LM=1,LN=1,VWA=1,VWB=4,WPTM=4,WPTN=4"
run() {  # size trans family config runs_trans
  for split in $6; do
    t=$(timeout 60 $G run --size $1 --trans $2 --family $3 --config "$4,KSPLIT=$split" --runs-trans $5 --repeat 20 --json 2>&1 |
        python3 -c "import json,sys; d=json.load(sys.stdin); print(round(d['seconds']*1e6,1))" 2>&1 | tail -1)
    echo "$1 $2 $3 KSPLIT=$split: $t us"
  done
}
run 1024x1500x2048 NN xgemm "$X" NN "1 2 4 8 16"
run 512x3000x2048 NN xgemm "$X" NN "1 2 4 8 16"
run 4096x32x4096 NN xgemm "$S" NN "1 2 4 8 16"
run 141x30x311429 TT xgemm_skinny "$K" NN "1 2 4 8 16 32 64"
