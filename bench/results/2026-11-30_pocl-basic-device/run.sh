#!/bin/bash
# PoCL's in-thread device (POCL_DEVICES=basic: commands run by the calling thread, one core) beside
# its pthread device (worker threads, both cores), each with the pinned PoCL tuning keyed to it,
# on the two CPU validation sets beside OpenBLAS. Usage: run.sh (from anywhere; writes here)
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_pocl-basic-device
tuning=bench/results/2026-11-30_pocl-worker-affinity/pinned-tuning/pocl-tuning.json.gz
work=$(mktemp -d)
gunzip -c $tuning > $work/pthread.json
# The same rows keyed to the basic device: its name and one compute unit.
python3 - $work/pthread.json $work/basic.json <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
for row in rows:
    device = row["device"]
    for field in ("name", "model_key", "key"):
        device[field] = device[field].replace("pthread-", "basic-").replace("|2cu", "|1cu")
    device["compute_units"] = 1
json.dump(rows, open(sys.argv[2], "w"))
PY
for device in pthread basic; do
  POCL_DEVICES=$device build/gemmtune db import --db $work/$device.db $work/$device.json > /dev/null
  for set in cpu_random_30 cpu_random_30_seed2; do
    POCL_DEVICES=$device OPENBLAS_THREAD_TIMEOUT=4 build/gemmtune bench --db $work/$device.db --peers openblas \
      --problems bench/validation/$set.txt --json $here/$device-$set.json --force > $here/$device-$set.txt 2>&1
    gzip -9f $here/$device-$set.json
  done
done
rm -r $work
