#!/bin/sh
# configs/tuned/rekey.py on a family of its own in a scratch repository: a shipped row is carried to
# the family's edited source where the edit only adds an include whose declarations the program does
# not use, and refused, the file left as it was, where the edit changes the program or the include
# declares a name the program uses (a builtin it calls).
# usage: rekey_check.sh REKEY_PY
set -eu
rekey=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-rekey.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1  # no hooks or signing of the user's
git init -q . && git config user.email check@localhost && git config user.name check
mkdir kernels
cat > kernels/fam.cl <<'CL'
__kernel void fam(__global float* c, const float a) {
  c[get_global_id(0)] = mad(a, (float)W, c[0]);
}
CL
echo '{"family": "fam", "parameters": [{"name": "W", "default": 2}]}' > kernels/fam.json
cat > kernels/util.cl <<'CL'
typedef float util_t;
inline util_t util_twice(const util_t x) { return 2 * x; }
CL
git add kernels && git commit -q -m old
old_hash=$(sha256sum kernels/fam.cl | cut -c1-16)
row() { echo "{\"kernel\":\"fam\",\"kernel_hash\":\"$1\",\"precision\":\"fp32\",\"config\":{\"W\":4}},"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

# An include of unused declarations: carried.
echo '{"family": "fam", "includes": ["util"], "parameters": [{"name": "W", "default": 2}]}' > kernels/fam.json
new_hash=$(cat kernels/util.cl kernels/fam.cl | sha256sum | cut -c1-16)
row "$old_hash" > rows.json
python3 "$rekey" fam HEAD rows.json > log 2>&1 || { cat log >&2; fail "an include of unused declarations was refused"; }
[ "$(cat rows.json)" = "$(row "$new_hash")" ] || fail "the row was not carried to $new_hash: $(cat rows.json)"

# The same include, but the program changed: refused, nothing rewritten.
sed -i 's/mad(a/fma(a/' kernels/fam.cl
row "$old_hash" > rows.json
if python3 "$rekey" fam HEAD rows.json > log 2>&1; then fail "a changed program was carried"; fi
grep -q "changed; tune fam again" log || { cat log >&2; fail "no reason given"; }
[ "$(cat rows.json)" = "$(row "$old_hash")" ] || fail "a refused row was rewritten"

# Includes that would change the program: each refused with its reason, nothing rewritten.
git checkout -q kernels/fam.cl
cp kernels/util.cl util.cl
refused() {  # $1: what the include adds; $2: what it is
  { cat util.cl; printf '%s\n' "$1"; } > kernels/util.cl
  if python3 "$rekey" fam HEAD rows.json > log 2>&1; then fail "an include that adds $2 was carried"; fi
  grep -q "changed; tune fam again" log || { cat log >&2; fail "no reason given for $2"; }
  [ "$(cat rows.json)" = "$(row "$old_hash")" ] || fail "a refused row was rewritten ($2)"
}
refused 'inline float mad(float a, float b, float c) { return a * b - c; }' "a builtin the program calls"
refused '__attribute__((overloadable)) float mad(float a, float b, float c) { return a * b - c; }' \
  "an overloadable builtin"
refused '#pragma OPENCL FP_CONTRACT OFF' "a pragma the program did not have"
refused 'typedef float (*unary)(float);' "a typedef of more than a name"
# A declaration inside the program's function: refused, though it declares an unused name.
cp util.cl kernels/util.cl
sed -i '1a typedef int unused_t;' kernels/fam.cl
if python3 "$rekey" fam HEAD rows.json > log 2>&1; then fail "a declaration inside a function was carried"; fi
[ "$(cat rows.json)" = "$(row "$old_hash")" ] || fail "a refused row was rewritten (inside a function)"
echo "rekey carries an include of unused declarations and refuses a changed program, redefined builtins, a new pragma, a complex typedef and a declaration inside a function"
