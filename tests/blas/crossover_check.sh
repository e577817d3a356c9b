#!/bin/sh
# `gemmtune crossover`, then the library in a new process on the same database: the threshold the
# command printed is the one the library says is in force, taken from the recorded crossover.
# usage: crossover_check.sh GEMMTUNE LIBRARY
set -eu
gemmtune=$1 library=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GEMMTUNE_DB="$work/tuning.db"
"$gemmtune" crossover --precision fp32 --sizes 16,32 --repeats 1 --json > "$work/crossover.json"
expected=$(python3 - "$work/crossover.json" <<'PY'
import json, sys
entry = json.load(open(sys.argv[1]))["crossovers"][0]
source = "the crossover of " if entry["crossover"] is not None else "every call on the host: "
amount = f"{entry['threshold']} multiply-adds" if entry["crossover"] is not None else "none (no call goes to the device)"
print(f"gemmtune blas: the sgemm threshold is {amount}, from {source}")
PY
)
# One small cblas_sgemm through the library, loaded as any program loads it.
GEMMTUNE_BLAS_VERBOSE=1 python3 - "$library" 2> "$work/stderr.txt" <<'PY'
import ctypes, sys
blas = ctypes.CDLL(sys.argv[1])
n = 8
ones = (ctypes.c_float * (n * n))(*([1.0] * (n * n)))
c = (ctypes.c_float * (n * n))()
col_major, no_trans = 102, 111
blas.cblas_sgemm(col_major, no_trans, no_trans, n, n, n, ctypes.c_float(1), ones, n, ones, n, ctypes.c_float(0), c, n)
assert c[0] == n, c[0]
PY
if ! grep -q -F "$expected" "$work/stderr.txt"; then
  echo "FAILED: the library did not say '$expected'" >&2
  cat "$work/stderr.txt" >&2
  exit 1
fi
echo "the library's threshold is the recorded one: $(grep -F "$expected" "$work/stderr.txt")"
