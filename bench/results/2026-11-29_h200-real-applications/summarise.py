#!/usr/bin/env python3
"""The four parts of one timing as one set (../summarise_sets.py). Usage: summarise.py TIMING"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from summarise_sets import summarise

timing = sys.argv[1]
summarise(timing, [f"real{part}-{timing}.json.gz" for part in range(1, 5)])
