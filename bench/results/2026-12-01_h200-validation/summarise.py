#!/usr/bin/env python3
"""One validation set from its parts' bench files: gemmtune against each peer by class (geomean,
worst, how many below 0.5x cuBLAS, how many slower than CLBlast). Usage: summarise.py FILE.json.gz..."""
import gzip, json, math, sys
from collections import defaultdict

times, classes = defaultdict(dict), {}
for name in sys.argv[1:]:
    with gzip.open(name) as f:
        for r in json.load(f)["results"]:
            key = (r["m"], r["n"], r["k"], r["trans"])
            classes[key] = r["class"]
            if r.get("ok", True) and r.get("seconds"):
                times[key][r["peer"]] = r["seconds"]
print(f"{len(times)} problems")
for peer in ("cublas", "clblast"):
    by_class = defaultdict(list)
    for key, t in times.items():
        if "gemmtune" in t and peer in t:
            by_class[classes[key]].append((t[peer] / t["gemmtune"], key))
            by_class["all"].append(by_class[classes[key]][-1])
    for name in sorted(by_class, key=lambda c: (c == "all", c)):
        ratios = by_class[name]
        geomean = math.exp(sum(math.log(r) for r, _ in ratios) / len(ratios))
        worst, where = min(ratios)
        below = sum(r < (0.5 if peer == "cublas" else 1.0) for r, _ in ratios)
        print(f"{peer:8} {name:8} {len(ratios):4}  {geomean:.3f}x  worst {worst:.3f}x "
              f"({'x'.join(map(str, where[:3]))} {where[3]})  {'below 0.5x' if peer == 'cublas' else 'slower'}: {below}")
