#!/bin/sh
# NumPy through the drop-in BLAS: `a @ b` of float32 and float64, NN and with transposed operands,
# with libgemmtune_blas.so preloaded and every call sent to the device, equals what NumPy computes
# on its own BLAS (within the forward error bound of a dot product), and the device path was taken.
set -eu
library=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-numpy.XXXXXX")
trap 'rm -rf "$work"' EXIT
cat >"$work/products.py" <<'PY'
import ctypes, sys
import numpy as np
out, library = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
rng = np.random.default_rng(7)
products = {}
for dtype in (np.float32, np.float64):
    a = rng.standard_normal((300, 200)).astype(dtype)
    b = rng.standard_normal((200, 150)).astype(dtype)
    at = np.ascontiguousarray(a.T)
    name = np.dtype(dtype).name
    products[name + "_nn"] = a @ b
    products[name + "_tn"] = at.T @ b          # a transposed view: TRANS on one operand
    products[name + "_nt"] = a @ np.ascontiguousarray(b.T).T
    products[name + "_magnitude"] = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
np.savez(out, **products)
if library:
    calls = ctypes.CDLL(library).gemmtune_blas_device_calls
    calls.restype = ctypes.c_uint64
    print(calls())
PY
/usr/bin/python3 "$work/products.py" "$work/own.npz"
calls=$(LD_PRELOAD="$library" GEMMTUNE_BLAS_THRESHOLD=0 /usr/bin/python3 "$work/products.py" "$work/device.npz" "$library")
if [ "$calls" -lt 6 ]; then echo "the device path was taken $calls times, not for each of the 6 products"; exit 1; fi
/usr/bin/python3 - "$work/own.npz" "$work/device.npz" <<'PY'
import sys
import numpy as np
own, device = np.load(sys.argv[1]), np.load(sys.argv[2])
for name in own.files:
    if name.endswith("_magnitude"):
        continue
    expected, got = own[name], device[name]
    magnitude = own[name.rsplit("_", 1)[0] + "_magnitude"]
    # Each result is within 2 (K + 2) eps (|a||b|)(i, j) of the exact product, so within twice that
    # of each other.
    bound = 2 * 2 * (200 + 2) * np.finfo(expected.dtype).eps * magnitude
    excess = np.max(np.abs(expected - got) / bound)
    if not excess <= 1:
        sys.exit(f"{name}: differs from NumPy's own by {excess:.3g} times the bound")
    print(f"{name}: max |difference| {np.max(np.abs(expected - got)):.3g}, {excess:.3g} of the bound")
PY
echo "NumPy through libgemmtune_blas: $calls calls on the device, every product equal to NumPy's own"
