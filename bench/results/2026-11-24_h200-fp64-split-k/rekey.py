#!/usr/bin/env python3
"""Carries the shipped tuning of xgemm_skinny over to its new source, where the program is the same.

Results are keyed by the SHA-256 of a kernel's source, so any edit of kernels/xgemm_skinny.cl leaves
its shipped measurements to the old source. This session's edit lets double precision split K on
NVIDIA's devices (before, an #error) and changes comments; for every configuration, precision and
transposition recorded before, the program the device compiles is the same. This checks that: each
recorded row's source, old and new, run through the C preprocessor with the row's defines and
NVIDIA's extension macro, must give the same text; only then is the row's kernel_hash rewritten.
Usage: rekey.py OLD_REV FILE.json... (run from the repository root)."""
import hashlib, json, subprocess, sys

OLD_REV, files = sys.argv[1], sys.argv[2:]
old_text = subprocess.run(['git', 'show', f'{OLD_REV}:kernels/xgemm_skinny.cl'], check=True,
                          capture_output=True, text=True).stdout
new_text = open('kernels/xgemm_skinny.cl').read()
old_hash, new_hash = (hashlib.sha256(t.encode()).hexdigest()[:16] for t in (old_text, new_text))

def preprocessed(text, defines):
    options = [f'-D{name}={value}' for name, value in defines.items()] + ['-Dcl_nv_pragma_unroll=1']
    run = subprocess.run(['cpp', '-P', '-undef', *options], input=text, capture_output=True, text=True)
    if run.returncode != 0: raise SystemExit(f'cpp failed for {defines}: {run.stderr}')
    return '\n'.join(line for line in run.stdout.splitlines() if line.strip())

checked = {}
for path in files:
    lines = open(path).read().split('\n')  # one row per line, as `gemmtune db export` writes them
    carried = 0
    for index, line in enumerate(lines):
        if not line.startswith('{'): continue
        row = json.loads(line.rstrip(','))
        if row['kernel'] != 'xgemm_skinny' or row['kernel_hash'] != old_hash: continue
        defines = dict(row['config'], PRECISION=64 if row['precision'] == 'fp64' else 32,
                       TRANSA=int(row['trans'][0] == 'T'), TRANSB=int(row['trans'][1] == 'T'))
        key = json.dumps(defines, sort_keys=True)
        if key not in checked:
            checked[key] = preprocessed(old_text, defines) == preprocessed(new_text, defines)
        if not checked[key]: raise SystemExit(f'{path}: the program of {key} changed; tune it again')
        marker = f'"kernel":"xgemm_skinny","kernel_hash":"{old_hash}"'
        assert line.count(marker) == 1, line[:200]
        lines[index] = line.replace(marker, f'"kernel":"xgemm_skinny","kernel_hash":"{new_hash}"')
        carried += 1
    with open(path, 'w') as out:
        out.write('\n'.join(lines))
    print(f'{path}: {carried} rows carried from {old_hash} to {new_hash}')
print(f'{len(checked)} distinct programs compared, all the same')
