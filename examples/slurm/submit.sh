#!/bin/bash
# Submits a tuning session as a Slurm job array of N parts and the job that merges them once all
# have succeeded: submit.sh N OUTPUT.db [tune options...]. The parts are written to
# $GEMMTUNE_SHARDS (default ./gemmtune-shards); sbatch options go in $SBATCH_OPTIONS (the
# partition, GPUs per task, time), passed to both jobs.
set -euo pipefail
count=${1:?usage: submit.sh N OUTPUT.db [tune options...]}
output=$(realpath -m "${2:?usage: submit.sh N OUTPUT.db [tune options...]}")
shift 2
here=$(cd "$(dirname "$0")" && pwd)
export GEMMTUNE_SHARDS=$(realpath -m "${GEMMTUNE_SHARDS:-gemmtune-shards}")
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --export=ALL --array=1-"$count" "$here/tune-array.sbatch" "$@")
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --export=ALL --dependency=afterok:"${array%%;*}" \
  --kill-on-invalid-dep=yes "$here/merge.sbatch" "$output")
echo "array ${array%%;*}, merge $merge"
