#!/bin/sh
# The kernel embedding step (cmake/EmbedKernels.cmake) on the project's kernels, then on a copy
# whose description names its includes as a string instead of an array: the first embeds, the
# second stops the build naming the description, instead of embedding a kernel without its includes.
# usage: embed_kernels_check.sh SOURCE_DIR CMAKE
set -eu
source_dir=$1 cmake=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-embed.XXXXXX")
trap 'rm -rf "$work"' EXIT
embed() { "$cmake" -DKERNEL_DIR="$1" -DOUTPUT="$work/embedded.cpp" -P "$source_dir/cmake/EmbedKernels.cmake"; }
embed "$source_dir/kernels"
grep -q 'xgemm_wgmma' "$work/embedded.cpp" || { echo "FAILED: nothing embedded for xgemm_wgmma" >&2; exit 1; }
cp -r "$source_dir/kernels" "$work/kernels"
sed 's/"includes": \[\("[a-z_]*"\).*\],/"includes": \1,/' "$source_dir/kernels/xgemm_wgmma.json" > "$work/kernels/xgemm_wgmma.json"
grep -q '"includes": "precision_storage",' "$work/kernels/xgemm_wgmma.json" || { echo "FAILED: the copy was not broken" >&2; exit 1; }
if embed "$work/kernels" > "$work/log" 2>&1; then
  echo "FAILED: a description whose includes are a string was embedded" >&2
  exit 1
fi
grep -q 'xgemm_wgmma.json: "includes" must be an array' "$work/log" || { cat "$work/log" >&2; exit 1; }
echo "a description whose includes are not an array stops the build: $(grep -m1 'must be an array' "$work/log")"
