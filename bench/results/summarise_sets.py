#!/usr/bin/env python3
"""Bench files of one set's parts as one set: gemmtune against each peer by class (geomean, worst,
how many below 0.5x and below 1x), and the ten slowest against cuBLAS.
Usage: summarise_sets.py TITLE FILE.json[.gz]...   (also imported: summarise(title, paths))"""
import gzip, json, math, sys
from collections import defaultdict


def load(path):
    with (gzip.open(path) if path.endswith(".gz") else open(path)) as f:
        return json.load(f)["results"]


def summarise(title, paths):
    times = defaultdict(dict)  # (m, n, k, trans) -> peer -> seconds
    classes = {}
    for path in paths:
        for r in load(path):
            key = (r["m"], r["n"], r["k"], r["trans"])
            classes[key] = r["class"]
            if r.get("ok", True) and r.get("seconds"):
                times[key][r["peer"]] = r["seconds"]
    print(f"{title}: {len(times)} problems")
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


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    summarise(sys.argv[1], sys.argv[2:])
