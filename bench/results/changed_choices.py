#!/usr/bin/env python3
"""The problems whose first choice differs between two `gemmtune db choose --json` outputs, as a
problem file (M N K TRANS a line): which problems a new build or tuning changes, to bench before and
after (the two outputs may come from two builds, which `db choose --against` cannot compare). A
choice is its family, configuration and how it runs (the transpositions and layout after a
pre-pass), so that one configuration run otherwise counts as a change. With --trials, the problems
whose candidates differ at all (those a handle's trial calls time, in any order): a change of the
candidates after the first moves what the trial calls keep without moving the first choice.
Usage, from the repository root as the run scripts of these folders call it:
bench/results/changed_choices.py [--trials] BEFORE.json AFTER.json > changed.txt"""
import json
import sys

arguments = sys.argv[1:]
trials = arguments[0] == '--trials'
if trials:
    arguments = arguments[1:]
before, after = (json.load(open(path))['problems'] for path in arguments[:2])


def choice(candidate):
    return json.dumps([candidate.get(field) for field in ('family', 'config', 'runs_trans', 'runs_layout')],
                      sort_keys=True)


def compared(problem):
    candidates = problem['candidates']
    if trials:
        return sorted(map(choice, candidates))
    return choice(candidates[0]) if candidates else None


for old, new in zip(before, after):
    if compared(old) != compared(new):
        print(old['m'], old['n'], old['k'], old['trans'])
