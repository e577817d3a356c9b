#!/bin/bash
# After the review (a8c6d7b), on an H100 given the H200's shipped tuning: the packing families and
# the pre-pass checked through `gemmtune run --check`, then random_100.txt at fp32.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results10; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache10 GEMMTUNE_DB=/tmp/user10.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user10.db; $G db import --db /tmp/user10.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
{
for p in tf32 3xtf32 fp16; do for t in NN TT; do $G run --precision $p --size 1031x777x515 --trans $t --layout col --beta 0.5 --check --repeat 2 --json; done; done
$G run --precision fp64 --size 1031x777x515 --trans TN --check --repeat 2 --json
for s in "509x13x186494 TN" "635x1706x1990 NT" "7883x355x7218 TN" "17x1x326539 TT"; do set -- $s; $G run --size $1 --trans $2 --check --repeat 5 --json; done
$G run --size 509x13x186494 --trans TN --layout col --check --repeat 5 --json
} > $W/checks.jsonl 2>&1
python3 -c "
import json
for l in open('$W/checks.jsonl'):
    try: d=json.loads(l)
    except Exception: print('NOT JSON', l[:200]); continue
    print(d['precision'], d['m'], d['n'], d['k'], d['trans'], d['layout'], d['family'], d['runs_trans'], 'ok' if d['ok'] else 'FAILED', round(d['seconds']*1e6,1), 'us')
"
timeout 250 $G bench --problems bench/validation/random_100.txt --json $W/h100-random100-fp32-h200-tuning.json > $W/h100-random100-fp32-h200-tuning.txt 2>&1; echo "bench rc=$?"
sed -n '/^summary/,$p' $W/h100-random100-fp32-h200-tuning.txt | grep -A1 "^all"
tar -C $W -czf $OUT/results.tgz .
