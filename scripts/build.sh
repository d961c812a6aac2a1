#!/usr/bin/env bash
# Configures (CMake + Ninja) and builds one of tabiya's build configurations.
#
#   scripts/build.sh release [TARGET...]   build/       optimised, with tests and benchmarks
#   scripts/build.sh asan    [TARGET...]   build-asan/  AddressSanitizer + UndefinedBehaviorSanitizer, asserts on
#   scripts/build.sh fuzz    [TARGET...]   build-fuzz/  libFuzzer targets, built with clang-16
#
# With no TARGET everything in that configuration is built. JOBS=N limits
# Ninja's parallelism (default: Ninja's own, which follows the core count).
# TABIYA_WERROR=ON makes warnings errors (developer and CI builds: make test, build, bench, fuzz);
# unset, the directory keeps what it was configured with (a new one: off, as `make run` wants).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

die() {
  echo "build: $*" >&2
  exit 1
}

(($# >= 1)) || die "usage: scripts/build.sh release|asan|fuzz [TARGET...]"
config=$1
shift

# -O1 -g1 without -DNDEBUG: fast enough under the sanitizers, and assert() stays live; -g1 (line tables,
# enough for the sanitizers' stack traces) compiles about a fifth faster than full -g.
checked_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1")

case "$config" in
  release)
    dir=${BUILD_DIR:-$ROOT/build}
    options=(-DCMAKE_BUILD_TYPE=Release)
    ;;
  asan)
    dir=${ASAN_BUILD_DIR:-$ROOT/build-asan}
    options=("${checked_flags[@]}" -DTABIYA_SANITIZE=ON -DTABIYA_BENCH=OFF)
    ;;
  fuzz)
    dir=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
    command -v clang++-16 >/dev/null 2>&1 || die "clang++-16 not found (run scripts/install-deps.sh)"
    options=("${checked_flags[@]}" -DTABIYA_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-16)
    ;;
  *) die "unknown configuration '$config' (expected release, asan or fuzz)" ;;
esac

if [[ -n ${TABIYA_WERROR:-} ]]; then
  options+=("-DTABIYA_WERROR=$TABIYA_WERROR")
fi

# ccache, when the machine has it, shares compiled objects between build directories and work trees.
if command -v ccache >/dev/null 2>&1; then
  options+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

# A build directory configured with another generator cannot be switched to Ninja in place.
if [[ -f "$dir/CMakeCache.txt" ]] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$dir/CMakeCache.txt"; then
  die "$dir was configured with another generator; remove it (make clean) and retry"
fi

cmake -S "$ROOT" -B "$dir" -G Ninja --log-level=WARNING "${options[@]}" >/dev/null ||
  die "cmake configuration of $dir failed"
ninja -C "$dir" ${JOBS:+-j"$JOBS"} "$@"
