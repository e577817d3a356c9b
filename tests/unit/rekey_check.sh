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
git init -q . && git config user.email check@localhost && git config user.name check
mkdir kernels
cat > kernels/fam.cl <<'CL'
__kernel void fam(__global float* c, const float a) { c[get_global_id(0)] = mad(a, (float)W, c[0]); }
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

# An include that declares a builtin the program calls: refused.
git checkout -q kernels/fam.cl
echo 'inline float mad(float a, float b, float c) { return a * b - c; }' >> kernels/util.cl
if python3 "$rekey" fam HEAD rows.json > log 2>&1; then fail "an include that redefines mad was carried"; fi
grep -q "changed; tune fam again" log || { cat log >&2; fail "no reason given"; }
[ "$(cat rows.json)" = "$(row "$old_hash")" ] || fail "a refused row was rewritten"
echo "rekey carries an include of unused declarations and refuses a changed program and a redefined builtin"
