#!/usr/bin/env bash
# One-command set-up on Debian 12: installs missing packages, builds Release, then runs the main job
# (`demo`: tune the default device briefly and run a checked GEMM) or the whole test suite (`test`).
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake g++ make pkg-config
  ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers pocl-opencl-icd clinfo
  libsqlite3-dev libsqlitecpp-dev
  libboost1.81-dev libboost-json1.81-dev libboost-program-options1.81-dev libboost-random1.81-dev
  libopenblas-dev libclblast-dev libgtest-dev)

install_missing() {
  local missing=()
  for package in "${packages[@]}"; do
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

case "${1:-}" in
  demo)
    install_missing
    build
    ./build/gemmtune devices
    # A short tuning session into the default database (resumed, not repeated, when run again),
    # then the GEMM a library user would get: the tuned configuration, checked against OpenBLAS.
    ./build/gemmtune tune --sizes 1024 --budget 40 --time-limit 120
    ./build/gemmtune run --size 1024 --check
    ;;
  test)
    install_missing
    build
    # With HOME an empty directory, which must stay empty: no test touches a user's files.
    tests/empty_home_check.sh build -j"$(nproc)"
    ;;
  build)
    install_missing
    build
    ;;
  *)
    echo "usage: ./gemmtune.sh demo|test|build" >&2
    exit 2
    ;;
esac
