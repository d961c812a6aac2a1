#!/usr/bin/env bash
# "No client can slow the others": for each server binary given, honest games' move round trips
# (`tabiya loadtest --url`) alone and then while attackers run bench/takeback-attack.mjs (a hot-seat game in a
# locked-pawn ending played to ply 140, then takeback offer + accept + one move, under 20 messages a second).
# Give several binaries to compare them in the same run (e.g. main's and a branch's):
#
#   bench/takeback-attack.sh build/tabiya [/tmp/tabiya-before ...]
#
# GAMES (default 200), DURATION (seconds measured, default 20) and ATTACKERS (default 2) set the load. The target: honest p99 with
# attackers within 2x of the same binary's p99 without them.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=${GAMES:-200}
SECONDS_MEASURED=${DURATION:-20}
ATTACKERS=${ATTACKERS:-2}
binaries=("$@")
((${#binaries[@]})) || binaries=("$ROOT/build/tabiya")

BENCH_NAME=takeback-attack
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_scratch

# p99 of the loadtest's "round trip ms" line.
p99() { grep -oE 'p99 [0-9.]+' "$1" | grep -oE '[0-9.]+$'; }

printf '%-40s %12s %12s %8s %s\n' binary "p99 alone" "p99 attacked" ratio attackers
for bin in "${binaries[@]}"; do
  data=$work/data-$RANDOM
  # The load's games come from one client: no creation limit where the binary has one.
  limits=()
  "$bin" serve --help 2>/dev/null | grep -q -- --create-burst && limits=(--create-burst 0)
  start_server "$bin" "$data" "${limits[@]}"
  load=("$bin" loadtest --url "ws://127.0.0.1:$port" --pid "$server" --games "$GAMES" --rate 2 \
    --duration "$SECONDS_MEASURED" --no-echo)

  "${load[@]}" >"$work/alone.txt" 2>&1
  node --experimental-websocket "$ROOT/bench/takeback-attack.mjs" --url "http://127.0.0.1:$port" \
    --attackers "$ATTACKERS" --seconds $((SECONDS_MEASURED + 25)) >"$work/attack.txt" 2>&1 &
  attack=$!
  sleep 12 # the attackers reach ply 140 (at 15 messages a second) before the measurement starts
  "${load[@]}" >"$work/attacked.txt" 2>&1
  wait "$attack" || true
  stop_server

  alone=$(p99 "$work/alone.txt")
  attacked=$(p99 "$work/attacked.txt")
  ratio=$(awk -v a="$alone" -v b="$attacked" 'BEGIN { printf "%.1f", (a > 0 ? b / a : 0) }')
  printf '%-40s %10s ms %10s ms %7sx %s\n' "$bin" "$alone" "$attacked" "$ratio" "$(tail -n 1 "$work/attack.txt")"
  grep -E 'moves:|round trip|server:' "$work/alone.txt" "$work/attacked.txt" | sed 's/^/    /'
done
