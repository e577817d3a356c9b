#!/bin/bash
# H200, once REGISTER_GROUPS caps the launch's registers (.maxnreg) with or without budgets: the
# shipped tuning imported into an empty database; two work-groups a multiprocessor by registers
# (REGISTER_GROUPS 2), with and without budgets, checked against OpenBLAS, then tuned (grid) at 1024^3 and 2048^3 in
# fp16, bf16 and tf32; gemmtune bench beside cuBLAS at the squares of 1024 to 8192 per call and as
# streams; the database exported (the shipped file's successor). One archive comes back.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-final
W=/tmp/final; rm -rf $W; mkdir -p $W
DB=/tmp/final.db; rm -f $DB
$G db import --db $DB configs/tuned/nvidia-h200.json | tail -1
check() { echo "$*: $(timeout 60 $G run --family xgemm_wgmma --check --repeat 2 "$@" 2>&1 | tail -1)"; }
g=COPY=2,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,VWA=8,VWB=8,REGISTER_GROUPS=2
{
for t in NN TT; do
  check --precision fp16 --config $g,WARPGROUPS=2,BN=64,BK=64,STAGES=3,PRODUCER_REGISTERS=40 --size 2048x1536x320 --trans $t
  check --precision bf16 --config $g,WARPGROUPS=1,BN=128,BK=64,STAGES=3,PRODUCER_REGISTERS=40 --size 1000x777x333 --trans $t --beta 0.5
  check --precision tf32 --config $g,WARPGROUPS=1,BN=128,BK=32,STAGES=3,PRODUCER_REGISTERS=24,IN_PLACE=1 --size 2048x1536x320 --trans $t
  check --precision fp16 --config COPY=2,EPILOGUE=0,GROUP_M=8,MT=1,PRODUCER=0,VWA=8,VWB=8,REGISTER_GROUPS=2,WARPGROUPS=2,BN=64,BK=64,STAGES=4 --size 1000x777x333 --trans $t --beta 0.5
done
check --precision fp16 --config BK=64,BN=256,COPY=2,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,PRODUCER_REGISTERS=40,REGISTER_GROUPS=1 --size 4096x4096x4096 --trans NN
} 2>&1 | tee $W/checks.txt
for p in fp16 bf16 tf32; do
  bk=64; extra=""; [ $p = tf32 ] && bk=32 && extra=', {"name": "IN_PLACE", "values": [1]}'
  cat > $W/space-groups-$p.json <<JSON
{"kernel": "xgemm_wgmma", "description": "two work-groups a multiprocessor under register budgets",
 "parameters": [{"name": "WARPGROUPS", "values": [1, 2]}, {"name": "MT", "values": [1]}, {"name": "BN", "values": [64, 128, 256]},
  {"name": "BK", "values": [$bk]}, {"name": "STAGES", "values": [3, 4]}, {"name": "COPY", "values": [2]},
  {"name": "PRODUCER", "values": [1]}, {"name": "EPILOGUE", "values": [0, 1]}, {"name": "GROUP_M", "values": [8]},
  {"name": "VWA", "values": [8]}, {"name": "VWB", "values": [8]}, {"name": "PRODUCER_REGISTERS", "values": [0, 40]},
  {"name": "REGISTER_GROUPS", "values": [2]}$extra]}
JSON
  for s in 1024 2048; do
    echo "== $p $s"
    timeout 150 $G tune --db $DB --family xgemm_wgmma --space $W/space-groups-$p.json --precision $p \
      --sizes ${s}x${s}x${s} --strategy grid --budget 48 2>&1 | tail -3
  done
done 2>&1 | tee $W/tune-output.txt
sizes=1024x1024x1024,2048x2048x2048,3072x3072x3072,4096x4096x4096,8192x8192x8192
for p in fp16 bf16 tf32; do
  for timing in per-call stream; do
    timeout 80 $G bench --db $DB --precision $p --sizes $sizes --timing $timing --peers cublas --repeat 10 \
      > $W/$p-$timing.txt 2>&1
    echo "$p $timing rc=$?"; grep -E "^[0-9]+x" $W/$p-$timing.txt
  done
done 2>&1 | tee $W/bench-summary.txt
$G db export --db $DB > $W/export.json
python3 - > $W/timed.txt <<'PY'
import json
rows = [r for r in json.load(open('/tmp/final/export.json')) if r['recorded_at'].startswith('2026-11-29')]
rows.sort(key=lambda r: (r['precision'], r['m'], -r['gflops']))
for r in rows: print(r['precision'], r['m'], round(r['gflops'] / 1000, 1), r['status'], r['config_key'], r['error'][:160])
PY
gzip -9 $W/export.json
tar -C $W -czf $OUT/results.tgz .
