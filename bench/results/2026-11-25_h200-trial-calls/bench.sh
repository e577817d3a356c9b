#!/bin/bash
# The validation sets with trial calls (gemmtune beside cuBLAS and CLBlast), the shipped tuning
# imported. Usage: bench.sh SET... where SET is real1, real2, real3 (thirds of
# real_applications.txt, 122 problems each), random100 or fp64 (random_fp64_60.txt in double);
# SET-1 runs it with GEMMTUNE_TRIALS=1 (the model's first choice alone) beside cuBLAS only. Each
# set's results are packed into $OUT/SET.tgz as it ends; LIMIT is each set's seconds, TAG a suffix
# of the files' names.
cd "$(dirname "$0")/../../.."
gunzip -f .gpu/lib/*.gz 2>/dev/null
export GEMMTUNE_CACHE_DIR=/tmp/cache
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
[ -f /tmp/shipped.db ] || { bash .gpu/on-device.sh gemmtune db import --db /tmp/shipped.db configs/tuned/nvidia-h200.json > /dev/null 2>&1; echo "import rc=$?"; }
W=/tmp/full; mkdir -p $W
for run in "$@"; do
  set=${run%-1} precision=fp32 peers= trials=
  [ "$run" != "$set" ] && peers="--peers cublas" trials=1
  case $set in
    real[123]) part=${set#real}
      grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 122 + 1 )),$(( part * 122 ))p > $W/problems-$set.txt ;;
    random100) cp bench/validation/random_100.txt $W/problems-$set.txt ;;
    fp64) cp bench/validation/random_fp64_60.txt $W/problems-$set.txt; precision=fp64 ;;
  esac
  start=$SECONDS
  GEMMTUNE_TRIALS=$trials timeout ${LIMIT:-540} bash .gpu/on-device.sh gemmtune bench --db /tmp/shipped.db --precision $precision $peers \
    --problems $W/problems-$set.txt --json $W/$run$TAG.json > $W/$run$TAG.txt 2>&1; echo "$run rc=$? in $((SECONDS - start)) s"
  echo "$run: $(sed -n '/^summary/,$p' $W/$run$TAG.txt | grep -A1 '^all' | tail -2 | tr -s ' ' | tr '\n' ' ')"
  tar -C $W -czf $OUT/$run$TAG.tgz $run$TAG.json $run$TAG.txt
done
