#!/bin/bash
# H200: does a swizzle mode or a register budget help the shipped winners? For fp16, bf16 and tf32
# at 1024^3, 2048^3 and 4096^3, the shipped best configuration of xgemm_wgmma (NN) with SWIZZLE 0,
# 32, 64, 128 and PRODUCER_REGISTERS 0, 24, 40, 56 (where it has a producer), every one timed
# (grid), the shipped tuning imported first; then the PTX of a budget's program through ptxas -v
# (Triton's ptxas), which says whether setmaxnreg took effect. Everything comes back as tune.json,
# tune-output.txt and ptxas.txt.
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-29_h200-wgmma-swizzle-registers
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
DB=/tmp/tune.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
python3 - <<'PY'
import json
rows = json.load(open('configs/tuned/nvidia-h200.json'))
best = {}
for r in rows:
    if r['kernel'] != 'xgemm_wgmma' or r['status'] != 'ok' or r['trans'] != 'NN': continue
    if not (r['m'] == r['n'] == r['k'] and r['m'] in (1024, 2048, 4096)): continue
    key = (r['precision'], r['m'])
    if key not in best or r['gflops'] > best[key]['gflops']: best[key] = r
for (precision, size), r in best.items():
    if precision not in ('fp16', 'bf16', 'tf32'): continue
    params = [{"name": name, "values": [value]} for name, value in r['config'].items()]
    params.append({"name": "SWIZZLE", "values": [0, 32, 64, 128]})
    params.append({"name": "PRODUCER_REGISTERS", "values": [0, 24, 40, 56] if r['config'].get('PRODUCER') else [0]})
    json.dump({"kernel": "xgemm_wgmma", "description": "the shipped winner with each swizzle mode and budget",
               "parameters": params}, open(f'/tmp/space-{precision}-{size}.json', 'w'))
    print(precision, size, round(r['gflops'] / 1000, 1), r['config_key'])
PY
for f in /tmp/space-*.json; do
  n=$(basename $f .json); p=$(echo $n | cut -d- -f2); s=$(echo $n | cut -d- -f3)
  echo "== $p $s"
  timeout 150 $G tune --db $DB --family xgemm_wgmma --space $f --precision $p --sizes ${s}x${s}x${s} --strategy grid \
    --budget 16 2>&1 | tail -3
done 2>&1 | tee $OUT/tune-output.txt
$G db export --db $DB > $OUT/tune.json
PTXAS=$(python3 -c "import triton, os; print(os.path.join(os.path.dirname(triton.__file__), 'backends/nvidia/bin/ptxas'))" 2>/dev/null)
{
  echo "ptxas: $PTXAS"
  for f in $(grep -l "setmaxnreg" -r /tmp/cache 2>/dev/null | head -3); do
    echo "== $f"; grep -a -m3 -E "maxnreg|reqntid" $f
    tr -d '\000' < $f > /tmp/p.ptx; "$PTXAS" -arch=sm_90a -v /tmp/p.ptx -o /tmp/p.cubin 2>&1 | tail -4
  done
  f=$(grep -L "setmaxnreg" -r /tmp/cache | xargs grep -l "wgmma" | head -1)
  echo "== without budgets: $f"; tr -d '\000' < $f > /tmp/p.ptx; "$PTXAS" -arch=sm_90a -v /tmp/p.ptx -o /tmp/p.cubin 2>&1 | tail -2
} > $OUT/ptxas.txt 2>&1
cat $OUT/ptxas.txt
