#!/bin/sh
# Runs the test suite with HOME pointed at a new empty directory and fails when a test left anything
# there: the tests keep their databases and caches in the build tree, never in a user's files.
# Usage: tests/empty_home_check.sh <build dir> [ctest options...]
set -u
build_dir=$(cd "$1" && pwd)
shift
home=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-empty-home.XXXXXX")
HOME=$home ctest --test-dir "$build_dir" --output-on-failure "$@"
status=$?
if [ -n "$(find "$home" -mindepth 1 -print -quit)" ]; then
  echo "the tests left files in HOME:" >&2
  find "$home" -mindepth 1 >&2
  status=1
else
  echo "HOME ($home) was left empty"
fi
rm -rf "$home"
exit $status
