#!/usr/bin/env bash
# One-command set-up on Debian 12: installs missing packages, builds Release, then runs the main job
# (`demo`: tune the default device briefly and run a checked GEMM) or the whole test suite (`test`);
# `sanitize` builds a tree of its own with clang's sanitizers and libFuzzer and runs the suite and
# the fuzz targets there; `fuzz` runs the fuzz targets only (README, Tests).
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake g++ make pkg-config
  ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers pocl-opencl-icd clinfo
  libsqlite3-dev libsqlitecpp-dev
  libboost1.81-dev libboost-json1.81-dev libboost-program-options1.81-dev libboost-random1.81-dev
  libopenblas-dev libclblast-dev libgtest-dev libblas-test python3-numpy python3-pandas slurm-wlm munge
  libjs-chart.js chromium fonts-liberation)
# For `sanitize` and `fuzz`: clang, its sanitizer and libFuzzer runtimes, and llvm-symbolizer, which
# names the functions and lines in their reports.
sanitizer_packages=(clang libclang-rt-14-dev llvm)

install_missing() {  # the packages named
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return
  echo "installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
  cmake --build build -j"$(nproc)"
}

# A tree of its own compiled by clang, with the options given: build-sanitize or build-fuzz.
build_with_clang() {
  local directory=$1
  shift
  cmake -S . -B "$directory" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ "$@"
  cmake --build "$directory" -j"$(nproc)"
}

case "${1:-}" in
  demo)
    install_missing "${packages[@]}"
    build
    ./build/gemmtune devices
    # A short tuning session into the default database (resumed, not repeated, when run again),
    # then the GEMM a library user would get: the tuned configuration, checked against OpenBLAS.
    ./build/gemmtune tune --sizes 1024 --budget 40 --time-limit 120
    ./build/gemmtune run --size 1024 --check
    ;;
  test)
    install_missing "${packages[@]}"
    build
    # With HOME an empty directory, which must stay empty: no test touches a user's files.
    # A test that fails is run once more (--repeat until-pass:2); the run then names it as flaky.
    tests/empty_home_check.sh build -j"$(nproc)" --repeat until-pass:2
    ;;
  build)
    install_missing "${packages[@]}"
    build
    ;;
  sanitize)
    # The whole suite built by clang with AddressSanitizer and UndefinedBehaviorSanitizer, the fuzz
    # targets run by libFuzzer for GEMMTUNE_FUZZ_SECONDS each among its tests. Kernels compiled by
    # an earlier `test` are reused from its PoCL cache: the OpenCL code is the same, only the host's
    # is instrumented.
    install_missing "${packages[@]}" "${sanitizer_packages[@]}"
    # The soak test repeats 100 times the isolated evaluations that the isolation tests run here once
    # for every kind of fault: it is left to the normal build, and `ctest --test-dir build-sanitize`
    # runs it too.
    # Each fuzz target runs 20 s here (40 by default): with its corpus replayed first, that keeps the
    # job within CI's time on 2 cores.
    build_with_clang build-sanitize -DGEMMTUNE_FUZZ=ON -DGEMMTUNE_FUZZ_SECONDS=20 \
      -DGEMMTUNE_TEST_POCL_CACHE="$PWD/build/test-files/pocl-cache"
    # As in `test`: HOME empty and left so, a failed test run once more and then named as flaky.
    tests/empty_home_check.sh build-sanitize -j"$(nproc)" --repeat until-pass:2 -LE '^soak$'
    ;;
  fuzz)
    # The fuzz targets only, in the sanitized tree.
    install_missing "${packages[@]}" "${sanitizer_packages[@]}"
    build_with_clang build-sanitize -DGEMMTUNE_FUZZ=ON
    ctest --test-dir build-sanitize --output-on-failure -j"$(nproc)" -L '^fuzz'
    ;;
  *)
    echo "usage: ./gemmtune.sh demo|test|build|sanitize|fuzz" >&2
    exit 2
    ;;
esac
