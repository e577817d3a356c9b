#!/bin/bash
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-cfg2 GEMMTUNE_DB=/tmp/cfg2-$$.db
rm -rf /tmp/cache-cfg2
$G tune --space .gpu/spaces/w17.json --precision fp16 --sizes 1024x1024x1024 --strategy grid --budget 1 2>&1 | tail -1
python3 - <<'PY'
import glob
for f in sorted(glob.glob('/tmp/cache-cfg2/*')):
    b = open(f, 'rb').read(); t = b[b.find(b'//'):].split(b'\0')[0]
    if b'.target sm_90a' in t and b'.entry xgemm_wgmma' in t: open('.gpu/wgmma.ptx', 'wb').write(t)
PY
grep -m1 -o 'm64n[0-9]*k16' .gpu/wgmma.ptx
for r in 1 2; do
DUMP=/tmp/operands.bin LD_LIBRARY_PATH=.gpu/lib .gpu/bin/ptxrun .gpu/wgmma.ptx 4096 256 128 384 | tr '\n' ' '; echo
python3 .gpu/cuda-launch.py wgmma 20 file 2>&1 | tail -2 | tr '\n' ' '; echo
done
