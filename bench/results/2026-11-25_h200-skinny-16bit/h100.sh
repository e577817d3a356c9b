#!/bin/bash
# On an H100, with the H200's tuning only (the H100's shipped file has no 16-bit rows):
# bench/validation/random_matrix_units_40.txt at fp16 beside cuBLAS, with the fp16 rows of the H200's
# shipped file before these (commit 6972180) and with them, each imported alone (.gpu/before.json.gz,
# .gpu/after.json.gz, written from the two files).
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz .gpu/before.json.gz .gpu/after.json.gz 2>/dev/null
for f in .gpu/lib/*.xz; do [ -e "$f" ] && python3 -c "import lzma,sys; open(sys.argv[1][:-3],\"wb\").write(lzma.open(sys.argv[1]).read())" "$f" && rm "$f"; done
G="bash .gpu/on-device.sh gemmtune"
W=/tmp/results-h100; rm -rf $W; mkdir -p $W
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for round in before after; do
  $G db import --db $W/$round.db .gpu/$round.json > /dev/null 2>&1; echo "import $round rc=$?"
  timeout 190 $G bench --db $W/$round.db --precision fp16 --problems bench/validation/random_matrix_units_40.txt \
    --timing stream --peers cublas --repeat 10 --json $OUT/h100-random40-fp16-$round.json > $OUT/h100-random40-fp16-$round.txt 2>&1
  echo "$round rc=$?"; grep -A8 "^summary" $OUT/h100-random40-fp16-$round.txt
done
