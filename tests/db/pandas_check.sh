#!/bin/sh
# `gemmtune db export --format csv` read by pandas (Debian's python3-pandas) with nothing done to it:
# every row, the header's names, numbers as numbers, text as text, one failure's message intact.
set -eu
gemmtune=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-pandas.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A session with a failure among its results: its second candidate's worker made to exit.
GEMMTUNE_TEST_FAULTS=exit@2 "$gemmtune" tune --family xgemm_skinny --sizes 24x8x40 --strategy random --budget 4 \
  --runs 1 --db "$work/t.db" 2>/dev/null
"$gemmtune" db export --format csv --db "$work/t.db" -o "$work/t.csv"
/usr/bin/python3 - "$work/t.csv" <<'PY'
import sys
import pandas as pd
frame = pd.read_csv(sys.argv[1])
expected = {"m": "int64", "n": "int64", "k": "int64", "runs": "int64", "min_seconds": "float64",
            "median_seconds": "float64", "spread": "float64", "gflops": "float64", "compile_seconds": "float64",
            "config_key": "object", "status": "object", "trans": "object", "recorded_at": "object"}
wrong = {name: str(frame[name].dtype) for name, dtype in expected.items() if str(frame[name].dtype) != dtype}
if wrong:
    sys.exit(f"columns of the wrong type: {wrong}")
if len(frame) < 4 or set(frame["status"]) != {"ok", "crashed"}:
    sys.exit(f"rows: {len(frame)}, statuses {set(frame['status'])}")
failure = frame[frame["status"] == "crashed"].iloc[0]
if "exited with status 3" not in failure["error"] or "," not in failure["config_key"]:
    sys.exit(f"a failure's text did not survive: {failure['error']!r}, {failure['config_key']!r}")
print(f"pandas read {len(frame)} rows, {len(frame.columns)} columns, every type as expected")
PY
