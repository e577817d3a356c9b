#!/bin/bash
# H200, diagnosis: xgemm_stream's device time on 3072x16xK TN as K and M grow, for a few
# configurations (no split, split 16 and 64 ways), to see what its time is made of.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache-stream GEMMTUNE_DB=/tmp/probe.db
G="bash .gpu/on-device.sh gemmtune"
for config in KSPLIT=1,LK=16,LM=32,WPTM=4,WPTN=16,KWI=4 KSPLIT=16,LK=2,LM=32,WPTM=4,WPTN=16,KWI=4 \
              KSPLIT=16,LK=2,LM=32,WPTM=4,WPTN=8,KWI=4 KSPLIT=64,LK=1,LM=32,WPTM=4,WPTN=16,KWI=4 \
              KSPLIT=8,LK=8,LM=32,WPTM=4,WPTN=16,KWI=8; do
  for size in 3072x16x1024 3072x16x4096 3072x16x16384 12288x16x1024 3072x1x1024; do
    printf '%-48s %-15s ' $config $size
    $G run --family xgemm_stream --config $config,VWA=4,VWB=4 --trans TN --size $size --repeat 20 2>&1 | grep -iE 'time|median' | head -1
  done
done
for size in 3072x16x1024 3072x16x16384; do
  printf '%-48s %-15s ' xgemm-KSPLIT16 $size
  $G run --family xgemm --config KSPLIT=16,KUNROLL=8,PADA=4,PADB=4,PREFETCH=1,STRM=0,STRN=1,TSK=16,TSM=64,TSN=32,VWA=4,VWB=2,WPTM=8,WPTN=4 --trans TN --size $size --repeat 20 2>&1 | grep -iE 'time|median' | head -1
done
