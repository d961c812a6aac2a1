#!/usr/bin/env bash
# Installs the Debian packages tabiya needs, and only those that are missing.
#
#   scripts/install-deps.sh            build and test: compilers, CMake, Ninja, GoogleTest,
#                                      Google Benchmark, CLI11, clang-16 with its sanitizer
#                                      and libFuzzer runtimes; python3 for the fake engines of the match tests;
#                                      Boost (Beast, Asio, JSON) and SQLite for the server; Node.js and npm
#                                      for the web app; Chromium for the browser tests; Stockfish for reviews;
#                                      libsodium (Argon2id password hashes); PostgreSQL 15 with libpq, Redis 7
#                                      with hiredis and HAProxy for the several-server store, bus and cluster
#                                      (their tests start their own servers from these binaries)
#   scripts/install-deps.sh bench      the above plus Stockfish (reference for perft-vs-stockfish) and
#                                      pgn-extract (reference for bench/pgn-vs-pgn-extract.sh)
#   scripts/install-deps.sh format     clang-format-16 only
#
# Several groups may be given. Nothing is printed and apt is not touched when
# everything is already installed, so `make` can call this on every run.
set -euo pipefail

BUILD_PACKAGES=(g++ cmake ninja-build libgtest-dev libgmock-dev googletest libbenchmark-dev libcli11-dev
  clang-16 libclang-rt-16-dev python3 libboost1.81-dev libsqlite3-dev chromium fonts-dejavu-core stockfish
  libsodium-dev pkgconf libpq-dev postgresql redis-server libhiredis-dev haproxy)
# Node.js may come from Debian or from another packaging of it: only its commands are required.
NODE_PACKAGES=(nodejs npm)
BENCH_PACKAGES=(stockfish pgn-extract)
FORMAT_PACKAGES=(clang-format-16)

die() {
  echo "install-deps: $*" >&2
  exit 1
}

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

# Prints the packages among "$@" that dpkg does not list as installed.
missing_packages() {
  local pkg status
  for pkg in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || echo "$pkg"
  done
}

# Runs a command as root: directly when we are root, through sudo otherwise.
# Without a terminal (CI) sudo must not wait for a password, hence -n.
as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    if [[ -t 0 ]]; then sudo "$@"; else sudo -n "$@"; fi
  else
    return 127
  fi
}

install_packages() {
  local missing
  mapfile -t missing < <(missing_packages "$@")
  ((${#missing[@]} == 0)) && return 0

  command -v apt-get >/dev/null 2>&1 || die "missing packages: ${missing[*]}; apt-get is not available here, install them by hand"
  if [[ $(id -u) -ne 0 ]] && ! command -v sudo >/dev/null 2>&1; then
    die "missing packages: ${missing[*]}; not root and sudo is not installed. As root run: apt-get install ${missing[*]}"
  fi

  echo "install-deps: installing ${missing[*]}"
  local apt_opts=(-o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0 -q)
  # The package lists may be absent or stale on a fresh machine: refresh once, and only when installing.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" update >/dev/null ||
    die "apt-get update failed (as $(id -un)); missing packages: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" install -y --no-install-recommends \
    "${missing[@]}" ||
    die "apt-get install failed for: ${missing[*]}"

  mapfile -t missing < <(missing_packages "$@")
  ((${#missing[@]} == 0)) || die "still missing after apt-get install: ${missing[*]}"
}

main() {
  local groups=("$@") packages=()
  ((${#groups[@]} > 0)) || groups=(build)
  local group
  for group in "${groups[@]}"; do
    case "$group" in
      build)
        packages+=("${BUILD_PACKAGES[@]}")
        if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
          packages+=("${NODE_PACKAGES[@]}")
        fi
        ;;
      bench) packages+=("${BUILD_PACKAGES[@]}" "${BENCH_PACKAGES[@]}") ;;
      format) packages+=("${FORMAT_PACKAGES[@]}") ;;
      -h | --help) usage; return 0 ;;
      *) usage >&2; die "unknown group '$group' (expected build, bench or format)" ;;
    esac
  done
  install_packages "${packages[@]}"
}

main "$@"
