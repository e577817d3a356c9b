#!/bin/sh
# Runs a reference BLAS test program of Debian's libblas-test (xblat3s, xblat3d) with
# libgemmtune_blas.so preloaded and every GEMM sent to the device, and checks its report: every
# routine passes its computational and error-exit tests (xGEMM by this library, the others by the
# system BLAS), and the device ran GEMMs.
# usage: reference_blas_check.sh LIBRARY PROGRAM INPUT ROUTINE   (ROUTINE: SGEMM or DGEMM)
set -u
library=$1 program=$2 input=$3 routine=$4

# The package is installed by gemmtune.sh; without it this check would prove nothing, so it fails.
if [ ! -x "$program" ] || [ ! -r "$input" ]; then
  echo "$program or $input is missing: install Debian's libblas-test (gemmtune.sh does)" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
# The program writes its report into the file its input names (sblat3.out, dblat3.out) and exits 0
# whatever happened, so the report is what tells.
LD_PRELOAD=$library GEMMTUNE_BLAS_THRESHOLD=0 GEMMTUNE_BLAS_VERBOSE=1 "$program" < "$input" > stdout.txt 2> stderr.txt
status=$?
report=$(sed -n "1s/^'\([^']*\)'.*/\1/p" "$input")

failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }
[ "$status" -eq 0 ] || fail "$program exited with status $status"
[ -f "$report" ] || fail "no report $report"
if [ -f "$report" ]; then
  grep -a -q "^ $routine  PASSED THE TESTS OF ERROR-EXITS" "$report" || fail "$routine error exits did not pass"
  grep -a -q "^ $routine  PASSED THE COMPUTATIONAL TESTS" "$report" || fail "$routine computational tests did not pass"
  [ "$(grep -a -c 'PASSED THE TESTS OF ERROR-EXITS' "$report")" -eq 6 ] || fail "not every routine passed its error exits"
  [ "$(grep -a -c 'PASSED THE COMPUTATIONAL TESTS' "$report")" -eq 6 ] || fail "not every routine passed its computational tests"
  grep -a -q 'END OF TESTS' "$report" || fail "the report does not end with END OF TESTS"
  ! grep -a -q -e 'FAIL' -e '\*\*\*' "$report" || fail "the report names failures"
fi
lower=$(echo "$routine" | tr 'A-Z' 'a-z')
device_calls=$(grep -a -c "^gemmtune blas: $lower " stderr.txt)
[ "$device_calls" -gt 0 ] || fail "no $routine call ran on the device"
! grep -a -q 'device path failed' stderr.txt || fail "$(grep -a 'device path failed' stderr.txt)"
if [ "$failed" -ne 0 ]; then
  [ -f "$report" ] && grep -a -e 'FAIL' -e '\*\*\*' "$report" | head -20 >&2
  grep -a -v '^gemmtune blas: [sd]gemm ' stderr.txt | head -20 >&2
  exit 1
fi
echo "$routine: every test passed, $device_calls calls on the device"
