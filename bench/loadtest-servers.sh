#!/usr/bin/env bash
# Issue 19's load target, several server binaries in one run: each is started on its own, and the same load
# generator (GENERATOR, default build/tabiya) drives GAMES person-vs-person games against it over loopback
# (`tabiya loadtest --url --pid`, a move per side every 2 s), its clients spread over GENERATORS processes (one
# process holds at most its open-files limit of sockets). The server's CPU per 1,000 moves/s and memory per game
# come from /proc over the measured window.
#
#   GAMES=9950 GENERATORS=2 bench/loadtest-servers.sh build/tabiya [/tmp/tabiya-main ...]
#
# GAMES (default 2000), GENERATORS (default 2), DURATION (seconds measured, default 15). NICE (e.g. -5, as root)
# runs the server and the generators at that priority: on a machine shared with builds the round trips then show
# the server, not the scheduler's queue.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=${GAMES:-2000}
GENERATORS=${GENERATORS:-2}
SECONDS_MEASURED=${DURATION:-15}
GENERATOR=${GENERATOR:-$ROOT/build/tabiya}
binaries=("$@")
priority=()
[[ -n ${NICE:-} ]] && priority=(nice -n "$NICE")
((${#binaries[@]})) || binaries=("$ROOT/build/tabiya")

BENCH_NAME=loadtest-servers
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_scratch
serve_prefix=("${priority[@]}")

for bin in "${binaries[@]}"; do
  data=$work/data-$RANDOM
  # The load is one client standing for thousands: no per-client limits where the binary has them.
  limits=()
  help=$("$bin" serve --help 2>/dev/null || true)
  for lift in --create-burst --max-connections-per-client --max-websockets-per-client; do
    grep -q -- "$lift" <<<"$help" && limits+=("$lift" 0)
  done
  start_server "$bin" "$data" "${limits[@]}"
  echo "== server $bin"
  "${priority[@]}" "$GENERATOR" loadtest --url "ws://127.0.0.1:$port" --pid "$server" --games "$GAMES" --rate 2 \
    --duration "$SECONDS_MEASURED" --generators "$GENERATORS" --no-echo 2>&1 | sed 's/^/    /'
  stop_server
done
