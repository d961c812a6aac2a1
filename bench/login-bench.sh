#!/usr/bin/env bash
# The log-in targets with Argon2id's interactive limits (libsodium: 2 passes, 64 MiB): p99 under 300 ms
# at 20 log-ins a second, and the server's memory bounded under a flood of 1,000 parallel log-ins (RSS before,
# the highest seen during, and after). bench/login-bench.mjs sends the requests.
#
#   bench/login-bench.sh [build/tabiya]        (RATE, SECONDS, FLOOD override the defaults 20, 30, 1000)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${1:-$ROOT/build/tabiya}
BENCH_NAME=login-bench
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
bench_scratch

start_server "$BIN" "$work/data" --trusted-proxy 127.0.0.1
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
