#!/bin/bash
# After tune.sh, on the same machine: register budgets for two work-groups a multiprocessor
# (REGISTER_GROUPS 2: each launches with 65536 registers over both, the producer keeps 24 or 40,
# the consumers take the rest), checked against OpenBLAS, then tuned (grid) at 1024^3 and 2048^3
# in fp16, bf16 and tf32 into tune.sh's database, benched beside cuBLAS at those squares, and the
# PTX of two such programs through ptxas -v (registers, spills).
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-29_h200-wgmma-swizzle-registers
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
check() { echo "$*: $(timeout 60 $G run --family xgemm_wgmma --check --repeat 2 "$@" 2>&1 | tail -1)"; }
g=COPY=2,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,VWA=8,VWB=8,REGISTER_GROUPS=2
{
for t in NN TT; do
  check --precision fp16 --config $g,WARPGROUPS=2,BN=128,BK=64,STAGES=3,PRODUCER_REGISTERS=24 --size 2048x1536x320 --trans $t
  check --precision bf16 --config $g,WARPGROUPS=1,BN=256,BK=64,STAGES=3,PRODUCER_REGISTERS=40 --size 1000x777x333 --trans $t --beta 0.5
  check --precision tf32 --config $g,WARPGROUPS=2,BN=128,BK=32,STAGES=3,PRODUCER_REGISTERS=24,IN_PLACE=1 --size 2048x1536x320 --trans $t
done
} 2>&1 | tee $OUT/groups-checks.txt
for p in fp16 bf16 tf32; do
  bk=64; extra=""; [ $p = tf32 ] && bk=32 && extra=', {"name": "IN_PLACE", "values": [1]}'
  cat > /tmp/space-groups-$p.json <<JSON
{"kernel": "xgemm_wgmma", "description": "two work-groups a multiprocessor under register budgets",
 "parameters": [{"name": "WARPGROUPS", "values": [1, 2]}, {"name": "MT", "values": [1]}, {"name": "BN", "values": [64, 128, 256]},
  {"name": "BK", "values": [$bk]}, {"name": "STAGES", "values": [3, 4]}, {"name": "COPY", "values": [2]},
  {"name": "PRODUCER", "values": [1]}, {"name": "EPILOGUE", "values": [0, 1]}, {"name": "GROUP_M", "values": [8]},
  {"name": "VWA", "values": [8]}, {"name": "VWB", "values": [8]}, {"name": "PRODUCER_REGISTERS", "values": [24, 40]},
  {"name": "REGISTER_GROUPS", "values": [2]}$extra]}
JSON
  for s in 1024 2048; do
    echo "== $p $s"
    timeout 120 $G tune --db /tmp/tune.db --family xgemm_wgmma --space /tmp/space-groups-$p.json --precision $p \
      --sizes ${s}x${s}x${s} --strategy grid --budget 48 2>&1 | tail -2
  done
done 2>&1 | tee $OUT/groups-tune.txt
for p in fp16 bf16 tf32; do
  for timing in per-call stream; do
    timeout 60 $G bench --db /tmp/tune.db --precision $p --sizes 1024x1024x1024,2048x2048x2048 --timing $timing \
      --peers cublas --repeat 10 > $OUT/groups-$p-$timing.txt 2>&1
    echo "$p $timing rc=$?"; grep -E "^[0-9]+x" $OUT/groups-$p-$timing.txt
  done
done
$G db export --db /tmp/tune.db > /tmp/tune.json
python3 - > $OUT/groups-timed.txt <<'PY'
import json
rows = [r for r in json.load(open('/tmp/tune.json')) if r['recorded_at'].startswith('2026-11-29') and r['kernel'] == 'xgemm_wgmma'
        and r['config'].get('REGISTER_GROUPS') == 2]
rows.sort(key=lambda r: (r['precision'], r['m'], -r['gflops']))
for r in rows: print(r['precision'], r['m'], round(r['gflops'] / 1000, 1), r['status'], r['config_key'])
PY
head -5 $OUT/groups-timed.txt
PTXAS=/opt/torch/.venv/lib/python3.12/site-packages/triton/backends/nvidia/bin/ptxas
for f in $(grep -l "maxnreg 80\|maxnreg 128" -r /tmp/cache | head -2); do
  python3 -c "
import re, sys
t = open(sys.argv[1], 'rb').read()
t = t[t.find(b'//'):].rstrip(b'\0').replace(b'.version 9.0', b'.version 8.7')
open('/tmp/p.ptx', 'wb').write(re.sub(rb'(\.shared \.align \d+ \.b8 \S+)\[\d+\];', rb'\1[1024];', t))" $f
  echo "== $f: $(grep -a -E '^\.(maxnreg|reqntid)|setmaxnreg' /tmp/p.ptx | tr '\n' ' ')"
  $PTXAS -arch=sm_90a -v /tmp/p.ptx -o /tmp/p.cubin 2>&1 | grep -v buffer_address | grep -E "warning|error|Used|spill" | head -4
done 2>&1 | tee $OUT/groups-ptxas.txt
