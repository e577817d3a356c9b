#!/usr/bin/env python3
"""The parts of one timing as one set: gemmtune/peer geomeans by class, the worst, how many below
0.5x cuBLAS and how many slower than CLBlast. Usage: summarise.py TIMING [PART...] (PART 1 to 4 for
real_applications.txt's quarters, the default all four; r for random_100.txt)"""
import gzip, json, math, sys
from collections import defaultdict

timing = sys.argv[1]
times = defaultdict(dict)  # (m, n, k, trans) -> peer -> seconds
classes = {}
parts = sys.argv[2:] or ["1", "2", "3", "4"]
for part in parts:
    with gzip.open(f"random100-{timing}.json.gz" if part == "r" else f"real{part}-{timing}.json.gz") as f:
        for r in json.load(f)["results"]:
            key = (r["m"], r["n"], r["k"], r["trans"])
            classes[key] = r["class"]
            if r.get("ok", True) and r.get("seconds"):
                times[key][r["peer"]] = r["seconds"]
print(f"{timing}, parts {' '.join(parts)}: {len(times)} problems")
for peer in ("cublas", "clblast"):
    by_class = defaultdict(list)
    for key, t in times.items():
        if "gemmtune" in t and peer in t:
            ratio = t[peer] / t["gemmtune"]
            by_class[classes[key]].append((ratio, key))
            by_class["all"].append((ratio, key))
    for name in sorted(by_class, key=lambda c: (c == "all", c)):
        ratios = by_class[name]
        geomean = math.exp(sum(math.log(r) for r, _ in ratios) / len(ratios))
        worst, where = min(ratios)
        print(f"  /{peer:8} {name:7} {len(ratios):4}  geomean {geomean:.3f}x  worst {worst:.3f}x at "
              f"{'x'.join(map(str, where[:3]))} {where[3]}  below 0.5x {sum(r < 0.5 for r, _ in ratios)}"
              f"  below 1x {sum(r < 1 for r, _ in ratios)}")
below = sorted((t["cublas"] / t["gemmtune"], key) for key, t in times.items() if "gemmtune" in t and "cublas" in t)
print("  the ten slowest against cuBLAS:", ", ".join(f"{'x'.join(map(str, k[:3]))} {k[3]} {r:.2f}x" for r, k in below[:10]))
