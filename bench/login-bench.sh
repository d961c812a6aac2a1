#!/usr/bin/env bash
# Issue 21's log-in targets with Argon2id's interactive limits (libsodium: 2 passes, 64 MiB): p99 under 300 ms
# at 20 log-ins a second, and the server's memory bounded under a flood of 1,000 parallel log-ins (RSS before,
# the highest seen during, and after). bench/login-bench.mjs sends the requests.
#
#   bench/login-bench.sh [build/tabiya]        (RATE, SECONDS, FLOOD override the defaults 20, 30, 1000)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${1:-$ROOT/build/tabiya}
work=$(mktemp -d)
server=
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

"$BIN" serve --port 0 --data "$work/data" --web "$work" --trusted-proxy 127.0.0.1 >"$work/serve.log" 2>&1 &
server=$!
port=
for _ in $(seq 100); do
  port=$(grep -oE 'localhost:[0-9]+' "$work/serve.log" | head -n 1 | cut -d: -f2 || true)
  [[ -n $port ]] && break
  sleep 0.1
done
[[ -n $port ]] || { echo "login-bench: $BIN did not start: $(cat "$work/serve.log")" >&2; exit 1; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
url="http://127.0.0.1:$port"

node "$ROOT/bench/login-bench.mjs" --url "$url" --phase register
node "$ROOT/bench/login-bench.mjs" --url "$url" --phase steady --rate "${RATE:-20}" --seconds "${SECONDS_:-30}"
before=$(rss)
peak=$before
node "$ROOT/bench/login-bench.mjs" --url "$url" --phase flood --flood "${FLOOD:-1000}" &
flood=$!
while kill -0 "$flood" 2>/dev/null; do
  now=$(rss)
  ((now > peak)) && peak=$now
  sleep 0.05
done
wait "$flood"
after=$(rss)
echo "{\"phase\":\"memory\",\"rss_before_kib\":$before,\"rss_peak_kib\":$peak,\"rss_after_kib\":$after}"
