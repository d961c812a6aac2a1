#!/usr/bin/env bash
# PGN speed of tabiya against Debian's pgn-extract, one thread each, same file,
# same run.
#
# The file: the level-ladder games of bench/results/levels-2026-11 (gzip'd PGN)
# unpacked and concatenated COPIES times (default 8: about 12,000 games, 56 MB),
# written once to a temporary directory. Then, each REPEATS times (default 3,
# the best kept), wall time and peak memory (GNU time's maximum resident set) of
#   pgn-extract -s -o OUT FILE    parse, check every move's legality, rewrite
#   tabiya pgn check FILE         replay every game under the Laws (dead
#                                 position after every move, results, clocks)
#   tabiya pgn format FILE >OUT   parse, check legality, rewrite in export format
# and one table with the ratios tabiya / pgn-extract (below 1: tabiya faster),
# by wall time and by CPU time (user + system, the best of the repeats): on a
# shared machine the wall time follows the load, the CPU time much less.
# Peak memory should not grow with COPIES (the games are read one by one).
#
# Environment: TABIYA (default build/tabiya), PGN_EXTRACT (default: on PATH or
# /usr/games/pgn-extract), COPIES, REPEATS, KEEP_FILE=1 keeps the file.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COPIES=${COPIES:-8}
REPEATS=${REPEATS:-3}
TABIYA=${TABIYA:-$ROOT/build/tabiya}
SOURCE_DIR=$ROOT/bench/results/levels-2026-11

die() {
  echo "pgn-vs-pgn-extract: $*" >&2
  exit 1
}

bash "$ROOT/scripts/install-deps.sh" bench
if [[ -z "${PGN_EXTRACT:-}" ]]; then
  PGN_EXTRACT=$(command -v pgn-extract || true)
  [[ -n "$PGN_EXTRACT" ]] || PGN_EXTRACT=/usr/games/pgn-extract
fi
[[ -x "$PGN_EXTRACT" ]] || die "pgn-extract not found at $PGN_EXTRACT"
[[ -x /usr/bin/time ]] || die "GNU time (/usr/bin/time) is needed for the memory figures"
if [[ ! -x "$TABIYA" ]]; then
  [[ "$TABIYA" == "$ROOT/build/tabiya" ]] || die "$TABIYA is not an executable"
  bash "$ROOT/scripts/build.sh" release tabiya
fi

work=$(mktemp -d)
[[ "${KEEP_FILE:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT
file=$work/games.pgn
one=$work/once.pgn
shopt -s nullglob
sources=("$SOURCE_DIR"/*.pgn.gz)
((${#sources[@]} > 0)) || die "no .pgn.gz files in $SOURCE_DIR"
for src in "${sources[@]}"; do
  gzip -dc "$src"
  echo
done >"$one"
for ((i = 0; i < COPIES; i++)); do cat "$one"; done >"$file"
games=$(grep -c '^\[Event ' "$file" || true)
echo "file: $file, $(du -m "$file" | cut -f1) MB, $games games ($COPIES copies of $SOURCE_DIR)"

# Runs "$@" REPEATS times; prints the best wall seconds, the peak RSS (MB) of
# that run and the best CPU seconds (user + system) of all runs.
# Exit status 1 from the checkers means "problems found", which is not a failure here.
measure() {
  local best="" best_mb="" best_cpu="" stats
  for ((r = 0; r < REPEATS; r++)); do
    stats=$work/time.txt
    /usr/bin/time -f '%e %M %U %S' -o "$stats" "$@" >/dev/null 2>"$work/stderr.txt" || {
      local status=$?
      ((status == 1)) || die "$* failed with status $status: $(tail -n 3 "$work/stderr.txt")"
    }
    read -r seconds kb user system <"$stats"
    local cpu
    cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
    if [[ -z "$best" ]] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$seconds
      best_mb=$((kb / 1024))
    fi
    if [[ -z "$best_cpu" ]] || awk -v a="$cpu" -v b="$best_cpu" 'BEGIN { exit !(a < b) }'; then
      best_cpu=$cpu
    fi
  done
  echo "$best $best_mb $best_cpu"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
read -r extract_s extract_mb extract_cpu < <(measure "$PGN_EXTRACT" -s -o "$work/extract-out.pgn" "$file")
read -r check_s check_mb check_cpu < <(measure "$TABIYA" pgn check "$file")
read -r format_s format_mb format_cpu < <(measure "$TABIYA" pgn format "$file")
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
"$TABIYA" pgn check "$file" | tail -n 1 | sed 's/^/tabiya pgn check summary: /'

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '\n| program | wall s (best of %d) | ratio | CPU s (best of %d) | ratio | peak memory MB |\n' "$REPEATS" "$REPEATS"
printf '|---|---|---|---|---|---|\n'
printf '| pgn-extract -s -o OUT | %s | 1.00 | %s | 1.00 | %s |\n' "$extract_s" "$extract_cpu" "$extract_mb"
printf '| tabiya pgn check | %s | %s | %s | %s | %s |\n' "$check_s" "$(ratio "$check_s" "$extract_s")" \
  "$check_cpu" "$(ratio "$check_cpu" "$extract_cpu")" "$check_mb"
printf '| tabiya pgn format | %s | %s | %s | %s | %s |\n' "$format_s" "$(ratio "$format_s" "$extract_s")" \
  "$format_cpu" "$(ratio "$format_cpu" "$extract_cpu")" "$format_mb"
