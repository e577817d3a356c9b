#!/bin/bash
# H200: does an unaligned leading dimension cost random_100.txt's slow large problems enough that a
# pre-pass copying the operand to aligned rows (without transposing it) would pay? Each line of
# probe4-list.txt is one problem, the dispatcher's choice for it in the run of
# ../2026-11-30_h200-deep-hundreds/ (its family, runs_trans and configuration) and the problem with
# its leading dimensions rounded up to multiples of 4: the choice as it runs, the same configuration
# under the problem's own transpositions, and that on the aligned problem.
cd "$(dirname "$0")/../../.."
source bench/results/gpu_session.sh
one() {  # one SIZE TRANS RUNS-TRANS FAMILY CONFIG
  timed gemmtune --size $1 --trans $2 --family $4 --config "$5" --runs-trans $3
}
while read -r family size trans runs aligned config; do
  echo "$size $trans: as chosen (runs $runs) $(one $size $trans $runs $family $config);" \
    "runs $trans $(one $size $trans $trans $family $config); aligned $aligned $(one $aligned $trans $trans $family $config)"
done < bench/results/2026-11-30_h200-big-tile-splits/probe4-list.txt
