# shellcheck shell=bash
# Sourced by the bench scripts (they set ROOT and BENCH_NAME, the name in their messages):
#   - a tabiya server started on a free port and stopped around a measurement, with a scratch directory, both
#     cleaned up when the script exits;
#   - the set-up shared by the comparisons with TieBreakServer (*-vs-tbs.sh).

# The scratch directory ($work) and the running server's pid ($server, empty when none).
bench_scratch() {
  work=$(mktemp -d)
  server=
  trap bench_cleanup EXIT
}
bench_cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}

# A command the server runs under (e.g. nice -n -5); none by default.
serve_prefix=()

# start_server BIN DATA [FLAG...]: `BIN serve` on a free port with its data in DATA and the flags, its log in
# $work/serve.log; sets $server and $port, or exits naming the binary if it did not start.
start_server() {
  local bin=$1 data=$2
  shift 2
  : >"$work/serve.log"
  "${serve_prefix[@]}" "$bin" serve --port 0 --data "$data" --web "$work" "$@" >"$work/serve.log" 2>&1 &
  server=$!
  port=
  for _ in $(seq 100); do
    port=$(grep -oE 'localhost:[0-9]+' "$work/serve.log" | head -n 1 | cut -d: -f2 || true)
    [[ -n $port ]] && break
    sleep 0.1
  done
  [[ -n $port ]] || { echo "$BENCH_NAME: $bin did not start: $(cat "$work/serve.log")" >&2; exit 1; }
}
stop_server() {
  kill "$server" && wait "$server" 2>/dev/null || true
  server=
}

bench_die() {
  echo "$BENCH_NAME: $*" >&2
  exit 1
}

# tbs_setup DEFAULT_EVENTS "$@" for a script called as `bench/NAME.sh TBS_DIR [EVENTS [FIRST_SEED]]`: checks the
# arguments, the TieBreakServer checkout and $TABIYA (default build/tabiya); sets TABIYA, tbs, events, first,
# failures (FAILURES, default build/NAME-differ, made) and work (KEEP, kept, or a temporary directory removed at
# exit).
tbs_setup() {
  local default_events=$1
  shift
  TABIYA=${TABIYA:-$ROOT/build/tabiya}
  (($# >= 1 && $# <= 3)) || bench_die "usage: bench/$BENCH_NAME.sh TBS_DIR [EVENTS [FIRST_SEED]]"
  tbs=$1
  events=${2:-$default_events}
  first=${3:-1}
  [[ -f $tbs/tiebreakchecker.py ]] || bench_die "$tbs has no tiebreakchecker.py (a TieBreakServer checkout)"
  [[ -x $TABIYA ]] || bench_die "$TABIYA not found (bash scripts/build.sh release)"
  [[ $events =~ ^[0-9]+$ && $first =~ ^[0-9]+$ ]] || bench_die "EVENTS and FIRST_SEED are numbers"
  failures=${FAILURES:-$ROOT/build/$BENCH_NAME-differ}
  work=${KEEP:-$(mktemp -d)}
  mkdir -p "$work" "$failures"
  [[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT
  export PYTHONPATH="$ROOT/bench${PYTHONPATH:+:$PYTHONPATH}"
}
