#!/bin/bash
# The problems of the validation sets whose choice changed with this tuning (first-fit/changed-*.txt:
# the shipped tuning before, with xgemm_skinny's rows carried to its lane order, against after),
# each benched with both tunings in one session: after (gemmtune beside cuBLAS and CLBlast), then
# before (gemmtune beside cuBLAS). The tuning before is .gpu/old-h200.json.gz. Each set's results
# are packed into $OUT/SET.tgz as it finishes (SETS chooses the sets, LIMIT each run's seconds).
# CHANGED=changed2 reads changed2-*.txt instead, and BEFORE=gemmtune-old runs the tuning before
# with that bundled build (the dispatcher before the fit's margin) instead of this one.
cd "$(dirname "$0")/../../.."
D=bench/results/2026-11-25_h200-skinny-lane-order
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
if [ ! -f /tmp/after.db ]; then
  gunzip -c .gpu/old-h200.json.gz > /tmp/old-h200.json
  $G db import --db /tmp/after.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import after rc=$?"
  $G db import --db /tmp/before.db /tmp/old-h200.json > /dev/null 2>&1; echo "import before rc=$?"
fi
for set in ${SETS:-real1 real2 random100 fp64}; do
  precision=fp32; [ $set = fp64 ] && precision=fp64
  for tuning in after before; do
    peers=; build=gemmtune; [ $tuning = before ] && peers="--peers cublas" && build=${BEFORE:-gemmtune}
    timeout ${LIMIT:-250} bash .gpu/on-device.sh $build bench --db /tmp/$tuning.db --precision $precision $peers \
      --problems $D/${CHANGED:-first-fit/changed}-$set.txt --json /tmp/$set-$tuning.json > /tmp/$set-$tuning.txt 2>&1
    echo "$set $tuning rc=$?: $(sed -n '/^summary/,$p' /tmp/$set-$tuning.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
  done
  tar -C /tmp -czf $OUT/$set.tgz $set-after.json $set-after.txt $set-before.json $set-before.txt
done
