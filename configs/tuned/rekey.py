#!/usr/bin/env python3
"""Carries a family's shipped rows to its edited source where every recorded program is unchanged.

Results are keyed by the SHA-256 of a family's source (its includes' texts, then its own), so any
edit of the source leaves the shipped measurements to the old one, and the unit test
ShippedTuning.EveryRowIsKeyedByItsKernelAsItIs fails. An edit that adds a parameter whose default
keeps the old code, or that changes comments only, leaves each recorded configuration's program as
it was: this checks that, by running both sources through the C preprocessor with the row's
defines (its configuration completed with the new description's defaults, the precision's code,
PACKED as the library sets it, and every TRANSA and TRANSB) and comparing the texts; only then are
the rows' kernel hashes rewritten. Any difference stops it: tune the family again instead.
Usage, from the repository root: configs/tuned/rekey.py FAMILY OLD_REV FILE.json..."""
import hashlib, json, re, subprocess, sys

family, old_rev, files = sys.argv[1], sys.argv[2], sys.argv[3:]
PRECISION_CODES = {'fp16': 16, 'bf16': 116, 'tf32': 19, 'fp32': 32, '3xtf32': 332, 'fp64': 64}

def combined_source(read):
    description = json.loads(read(f'kernels/{family}.json'))
    text = ''.join(read(f'kernels/{name}.cl') for name in description.get('includes', []))
    return text + read(f'kernels/{family}.cl'), description

def at_old_rev(path):
    return subprocess.run(['git', 'show', f'{old_rev}:{path}'], check=True, capture_output=True, text=True).stdout

old_text, _ = combined_source(at_old_rev)
new_text, description = combined_source(lambda path: open(path).read())
old_hash, new_hash = (hashlib.sha256(text.encode()).hexdigest()[:16] for text in (old_text, new_text))
defaults = {parameter['name']: parameter['default'] for parameter in description['parameters']}

def packed(config, precision):
    """PACKED as the library sets it (KernelFamily::packs), for the "NAME == value" conditions the
    descriptions use; any other condition stops the check rather than compare the wrong program."""
    pack = description.get('pack')
    if not pack: return None
    if precision in pack.get('precisions', []): return 1
    if 'when' not in pack: return 0
    when = re.fullmatch(r'\s*(\w+)\s*==\s*(\d+)\s*', pack['when'])
    if not when: raise SystemExit(f'kernels/{family}.json: pack condition "{pack["when"]}" is not NAME == value')
    return int(config.get(when.group(1)) == int(when.group(2)))

def preprocessed(text, defines):
    options = [f'-D{name}={value}' for name, value in defines.items()] + ['-Dcl_nv_pragma_unroll=1']
    run = subprocess.run(['cpp', '-P', '-undef', *options], input=text, capture_output=True, text=True)
    if run.returncode != 0: raise SystemExit(f'cpp failed for {defines}: {run.stderr}')
    return '\n'.join(line for line in run.stdout.splitlines() if line.strip())

checked = {}
marker_old = f'"kernel":"{family}","kernel_hash":"{old_hash}"'
marker_new = f'"kernel":"{family}","kernel_hash":"{new_hash}"'
for path in files:
    lines = open(path).read().split('\n')  # one row per line, as `gemmtune db export` writes them
    carried = 0
    for index, line in enumerate(lines):
        if marker_old not in line: continue
        row = json.loads(line.rstrip(','))
        config = dict(defaults, **row['config'])
        key = json.dumps([config, row['precision']], sort_keys=True)
        if key not in checked:
            packs = packed(config, row['precision'])
            for trans_a in (0, 1):
                for trans_b in (0, 1):
                    defines = dict(config, PRECISION=PRECISION_CODES[row['precision']], TRANSA=trans_a, TRANSB=trans_b)
                    if packs is not None: defines['PACKED'] = packs
                    if preprocessed(old_text, defines) != preprocessed(new_text, defines):
                        raise SystemExit(f'{path}: the program of {defines} changed; tune {family} again')
            checked[key] = True
        assert line.count(marker_old) == 1, line[:200]
        lines[index] = line.replace(marker_old, marker_new)
        carried += 1
    with open(path, 'w') as out:
        out.write('\n'.join(lines))
    print(f'{path}: {carried} rows of {family} carried from {old_hash} to {new_hash}')
print(f'{len(checked)} distinct programs compared under every transposition, all the same')
