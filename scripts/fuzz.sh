#!/usr/bin/env bash
# Runs tabiya's libFuzzer targets (built by `scripts/build.sh fuzz`).
#
#   scripts/fuzz.sh [--seconds N] [--persistent] [TARGET...]
#   scripts/fuzz.sh --list        the fuzz targets, one a line: the one list the Makefile and test.sh use
#
# Each target runs for N seconds (default 10) starting from its seed corpus in
# fuzz/corpus/TARGET/, which is only read: new inputs go to a temporary
# directory, or with --persistent to build-fuzz/corpus/TARGET/ so that long
# runs build on each other. Crashing inputs are saved under
# build-fuzz/artifacts/TARGET/. With no TARGET every built target runs.
# Exits non-zero if any target finds a crash, leak, timeout or runs out of memory.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FUZZ_DIR=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}

seconds=10
persistent=0
list_only=0
targets=()
while (($# > 0)); do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --persistent) persistent=1; shift ;;
    --list) list_only=1; shift ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done

# The targets are fuzz/*.cpp, one executable each (CMakeLists.txt builds the same list).
if ((${#targets[@]} == 0)); then
  for src in "$ROOT"/fuzz/*.cpp; do
    [[ -e "$src" ]] && targets+=("$(basename "$src" .cpp)")
  done
fi
((${#targets[@]} > 0)) || { echo "fuzz: no fuzz targets in fuzz/" >&2; exit 1; }
if ((list_only)); then
  printf '%s\n' "${targets[@]}"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

failed=0
for target in "${targets[@]}"; do
  binary=$FUZZ_DIR/$target
  if [[ ! -x "$binary" ]]; then
    echo "fuzz: $target FAILED: $binary not built (scripts/build.sh fuzz)"
    failed=1
    continue
  fi
  if ((persistent)); then
    corpus=$FUZZ_DIR/corpus/$target
  else
    corpus=$tmp/corpus-$target
  fi
  artifacts=$FUZZ_DIR/artifacts/$target
  log=$FUZZ_DIR/$target.log
  mkdir -p "$corpus" "$artifacts"
  seeds=()
  [[ -d "$ROOT/fuzz/corpus/$target" ]] && seeds=("$ROOT/fuzz/corpus/$target")

  # -timeout catches inputs that make the code hang; -max_len leaves room for whole PGN games.
  if "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    runs=$(grep -o '^stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    echo "fuzz: $target ok ($runs inputs in ${seconds}s, corpus $(find "$corpus" -type f | wc -l) new files)"
  else
    echo "fuzz: $target FAILED; last lines of $log:"
    tail -n 40 "$log" | sed 's/^/    /'
    echo "fuzz: crashing input saved in $artifacts/ (reproduce: $binary FILE)"
    failed=1
  fi
done
exit "$failed"
