#!/usr/bin/env python3
"""The parts of one timing as one set (../summarise_sets.py). Usage: summarise.py TIMING [PART...]
(PART 1 to 4 for real_applications.txt's quarters, the default all four; r for random_100.txt)"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from summarise_sets import summarise

timing = sys.argv[1]
parts = sys.argv[2:] or ["1", "2", "3", "4"]
summarise(f"{timing}, parts {' '.join(parts)}",
          [f"random100-{timing}.json.gz" if part == "r" else f"real{part}-{timing}.json.gz" for part in parts])
