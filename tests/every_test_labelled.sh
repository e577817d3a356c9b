#!/bin/sh
# Fails when a CTest test has no label: `ctest -L <label>` must select every test of its kind.
# Usage: every_test_labelled.sh <ctest> <build dir>
set -eu
ctest_command=$1 build_dir=$2
unlabelled=$("$ctest_command" --test-dir "$build_dir" --show-only -LE . | grep 'Test *#' || true)
if [ -n "$unlabelled" ]; then
  echo "tests without a label:" >&2
  echo "$unlabelled" >&2
  exit 1
fi
