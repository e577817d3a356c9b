#!/bin/bash
# Column-major calls with the shipped (row-major) H200 tuning: `gemmtune run --layout col` of the
# build before this session (3d969e7) and of the build that reads either layout's tuning, on an
# H200, fp32 and fp64, checked against OpenBLAS.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
W=/tmp/results11; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache11 GEMMTUNE_DB=/tmp/user11.db
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
rm -f /tmp/user11.db; bash .gpu/on-device.sh gemmtune db import --db /tmp/user11.db configs/tuned/nvidia-h200.json > /dev/null 2>&1
for v in gemmtune-old gemmtune; do for p in fp32 fp64; do for s in "4096 NN" "1024 NN" "2500x1500x3500 TN" "1760x16x1760 NN" "512x16x500000 NT" "8192x1x8192 NT"; do set -- $s
  echo "$v $(bash .gpu/on-device.sh $v run --layout col --precision $p --size $1 --trans $2 --check --repeat 10 --json)"; done; done; done > $W/col-major.txt 2>&1
python3 -c "
import json
for l in open('$W/col-major.txt'):
    v,j=l.split(' ',1)
    try: d=json.loads(j)
    except Exception: print(v, j[:200]); continue
    print('%-12s %s %5dx%5dx%6d %s %-13s %-8s %s %9.1f us %8.1f GFLOP/s'%(v, d['precision'], d['m'], d['n'], d['k'], d['trans'], d['family'], d['config_source'], 'ok' if d['ok'] else 'FAILED', d['seconds']*1e6, d['gflops']))
" | tee $W/col-major-table.txt
cp $W/col-major.txt $W/col-major-table.txt $OUT/
