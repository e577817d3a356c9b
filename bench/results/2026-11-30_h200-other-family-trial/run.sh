#!/bin/bash
# H200: the validation sets benched per call beside cuBLAS and CLBlast, with three builds in one
# session: `old` (eae3b87, the model's four best candidates), `mid` (a fifth trial candidate of
# another family where the four are one) and `new` (that and the cost of writing C's tile).
# Tunings: `shipped` (configs/tuned/nvidia-h200.json) and `outer` (the shipped tuning with the
# xgemm_outer rows of ../2026-11-30_h200-outer-and-coverage/ for its outer-problems.txt).
# Usage: run.sh BUILD DB TIMING PART...   (PART 1 to 4: the quarters of real_applications.txt,
#                                          r: random_100.txt, or a problem file of this folder
#                                          without its .txt)
# LIMIT: each part's seconds; PEERS: the peers beside gemmtune (cublas,clblast).
cd "$(dirname "$0")/../../.."
here=bench/results/2026-11-30_h200-other-family-trial
outer_run=bench/results/2026-11-30_h200-outer-and-coverage
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=/tmp/cache-runs
W=/tmp/runs; mkdir -p $W
# The shipped tuning, as committed or, where it was carried compressed, from shipped.json.gz.
shipped=configs/tuned/nvidia-h200.json
[ -f $shipped ] || { gunzip -c $here/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
G="bash .gpu/on-device.sh gemmtune"
[ -f $W/shipped.db ] || { $G db import --db $W/shipped.db $shipped > /dev/null 2>&1; echo "import rc=$?"; }
if [ ! -f $W/outer.db ]; then
  python3 - $shipped $outer_run/tuned.json.gz $outer_run/outer-problems.txt $W/outer.json <<'PY'
import gzip, json, sys
shipped, tuned, problems, out = sys.argv[1:]
rows = lambda lines: [l.rstrip(',') for l in lines if l.startswith('{')]
wanted = {tuple(l.split()[:4]) for l in open(problems) if l.strip() and not l.startswith('#')}
kept = rows(open(shipped).read().splitlines())
known = set(kept)
for line in rows(gzip.open(tuned, 'rt').read().splitlines()):
    d = json.loads(line)
    if line not in known and d['kernel'] == 'xgemm_outer' and (str(d['m']), str(d['n']), str(d['k']), d['trans']) in wanted:
        kept.append(line)
open(out, 'w').write('[\n' + ',\n'.join(kept) + '\n]\n')
PY
  $G db import --db $W/outer.db $W/outer.json > /dev/null 2>&1; echo "import outer rc=$?"
fi
build=$1 db=$2 timing=$3; shift 3
B="bash .gpu/on-device.sh gemmtune"; [ "$build" = new ] || B="$B-$build"
for part in "$@"; do
  if [ "$part" = r ]; then
    name=$build-$db-random100-$timing
    grep -v '^#' bench/validation/random_100.txt | grep -v '^$' > $W/problems-$part.txt
  elif [ -f $here/$part.txt ]; then
    name=$build-$db-$part-$timing
    grep -v '^#' $here/$part.txt | grep -v '^$' > $W/problems-$part.txt
  else
    name=$build-$db-real$part-$timing
    grep -v '^#' bench/validation/real_applications.txt | grep -v '^$' | sed -n $(( (part - 1) * 92 + 1 )),$(( part * 92 ))p > $W/problems-$part.txt
  fi
  start=$SECONDS
  timeout ${LIMIT:-280} $B bench --db $W/$db.db --precision fp32 --peers ${PEERS:-cublas,clblast} --timing $timing \
    --problems $W/problems-$part.txt --json $W/$name.json > $W/$name.txt 2>&1
  echo "$name rc=$? in $((SECONDS - start)) s"
  sed -n '/^summary/,$p' $W/$name.txt | grep -E '^(class|[a-z-]+ )|cublas' | head -20
  gzip -9f $W/$name.json
  tar -C $W -czf $OUT/$name.tgz $name.json.gz $name.txt
done
