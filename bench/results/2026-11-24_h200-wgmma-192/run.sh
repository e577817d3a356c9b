#!/bin/bash
# H200: xgemm_wgmma with tiles 192 columns wide (BN=192). First checked against OpenBLAS at odd
# sizes in every precision, transposition and layout (gemmtune run --check, alpha 1.5, beta 0.5),
# then a grid of such tiles (space-192.json) tuned at 2048^3 to 8192^3 in every precision, the rows
# added to the shipped file (ship.py), and gemmtune bench from it alone at 1024^3 to 8192^3; the
# file and the runs returned in one archive.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results192; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache192 GEMMTUNE_DB=/tmp/none192.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
C16=WARPGROUPS=3,MT=1,BN=192,BK=64,STAGES=4,PRODUCER=0,EPILOGUE=1,GROUP_M=8
C16P=WARPGROUPS=2,MT=1,BN=192,BK=64,STAGES=4,PRODUCER=1,EPILOGUE=0,GROUP_M=8
C32=WARPGROUPS=2,MT=1,BN=192,BK=32,STAGES=4,PRODUCER=1,EPILOGUE=1,GROUP_M=8
fails=0
for p in fp16 bf16 tf32 3xtf32; do
  cs="$C16 $C16P"; [ $p = tf32 -o $p = 3xtf32 ] && cs=$C32
  for c in $cs; do for t in NN NT TN TT; do for l in row col; do for size in 1000x777x333 333x555x777; do
    out=$($G run --family xgemm_wgmma --config $c --precision $p --size $size --trans $t --layout $l --alpha 1.5 --beta 0.5 --check --repeat 1 2>&1)
    [ $? -ne 0 ] && { fails=$((fails+1)); echo "FAIL $p $c $t $l $size: $(echo "$out" | tail -2 | tr '\n' ' ')"; }
  done; done; done; done
  echo "$p checked"
done
echo "check failures: $fails" | tee $W/checks.txt
[ $fails -ne 0 ] && exit 1
for s in 3072 4096; do echo "fp16 $s 192x192: $($G run --family xgemm_wgmma --config $C16 --precision fp16 --size $s --repeat 20 2>&1 | grep '^time')"; done
export GEMMTUNE_DB=$W/h200.db
$G db import --db $W/h200.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 100 $G tune --space bench/results/2026-11-24_h200-wgmma-192/space-192.json --strategy grid --precision $p --sizes 2048,3072,4096,8192 --budget 40 > $W/tune-$p.log 2>&1; echo "tune $p rc=$?"; grep -E 'best:' $W/tune-$p.log
done
$G db export --db $W/h200.db -o $W/tuned.json --force > /dev/null 2>&1; echo "export rc=$?"
python3 bench/results/2026-11-24_h200-wgmma-epilogue/ship.py configs/tuned/nvidia-h200.json $W/tuned.json $W/nvidia-h200.json
export GEMMTUNE_DB=/tmp/user192.db; rm -f /tmp/user192.db*
$G db import --db /tmp/user192.db $W/nvidia-h200.json > $W/import.txt 2>&1; echo "import shipped rc=$?"
for p in fp16 bf16 tf32 3xtf32; do
  timeout 90 $G bench --precision $p --sizes 1024,2048,3072,4096,8192 --repeat 10 --json $W/bench-$p.json > $W/bench-$p.txt 2>&1; echo "bench $p rc=$?"
  grep -E '^ *(1024|2048|3072|4096|8192)x' $W/bench-$p.txt | head -5
done
rm -f $W/h200.db* $W/tuned.json
tar -C $W -czf $OUT/results192.tgz .
