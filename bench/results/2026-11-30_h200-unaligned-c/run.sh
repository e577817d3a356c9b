#!/bin/bash
# H200: xgemm configurations on flat TT problems whose C rows are (2732, 2736, 2000 columns) and are
# not (2731, 2001) a multiple of 16 bytes, through `gemmtune run --check` (median of 30 calls each),
# then (run.sh staged) the same with C's whole tiles written through local memory (CSTAGE=1), and
# the default configuration on larger problems either way (run.sh large: these alone).
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
# W: the winner tuned for 5000x2000x5 TT (../2026-11-30_h200-flat-k/new-rows.json.gz, 23.3 us);
# X: the configuration the shipped tuning's model keeps for 3194x2731x10 TT (52.9 us per call).
W=ADVANCE=1,KSPLIT=1,KUNROLL=8,PADA=0,PADB=0,PREFETCH=1,STRM=0,STRN=2,SWIZZLE=0,TSK=8,TSM=128,TSN=128,UNCHECKED=1,VWA=4,VWB=4,WARPN=0,WPTM=8,WPTN=8
X=ADVANCE=1,KSPLIT=1,KUNROLL=8,PADA=1,PADB=1,PREFETCH=0,STRM=0,STRN=0,SWIZZLE=0,TSK=16,TSM=32,TSN=64,UNCHECKED=1,VWA=2,VWB=1,WARPN=0,WPTM=4,WPTN=4
# D: the NVIDIA default (128 x 256 tiles of 8 x 16).
D=ADVANCE=1,KSPLIT=1,KUNROLL=8,MAXREG=0,PADA=0,PADB=0,PREFETCH=1,STRM=0,STRN=2,SWIZZLE=1,TSK=16,TSM=128,TSN=256,UNCHECKED=1,VWA=4,VWB=4,WARPN=0,WPTM=8,WPTN=16
run() {  # SIZE TRANS NAME CONFIG
  $G run --size $1 --trans $2 --family xgemm --config $4 --repeat 30 --check --json > /tmp/r.json 2>/tmp/r.err
  echo "$1 $2 $3 rc=$? $(python3 -c "import json; d=json.load(open('/tmp/r.json')); print('%.1f us' % (d['seconds'] * 1e6), 'ok' if d['ok'] else 'WRONG', d['config']['VWA'], d['config']['VWB'])" 2>&1 | tail -1)"
}
stages="0"; [ "$1" = staged ] && stages="0 1"
[ "$1" = large ] || for size in 3194x2731x10 3194x2732x10 3196x2736x10 3194x2731x8 3194x2732x8 5000x2000x5 5000x2001x5; do
  for name in W X; do
    for stage in $stages; do
      config=${!name}; [ $stage = 1 ] && config=$config,CSTAGE=1
      run $size TT $name$([ $stage = 1 ] && echo +staged) $config
    done
  done
done
[ "$1" = staged ] || [ "$1" = large ] || exit 0
for size in 1582x7414x31 2000x2731x300 3000x2001x2048 4096x4096x4096 4095x4095x4095; do
  for stage in 0 1; do
    config=$D; [ $stage = 1 ] && config=$config,CSTAGE=1
    run $size NN D$([ $stage = 1 ] && echo +staged) $config
  done
done
