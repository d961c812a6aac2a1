#!/usr/bin/env bash
# The server's load target, several server binaries in one run: each is started on its own, and the same load
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
#
# After each run, the server's own stage histograms from /metrics (those it has), as the bucket bounds that hold
# half and 99% of the samples since the server started (set-up and warm-up included): where a move's time goes.
# The log's size at the end (games.sqlite3-wal) shows whether the checkpoints keep up.
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

# p50 and p99 of each stage histogram, read from the cumulative buckets.
stages() {
  curl -s --max-time 5 "http://127.0.0.1:$1/metrics" | awk '
    /^tabiya_(move|move_handled|store_queue|store_commit|store_report|websocket_send)_seconds_bucket/ {
      name = $1; sub(/_bucket.*/, "", name); le = $1; sub(/.*le="/, "", le); sub(/".*/, "", le)
      if (!(name in n)) order[++names] = name
      n[name]++; bound[name, n[name]] = le; count[name, n[name]] = $2 }
    END {
      for (i = 1; i <= names; i++) {
        name = order[i]; total = count[name, n[name]]
        if (total == 0) continue
        p50 = p99 = ""
        for (j = 1; j <= n[name]; j++) {
          if (p50 == "" && count[name, j] >= 0.5 * total) p50 = bound[name, j]
          if (p99 == "" && count[name, j] >= 0.99 * total) p99 = bound[name, j]
        }
        printf "    stage %-32s %9d samples: p50 <= %s s, p99 <= %s s\n", name, total, p50, p99
      }
    }' || true
}

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
  stages "$port"
  echo "    store log at the end: $(stat -c %s "$data/games.sqlite3-wal" 2>/dev/null || echo 0) bytes"
  stop_server
done
