#!/usr/bin/env python3
"""The problems whose first choice differs between two `gemmtune db choose --json` outputs, as a
problem file (M N K TRANS a line): which problems a new build or tuning changes, to bench before and
after (the two outputs may come from two builds, which `db choose --against` cannot compare). A
choice is its family, configuration and how it runs (the transpositions and layout after a
pre-pass), so that one configuration run otherwise counts as a change.
Usage, from the repository root as the run scripts of these folders call it:
bench/results/changed_choices.py BEFORE.json AFTER.json > changed.txt"""
import json
import sys

before, after = (json.load(open(path))['problems'] for path in sys.argv[1:3])
for old, new in zip(before, after):
    first = lambda problem: (json.dumps([problem['candidates'][0].get(field) for field in
                                         ('family', 'config', 'runs_trans', 'runs_layout')], sort_keys=True)
                             if problem['candidates'] else None)
    if first(old) != first(new):
        print(old['m'], old['n'], old['k'], old['trans'])
