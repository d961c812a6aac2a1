#!/usr/bin/env bash
# A creation flood and what it costs: REQUESTS (default 50,000) `POST /api/games` from one client
# (bench/create-flood.mjs), then the games accepted, the server's RSS growth, the database's growth, and how many
# games the next start loads. Run twice on the same binary: "before" with the creation limits off
# (`--create-burst 0 --unjoined-expiry 0`, what main did) and "after" with the defaults (burst 20, one every 3 s,
# unjoined games expire after an hour); the "after" restart is also made with an expiry that has passed
# (`--unjoined-expiry 1`, two seconds later) to show that expired games are not loaded.
#
#   bench/create-flood.sh [build/tabiya]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${1:-$ROOT/build/tabiya}
REQUESTS=${REQUESTS:-50000}
BENCH_NAME=create-flood
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_scratch

# The server on a free port with `data` and extra flags ($server, $port), and stopped.
start() { start_server "$BIN" "$@"; }
stop() { stop_server; }
rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
# The database file (measured after the server stopped) and its write-ahead log while it ran apart:
# the log is not truncated while the server runs, so it shows how much was written rather than what is kept.
db_bytes() { stat -c %s "$1/games.sqlite3" 2>/dev/null || echo 0; }
wal_bytes() { stat -c %s "$1/games.sqlite3-wal" 2>/dev/null || echo 0; }
loaded() { curl -s "http://127.0.0.1:$port/metrics" | awk '/^tabiya_games_loaded / {print $2}'; }

printf '%-8s %9s %8s %8s %10s %10s %10s %12s %s\n' run requests accepted refused "RSS +MiB" "DB +MB" "WAL MB" \
  "loaded next" seconds
for run in before after; do
  data=$work/data-$run
  mkdir -p "$data"
  if [[ $run == before ]]; then flags=(--create-burst 0 --unjoined-expiry 0); else flags=(); fi
  start "$data" "${flags[@]}"
  rss0=$(rss_kb)
  db0=$(db_bytes "$data")
  result=$(node "$ROOT/bench/create-flood.mjs" --url "http://127.0.0.1:$port" --requests "$REQUESTS")
  sleep 1  # the last creations' commits
  rss1=$(rss_kb)
  wal1=$(wal_bytes "$data")
  stop
  db1=$(db_bytes "$data")  # after a clean stop, which checkpoints the log into the file
  start "$data" "${flags[@]}"
  next=$(loaded)
  stop
  extra=
  if [[ $run == after ]]; then
    sleep 2
    start "$data" --unjoined-expiry 1
    extra=" (expiry passed: $(loaded) loaded)"
    stop
  fi
  accepted=$(node -e 'const r=JSON.parse(process.argv[1]); console.log(r.statuses["201"] ?? 0)' "$result")
  refused=$(node -e 'const r=JSON.parse(process.argv[1]); console.log(r.statuses["429"] ?? 0)' "$result")
  seconds=$(node -e 'console.log(JSON.parse(process.argv[1]).seconds)' "$result")
  printf '%-8s %9s %8s %8s %10.1f %10.2f %10.1f %12s %s%s\n' "$run" "$REQUESTS" "$accepted" "$refused" \
    "$(echo "($rss1 - $rss0) / 1024" | bc -l)" "$(echo "($db1 - $db0) / 1000000" | bc -l)" \
    "$(echo "$wal1 / 1000000" | bc -l)" "$next" "$seconds" "$extra"
done
