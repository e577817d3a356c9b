#!/bin/bash
# PoCL: six problems the pinned PoCL tuning never measured, tuned into a copy of it with a budget of
# four evaluations beyond the defaults, by the build before the model's predictions became seeds
# (OLD) and the build with them (NEW), in turns; then each database's best for each problem.
# Usage: OLD=path/to/gemmtune NEW=path/to/gemmtune run.sh   (from anywhere)
here=$(cd "$(dirname "$0")" && pwd)
W=${W:-/tmp/pocl-model-seeds}; rm -rf $W; mkdir -p $W
gunzip -c $here/../2026-11-30_pocl-worker-affinity/pinned-tuning/pocl-tuning.json.gz > $W/tuning.json
# Its xgemm rows are keyed by xgemm's source before C could be staged through local memory
# (22a51e8): carried to the current source, whose programs for them are the same.
(cd $here/../../.. && python3 configs/tuned/rekey.py xgemm 22a51e8^ $W/tuning.json)
for round in 1 2; do
  for build in old new; do
    program=$OLD; [ $build = new ] && program=$NEW
    db=$W/$build-$round.db
    $program db import --db $db $W/tuning.json > /dev/null
    start=$(date +%s.%N)
    $program tune --db $db --problems $here/problems.txt --budget 4 --time-limit 120 --json > $W/$build-$round.json 2> $W/$build-$round.log
    echo "$build round $round: rc=$? in $(echo "$(date +%s.%N) - $start" | bc) s"
    $program db best --db $db --json > $W/$build-$round-best.json
  done
done
python3 - "$W" "$here/problems.txt" <<'PY'
import json, math, sys
W, problems = sys.argv[1], [l.split() for l in open(sys.argv[2]) if l.strip() and not l.startswith('#')]
def bests(path):
    out = {}
    for row in json.load(open(path)):
        key = (row['m'], row['n'], row['k'], row['trans'])
        out[key] = max(out.get(key, 0), row['gflops'])
    return out
print('problem            ' + '  '.join(f'{b}-{r}' for r in (1, 2) for b in ('old', 'new')) + '   (best GFLOP/s)')
ratios = []
for m, n, k, t in problems:
    key = (int(m), int(n), int(k), t)
    row = [bests(f'{W}/{b}-{r}-best.json').get(key, 0) for r in (1, 2) for b in ('old', 'new')]
    ratios += [row[1] / row[0], row[3] / row[2]]
    print(f'{m}x{n}x{k} {t}'.ljust(19) + '  '.join(f'{v:6.1f}' for v in row))
print('new/old geomean over both rounds: %.3f' % math.exp(sum(map(math.log, ratios)) / len(ratios)))
PY
