#!/bin/sh
# Runs a reference BLAS test program of Debian's libblas-test (xblat3s, xblat3d, xscblat3,
# xdcblat3) with libgemmtune_blas.so preloaded and checks its report: every routine passes its
# computational and error-exit tests (ROUTINE by this library, the others by the system BLAS), and
# with THRESHOLD 0 the device ran ROUTINE's calls (else none).
# usage: reference_blas_check.sh LIBRARY PROGRAM INPUT ROUTINE REPORT THRESHOLD
#   ROUTINE as the report names it (SGEMM, cblas_sgemm); REPORT the file the program writes its
#   report into, as its input names it, or - where it reports on stdout (the CBLAS programs).
set -u
library=$1 program=$2 input=$3 routine=$4 report=$5 threshold=$6

# The package is installed by gemmtune.sh; without it this check would prove nothing, so it fails.
if [ ! -x "$program" ] || [ ! -r "$input" ]; then
  echo "$program or $input is missing: install Debian's libblas-test (gemmtune.sh does)" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
# The program exits 0 whatever happened, so the report is what tells.
LD_PRELOAD=$library GEMMTUNE_BLAS_THRESHOLD=$threshold GEMMTUNE_BLAS_VERBOSE=1 "$program" < "$input" > stdout.txt 2> stderr.txt
status=$?
[ "$report" = - ] && report=stdout.txt

failed=0
fail() { echo "FAILED: $*" >&2; failed=1; }
[ "$status" -eq 0 ] || fail "$program exited with status $status"
[ -f "$report" ] || fail "no report $report"
if [ -f "$report" ]; then
  grep -a -q "^ $routine  *PASSED THE TESTS OF ERROR-EXITS" "$report" || fail "$routine error exits did not pass"
  grep -a -q "^ $routine  *PASSED THE .*COMPUTATIONAL TESTS" "$report" || fail "$routine computational tests did not pass"
  [ "$(grep -a -c 'PASSED THE TESTS OF ERROR-EXITS' "$report")" -eq 6 ] || fail "not every routine passed its error exits"
  [ "$(grep -a -c 'PASSED THE .*COMPUTATIONAL TESTS' "$report")" -ge 6 ] || fail "not every routine passed its computational tests"
  grep -a -q 'END OF TESTS' "$report" || fail "the report does not end with END OF TESTS"
  ! grep -a -q -e 'FAIL' -e '\*\*\*' "$report" || fail "the report names failures"
fi
device_calls=$(grep -a -c '^gemmtune blas: [sd]gemm ' stderr.txt)
if [ "$threshold" = 0 ]; then
  [ "$device_calls" -gt 0 ] || fail "no $routine call ran on the device"
else
  [ "$device_calls" -eq 0 ] || fail "$device_calls calls ran on the device above the threshold $threshold"
fi
! grep -a -q 'device path failed' stderr.txt || fail "$(grep -a 'device path failed' stderr.txt)"
if [ "$failed" -ne 0 ]; then
  [ -f "$report" ] && grep -a -e 'FAIL' -e '\*\*\*' "$report" | head -20 >&2
  grep -a -v '^gemmtune blas: [sd]gemm ' stderr.txt | head -20 >&2
  exit 1
fi
echo "$routine: every test passed, $device_calls calls on the device"
