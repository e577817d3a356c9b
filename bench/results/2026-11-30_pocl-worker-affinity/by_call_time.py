#!/usr/bin/env python3
"""Geometric means of gemmtune/OpenBLAS speed over bench JSON files, by OpenBLAS's time per call.

Usage: by_call_time.py FILE.json...   (the files of one set and one setting: their problems pooled)
Classes: tiny (OpenBLAS under 1 us), small (1 to 10 us), mid (10 to 100 us), large (100 us and more).
"""
import json
import math
import sys
from collections import defaultdict


def call_class(seconds):
    return "tiny" if seconds < 1e-6 else "small" if seconds < 10e-6 else "mid" if seconds < 100e-6 else "large"


logs = defaultdict(list)
for path in sys.argv[1:]:
    times = defaultdict(dict)
    for result in json.load(open(path))["results"]:
        if result["ok"]:
            times[(result["m"], result["n"], result["k"], result["trans"])][result["peer"]] = result["seconds"]
    for peers in times.values():
        if "gemmtune" in peers and "openblas" in peers:
            ratio = math.log(peers["openblas"] / peers["gemmtune"])
            logs[call_class(peers["openblas"])].append(ratio)
            logs["all"].append(ratio)
for name in ["tiny", "small", "mid", "large", "all"]:
    if logs[name]:
        print(f"{name:6} {len(logs[name]):4} {math.exp(sum(logs[name]) / len(logs[name])):7.3f}x")
