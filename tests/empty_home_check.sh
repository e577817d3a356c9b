#!/bin/sh
# Runs the test suite with HOME pointed at a new empty directory and fails when a test left anything
# there: the tests keep their databases and caches in the build tree, never in a user's files.
# Afterwards it names every test that failed in a run before the one that counted (where the ctest
# options include --repeat until-pass:N), so a flaky test is in plain sight.
# Usage: tests/empty_home_check.sh <build dir> [ctest options...]
set -u
build_dir=$(cd "$1" && pwd) || exit 1
shift
home=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-empty-home.XXXXXX") || exit 1
output=$(mktemp "${TMPDIR:-/tmp}/gemmtune-ctest-output.XXXXXX") || exit 1
trap 'rm -rf "$home" "$output" "$output.status"' EXIT
# Shown as it runs and kept for the list below; sh has no pipefail, so the status goes by file.
{ HOME=$home ctest --test-dir "$build_dir" --output-on-failure "$@" 2>&1; echo $? > "$output.status"; } | tee "$output"
status=$(cat "$output.status" 2>/dev/null)
case $status in
  '' | *[!0-9]*) echo "the suite's exit status was lost" >&2; status=1 ;;
esac
if [ -n "$(find "$home" -mindepth 1 -print -quit)" ]; then
  echo "the tests left files in HOME:" >&2
  find "$home" -mindepth 1 >&2
  status=1
else
  echo "HOME ($home) was left empty"
fi
# CTest prints a line for each run of a test: "Test #N: NAME ...***Failed" for one that failed.
unsteady=$(grep -E 'Test +#[0-9]+: .*\*\*\*(Failed|Timeout|Exception)' "$output" |
  sed -E 's/^.*Test +#[0-9]+: ([^ ]+) .*$/\1/' | sort -u)
if [ -n "$unsteady" ] && [ "$status" -eq 0 ]; then
  echo "tests that failed once and passed when run again (flaky; see their output above):"
  echo "$unsteady" | sed 's/^/  /'
fi
exit "$status"
