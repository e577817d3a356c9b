#!/bin/bash
# Sourced by the run scripts of these folders on the GPU machine, from the project root: unpacks the
# bundle (unpack_gpu_bundle.sh) and gives what the scripts share: G, the bundled gemmtune; W, their
# work folder; `timed`, one configuration's time; `bench`, a problem file beside its peers (PROGRAM,
# PEERS); `changed`, the problems whose first choice a new tuning or build changes (SHIPPED_PROGRAM);
# `shipped_db`, the shipped H200 tuning imported.
source bench/results/unpack_gpu_bundle.sh
export GEMMTUNE_CACHE_DIR=${GEMMTUNE_CACHE_DIR:-/tmp/cache-runs}
G="bash .gpu/on-device.sh gemmtune"
W=${W:-/tmp/runs}; mkdir -p "$W"

# timed PROGRAM RUN-OPTIONS...: the bundled PROGRAM's `run` with those options, 20 timed calls, as
# "MEDIAN us TFLOP/s", or the end of what it said where it printed no result.
timed() {
  local program=$1; shift
  bash .gpu/on-device.sh "$program" run "$@" --repeat 20 --json 2>&1 | python3 -c '
import json, sys
text = sys.stdin.read()
try: run = json.loads(text); print("%.1f us %.2f TFLOP/s" % (run["seconds"] * 1e6, run["gflops"] / 1e3))
except ValueError: print(text.strip()[-300:].replace("\n", " | "))'
}

# bench DB PRECISION PROBLEMS NAME: the bundled PROGRAM (gemmtune) per call beside PEERS (cuBLAS
# and CLBlast) into $W/NAME.json.gz and $W/NAME.txt, at most LIMIT seconds (280); prints its exit
# status, time and summary. An A/B may leave CLBlast out (PEERS=cublas): it builds its kernels for
# each problem, which takes most of a problem's time.
bench() {
  local start=$SECONDS
  timeout ${LIMIT:-280} bash .gpu/on-device.sh ${PROGRAM:-gemmtune} bench --db $1 --precision $2 --peers ${PEERS:-cublas,clblast} --timing per-call \
    --problems $3 --json $W/$4.json --force > $W/$4.txt 2>&1
  echo "$4 rc=$? in $((SECONDS - start)) s"
  sed -n '/^summary/,$p' $W/$4.txt | grep -E '^(all|class)|cublas' | head -4
  gzip -9f $W/$4.json
}

# changed SET PRECISION SHIPPED.db NEW.db: the problems of bench/validation/SET.txt whose first
# choice (with TRIALS=1, whose candidates for trial calls) differs between the shipped tuning, as
# the bundled SHIPPED_PROGRAM (gemmtune) chooses, and a new one, into $W/changed-SET.txt (`db
# choose` of each as $W/choose-{shipped,new}-SET.json); prints how many.
changed() {
  grep -v '^#' bench/validation/$1.txt | grep -v '^$' > $W/$1.txt
  bash .gpu/on-device.sh ${SHIPPED_PROGRAM:-gemmtune} db choose --db $3 --precision $2 --problems $W/$1.txt --json \
    > $W/choose-shipped-$1.json
  $G db choose --db $4 --precision $2 --problems $W/$1.txt --json > $W/choose-new-$1.json
  python3 bench/results/changed_choices.py ${TRIALS:+--trials} $W/choose-shipped-$1.json $W/choose-new-$1.json \
    > $W/changed-$1.txt
  local what="first choices"; [ -n "$TRIALS" ] && what="candidate sets"
  echo "$1: $(wc -l < $W/changed-$1.txt) $what changed"
}

# shipped_db FOLDER: $W/shipped.db imported from the shipped H200 tuning, the tree's
# configs/tuned/nvidia-h200.json or, where that was left behind to keep the carried tree small,
# FOLDER/shipped.json.gz; sets `shipped` to the file read.
shipped_db() {
  shipped=configs/tuned/nvidia-h200.json
  [ -f $shipped ] || { gunzip -c $1/shipped.json.gz > $W/shipped.json; shipped=$W/shipped.json; }
  [ -f $W/shipped.db ] || { $G db import --db $W/shipped.db $shipped > /dev/null 2>&1; echo "import rc=$?"; }
}
