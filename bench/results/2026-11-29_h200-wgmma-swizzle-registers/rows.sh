#!/bin/bash
# After tune.sh, on the same machine: every configuration tune.sh timed (rows of this day) as a
# table, and the retargeted PTX of programs with and without register budgets through ptxas -v
# (the binary cache's files, their header dropped), which says whether setmaxnreg took effect.
cd "$(dirname "$0")/../../.."
source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
$G db export --db /tmp/tune.db > /tmp/tune.json
python3 - > $OUT/timed.txt <<'PY'
import json
rows = [r for r in json.load(open('/tmp/tune.json')) if r['recorded_at'].startswith('2026-11-29') and r['kernel'] == 'xgemm_wgmma']
rows.sort(key=lambda r: (r['precision'], r['m'], r['config'].get('SWIZZLE'), r['config'].get('PRODUCER_REGISTERS')))
print('precision size SWIZZLE PRODUCER_REGISTERS TFLOP/s status')
for r in rows:
    print(r['precision'], r['m'], r['config'].get('SWIZZLE'), r['config'].get('PRODUCER_REGISTERS'),
          round(r['gflops'] / 1000, 1), r['status'])
json.dump(rows, open('/tmp/rows.json', 'w'))
PY
gzip -c /tmp/rows.json > $OUT/timed.json.gz
PTXAS=/opt/torch/.venv/lib/python3.12/site-packages/triton/backends/nvidia/bin/ptxas
# Triton's ptxas reads PTX up to ISA 8.7 (the driver's is 9.0, of which these programs use nothing
# newer) and refuses over 48 KiB of static local memory, which the driver allows: the arrays are
# shrunk, which leaves the registers as they are.
strip() { python3 -c "
import re, sys
t = open(sys.argv[1], 'rb').read()
t = t[t.find(b'//'):].rstrip(b'\0').replace(b'.version 9.0', b'.version 8.7')
t = re.sub(rb'(\.shared \.align \d+ \.b8 \S+)\[\d+\];', rb'\1[1024];', t)
open('/tmp/p.ptx', 'wb').write(t)" "$1"; }
{
  for f in $(grep -l "setmaxnreg" -r /tmp/cache | head -4) $(grep -L "setmaxnreg" -r /tmp/cache | xargs grep -l "wgmma.mma_async" | head -2); do
    strip $f; echo "== $f: $(grep -a -c setmaxnreg /tmp/p.ptx) setmaxnreg, $(grep -a -E '^\.(maxnreg|reqntid)' /tmp/p.ptx | tr '\n' ' ')"
    $PTXAS -arch=sm_90a -v /tmp/p.ptx -o /tmp/p.cubin 2>&1 | grep -v buffer_address | grep -E "warning|error|Used|spill" | head -4
  done
} > $OUT/ptxas.txt 2>&1
cat $OUT/timed.txt $OUT/ptxas.txt
