#!/usr/bin/env python3
"""Carries a family's shipped rows to its edited source where every recorded program is unchanged.

Results are keyed by the SHA-256 of a family's source (its includes' texts, then its own), so any
edit of the source leaves the shipped measurements to the old one, and the unit test
ShippedTuning.EveryRowIsKeyedByItsKernelAsItIs fails. An edit that adds a parameter whose default
keeps the old code, or that changes comments only, leaves each recorded configuration's program as
it was: this checks that, by running both sources through the C preprocessor with the row's
defines (its configuration completed with the new description's defaults, the precision's code,
PACKED, PACKED_A and PACKED_B as the library sets them, and every TRANSA and TRANSB) and
comparing the texts; only then are the rows' kernel hashes rewritten. The one difference allowed
is whole declarations added at file scope, as a new include brings: typedefs of one plain name
and function definitions that declare no name the old text uses (an attribute such as overloadable does not hide the name), and
pragma lines the old text already has; nothing in them can change what the old text compiles to.
Any other difference stops it: tune the family again instead.
Usage, from the repository root: configs/tuned/rekey.py FAMILY OLD_REV FILE.json..."""
import difflib, hashlib, json, re, subprocess, sys

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

def pack_condition_holds(config, key):
    """Whether the description's "pack.KEY" holds for `config`, for the "NAME == value" conditions
    the descriptions use; any other condition stops the check rather than compare the wrong program."""
    condition = description['pack'][key]
    when = re.fullmatch(r'\s*(\w+)\s*==\s*(\d+)\s*', condition)
    if not when: raise SystemExit(f'kernels/{family}.json: pack.{key} condition "{condition}" is not NAME == value')
    return config.get(when.group(1)) == int(when.group(2))

def packed(config, precision):
    """PACKED as the library sets it (KernelFamily::packs)."""
    pack = description.get('pack')
    if not pack: return None
    if precision in pack.get('precisions', []): return 1
    return int('when' in pack and pack_condition_holds(config, 'when'))

def in_place(config, precision, trans_a, trans_b):
    """PACKED_A and PACKED_B as the library sets them where "pack.in_place" holds (an operand
    already K-contiguous is read where it lies); none elsewhere."""
    pack = description.get('pack')
    if not pack or 'in_place' not in pack or packed(config, precision) != 1: return {}
    if not pack_condition_holds(config, 'in_place'): return {}
    return {'PACKED_A': int(trans_a), 'PACKED_B': int(not trans_b)}

def preprocessed(text, defines):
    options = [f'-D{name}={value}' for name, value in defines.items()] + ['-Dcl_nv_pragma_unroll=1']
    run = subprocess.run(['cpp', '-P', '-undef', *options], input=text, capture_output=True, text=True)
    if run.returncode != 0: raise SystemExit(f'cpp failed for {defines}: {run.stderr}')
    return '\n'.join(line for line in run.stdout.splitlines() if line.strip())

ATTRIBUTE = re.compile(r'__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)')

def declared_names(text, old_lines):
    """The names `text` declares if it is nothing but typedefs of one plain name, function
    definitions and pragma lines the old program already has; None if it is anything else."""
    names, i = set(), 0
    while True:
        while i < len(text) and text[i].isspace(): i += 1
        if i == len(text): return names
        if text.startswith('#', i):  # a pragma changes how the code after it compiles: only a repeated one
            end = text.find('\n', i)
            end = len(text) if end < 0 else end
            if text[i:end].strip() not in old_lines: return None
            i = end
            continue
        if re.match(r'typedef\b', text[i:]):
            end = text.find(';', i)
            statement = text[i:end] if end >= 0 else ''
            name = re.fullmatch(r'typedef\b[\w\s*]*?\b(\w+)\s*', statement)
            if not name: return None
            names.add(name.group(1))
            i = end + 1
            continue
        brace = text.find('{', i)
        header = ATTRIBUTE.sub(' ', text[i:brace]) if brace >= 0 else ''
        name = re.fullmatch(r'[\w\s*]*?\b(\w+)\s*\([^(){};=#]*\)\s*', header)
        if not name: return None
        names.add(name.group(1))
        depth, i = 0, brace
        while i < len(text):
            depth += {'{': 1, '}': -1}.get(text[i], 0)
            i += 1
            if depth == 0: break
        if depth: return None

def only_declarations_added(old, new):
    """Whether `new` is `old` with whole declarations inserted at file scope that declare no name
    `old` uses."""
    old_lines, new_lines = old.split('\n'), new.split('\n')
    depth_before = [0]  # of braces and parentheses, before each old line
    for line in old_lines:
        depth_before.append(depth_before[-1] + sum({'{': 1, '(': 1, '}': -1, ')': -1}.get(c, 0) for c in line))
    stripped = {line.strip() for line in old_lines}
    names = set()
    for tag, at, _, first, last in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes():
        if tag == 'equal': continue
        if tag != 'insert' or depth_before[at] != 0: return False
        declared = declared_names('\n'.join(new_lines[first:last]), stripped)
        if declared is None: return False
        names |= declared
    return not names & set(re.findall(r'[A-Za-z_]\w*', old))

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
                    defines.update(in_place(config, row['precision'], trans_a, trans_b))
                    old_program, new_program = preprocessed(old_text, defines), preprocessed(new_text, defines)
                    if old_program != new_program and not only_declarations_added(old_program, new_program):
                        raise SystemExit(f'{path}: the program of {defines} changed; tune {family} again')
            checked[key] = True
        assert line.count(marker_old) == 1, line[:200]
        lines[index] = line.replace(marker_old, marker_new)
        carried += 1
    with open(path, 'w') as out:
        out.write('\n'.join(lines))
    print(f'{path}: {carried} rows of {family} carried from {old_hash} to {new_hash}')
print(f'{len(checked)} distinct programs compared under every transposition, all the same but for unused declarations')
