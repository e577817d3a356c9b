#!/bin/bash
# H200: real_applications.txt whole with the shipped tuning and the build that ranks the best
# candidates at finer splits of K: ../2026-11-30_h200-real-applications-whole/run.sh, reading the
# shipped tuning from this folder's shipped.json.gz where the tree's was left behind.
# Usage: run.sh HALF...   (as that script's)
HERE=bench/results/2026-11-30_h200-real-applications-refined \
  exec bash "$(dirname "$0")/../2026-11-30_h200-real-applications-whole/run.sh" "$@"
