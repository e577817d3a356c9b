#!/bin/bash
# The H100's own tuning deepened on the 11 benchmark shapes at fp32 (its shipped coverage session
# and the H200's entries imported, so each problem starts from the sibling's winners), exported;
# then the 11 shapes benchmarked with that export alone imported into an empty database.
cd "$(dirname "$0")/.."
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results5; mkdir -p $W  # its nvidia-h100.json is the shipped configs/tuned/nvidia-h100.json
export GEMMTUNE_CACHE_DIR=/tmp/cache GEMMTUNE_DB=$W/h100.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
$G db import --db $W/h100.db configs/tuned/nvidia-h100.json > /dev/null 2>&1; $G db import --db $W/h100.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"
timeout 200 $G tune --problems .gpu/bench11.txt --session-time-limit 180 > $W/tune-h100-bench11.log 2>&1; echo "tune rc=$?"
grep -E "^problem .* done" $W/tune-h100-bench11.log | cut -c1-120
$G db export --db $W/h100.db -o $W/export.json --force > /dev/null 2>&1; echo "export rc=$?"
python3 - <<'PY'
import json
lines=open('/tmp/results5/export.json').read().split('\n')
out=[l.rstrip(',') for l in lines[1:] if l not in (']','') and json.loads(l.rstrip(','))['device']['name']=='NVIDIA H100 80GB HBM3']
open('/tmp/results5/nvidia-h100.json','w').write('[\n'+',\n'.join(out)+'\n]\n'); print('h100 rows', len(out))
PY
export GEMMTUNE_DB=/tmp/own2.db
$G db import --db /tmp/own2.db $W/nvidia-h100.json > /dev/null 2>&1; echo "import own rc=$?"
timeout 100 $G bench --json $W/h100-bench11-fp32-own-tuning-deeper.json > $W/h100-bench11-fp32-own-tuning-deeper.txt 2>&1; echo "bench 11 rc=$?"
grep -E "^[0-9]+x" $W/h100-bench11-fp32-own-tuning-deeper.txt | cut -c1-110
sed -n '/^summary/,$p' $W/h100-bench11-fp32-own-tuning-deeper.txt | grep -E "^all|  cublas|  clblast" | tail -2
rm -f $W/export.json $W/h100.db*
tar -C $W -czf $OUT/results.tgz .
