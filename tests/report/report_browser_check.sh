#!/bin/sh
# `gemmtune report` rendered by headless Chromium: a small database tuned on PoCL (two sessions, a
# failure among the evaluations) and a bench file of the repository; no uncaught exception, console
# error or failed load, and every chart drawn. Then two broken pages, which the check must refuse.
# Skipped (77) only where Chromium is not installed.
set -eu
gemmtune=$1
source_dir=$2
check="$source_dir/tests/report/render_report.py"
if ! command -v chromium >/dev/null 2>&1; then
  echo "skipped: Chromium is not installed (Debian package chromium)"
  exit 77
fi
work=$(dirname "$GEMMTUNE_DB")/browser  # kept after the test: the page and its screenshot
rm -rf "$work"
mkdir -p "$work"

GEMMTUNE_TEST_FAULTS=exit@2 "$gemmtune" tune --family xgemm_skinny --sizes 24x8x40 --strategy random --budget 4 \
  --runs 1 --db "$work/t.db" 2>/dev/null
"$gemmtune" tune --family xgemm_skinny --sizes 24x8x40 --strategy genetic --budget 3 --runs 1 --db "$work/t.db" 2>/dev/null
"$gemmtune" report --db "$work/t.db" --out "$work/report.html" \
  --bench "$source_dir/bench/results/2026-11-23_pocl-3.1_epyc-2core_a517cba-random30.json"
python3 "$check" "$work/report.html" --screenshot "$work/report.png" --no-placeholders \
  --require best-by-evaluations best-by-time parameter- failures coverage bench-0-shapes bench-0-classes

# The check itself must fail on a page that throws and on a chart that drew nothing.
sed 's|<script>|<script>document.addEventListener("DOMContentLoaded", () => { throw new Error("broken page"); });|' \
  "$work/report.html" >"$work/throws.html"
sed 's|</main>|<canvas data-chart="blank"></canvas></main>|' "$work/report.html" >"$work/blank.html"
for broken in throws blank; do
  if python3 "$check" "$work/$broken.html" --screenshot "$work/$broken.png" >"$work/$broken.txt"; then
    echo "the check passed a broken page ($broken.html):"
    cat "$work/$broken.txt"
    exit 1
  fi
  grep FAIL "$work/$broken.txt"
done
echo "the check refused both broken pages"
