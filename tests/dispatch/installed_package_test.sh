#!/bin/sh
# Installs gemmtune into a temporary prefix, builds examples/ against it as a separate CMake
# project and again with pkg-config alone, and runs both: the package works the way a user's
# project would find it.
# Usage: installed_package_test.sh <cmake> <build dir> <source dir>
set -eu
cmake_command=$1 build_dir=$2 source_dir=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-package-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$cmake_command" --install "$build_dir" --component development --prefix "$work/prefix" >/dev/null
for file in include/gemmtune/gemmtune.hpp lib/cmake/gemmtune/gemmtuneConfig.cmake \
            lib/cmake/gemmtune/gemmtuneConfigVersion.cmake lib/pkgconfig/gemmtune.pc; do
  [ -f "$work/prefix/$file" ] || { echo "not installed: $file" >&2; exit 1; }
done
# Public headers must stand alone: none may include the library's internal ones.
if grep -rn '#include "dispatch/\|#include "db/' "$work/prefix/include"; then
  echo "an installed header includes an internal one" >&2
  exit 1
fi

# The examples are a user's programs, built outside this tree's settings. Where this tree is
# sanitized, the library brings AddressSanitizer into them without the suppressions of PoCL's and
# LLVM's leaks that this tree links into its own programs (cmake/lsan_suppressions.txt), and
# LeakSanitizer, left on, reports those leaks or crashes its own tracer at exit, as PoCL's state
# decides. Leaks are checked in this tree's programs; here the package is.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

"$cmake_command" -S "$source_dir/examples" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
"$cmake_command" --build "$work/build" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
GEMMTUNE_DB="$work/none.db" GEMMTUNE_CACHE_DIR="$work/cache" "$work/build/sgemm_example"

# The same example with pkg-config only (no CMake), as a Makefile would build it.
flags=$(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs gemmtune)
c++ -std=c++20 "$source_dir/examples/sgemm_example.cpp" $flags -o "$work/sgemm_example_pkg_config" \
  >"$work/pkg-config.log" 2>&1 || { echo "c++ $flags:"; cat "$work/pkg-config.log"; exit 1; }
GEMMTUNE_DB="$work/none.db" GEMMTUNE_CACHE_DIR="$work/cache" "$work/sgemm_example_pkg_config"
