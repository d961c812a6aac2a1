#!/usr/bin/env bash
# Perft speed of tabiya against Stockfish (Debian's package), one thread each.
#
# For each test position both programs count the same tree; the node counts
# must agree (the script exits non-zero if they do not). Stockfish is timed from
# outside: its wall time for `go perft D` minus its wall time for `go perft 1`
# (start-up, network loading), so only the perft itself counts. tabiya reports
# its own time on its last line (`nodes N time_ms T nps X`). Every measurement
# is repeated REPEATS times (default 3) and the best is kept.
#
# Environment: TABIYA (default build/tabiya), STOCKFISH (default: stockfish on
# PATH, or /usr/games/stockfish), REPEATS.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPEATS=${REPEATS:-3}
TABIYA=${TABIYA:-$ROOT/build/tabiya}

# name | depth | FEN ("startpos" for the initial position)
POSITIONS=(
  "startpos|6|startpos"
  "kiwipete|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
)

die() {
  echo "perft-vs-stockfish: $*" >&2
  exit 1
}

bash "$ROOT/scripts/install-deps.sh" bench
if [[ -z "${STOCKFISH:-}" ]]; then
  STOCKFISH=$(command -v stockfish || true)
  [[ -n "$STOCKFISH" ]] || STOCKFISH=/usr/games/stockfish
fi
[[ -x "$STOCKFISH" ]] || die "Stockfish not found at $STOCKFISH"
if [[ ! -x "$TABIYA" ]]; then
  [[ "$TABIYA" == "$ROOT/build/tabiya" ]] || die "$TABIYA is not an executable"
  bash "$ROOT/scripts/build.sh" release tabiya
fi

now_ns() { date +%s%N; }

# Runs Stockfish's perft on one thread; prints "NODES WALL_NS".
stockfish_perft() {
  local fen=$1 depth=$2 position out start end nodes
  if [[ "$fen" == startpos ]]; then position="position startpos"; else position="position fen $fen"; fi
  start=$(now_ns)
  out=$(printf 'setoption name Threads value 1\nsetoption name Hash value 1\n%s\ngo perft %s\nquit\n' \
    "$position" "$depth" | "$STOCKFISH" 2>&1)
  end=$(now_ns)
  nodes=$(sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*/\1/p' <<<"$out" | tail -n 1)
  [[ -n "$nodes" ]] || die "no node count from Stockfish for '$fen' depth $depth; it printed: $(tail -n 5 <<<"$out")"
  echo "$nodes $((end - start))"
}

# Runs tabiya's perft on one thread; prints "NODES NPS".
tabiya_perft() {
  local fen=$1 depth=$2 out last
  local args=(perft --threads 1)
  [[ "$fen" == startpos ]] || args+=(--fen "$fen")
  out=$("$TABIYA" "${args[@]}" "$depth" 2>&1) || die "tabiya perft failed for '$fen' depth $depth: $(tail -n 5 <<<"$out")"
  last=$(tail -n 1 <<<"$out")
  [[ "$last" =~ ^nodes\ ([0-9]+)\ time_ms\ ([0-9]+)\ nps\ ([0-9]+) ]] ||
    die "unexpected last line from tabiya perft: '$last' (want 'nodes N time_ms T nps X')"
  echo "${BASH_REMATCH[1]} ${BASH_REMATCH[3]}"
}

echo "tabiya:    $TABIYA"
echo "stockfish: $STOCKFISH ($("$STOCKFISH" </dev/null 2>&1 | head -n 1 || true))"
echo "cpu:       $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "best of $REPEATS runs each, one thread"
echo

rows=()
mismatch=0
for entry in "${POSITIONS[@]}"; do
  IFS='|' read -r name depth fen <<<"$entry"
  echo "measuring $name, depth $depth ..."

  best_start_ns=
  best_sf_ns=
  best_tabiya_nps=0
  sf_nodes=
  tabiya_nodes=
  for ((i = 0; i < REPEATS; i++)); do
    result=$(stockfish_perft "$fen" 1)
    ns=${result#* }
    if [[ -z "$best_start_ns" ]] || ((ns < best_start_ns)); then best_start_ns=$ns; fi
    result=$(stockfish_perft "$fen" "$depth")
    sf_nodes=${result% *}
    ns=${result#* }
    if [[ -z "$best_sf_ns" ]] || ((ns < best_sf_ns)); then best_sf_ns=$ns; fi
    result=$(tabiya_perft "$fen" "$depth")
    tabiya_nodes=${result% *}
    nps=${result#* }
    if ((nps > best_tabiya_nps)); then best_tabiya_nps=$nps; fi
  done

  perft_ns=$((best_sf_ns - best_start_ns))
  ((perft_ns > 0)) || perft_ns=1
  sf_nps=$((sf_nodes * 1000000000 / perft_ns))
  ratio=$(awk -v t="$best_tabiya_nps" -v s="$sf_nps" 'BEGIN { printf "%.2f", (s > 0 ? t / s : 0) }')
  if [[ "$sf_nodes" == "$tabiya_nodes" ]]; then
    counts="agree"
  else
    counts="DIFFER (tabiya $tabiya_nodes)"
    mismatch=1
  fi
  rows+=("$(printf '%-10s %5s %12s %14s %14s %7s  %s' "$name" "$depth" "$sf_nodes" "$best_tabiya_nps" "$sf_nps" \
    "$ratio" "$counts")")
done

echo
printf '%-10s %5s %12s %14s %14s %7s  %s\n' position depth nodes "tabiya nps" "stockfish nps" ratio counts
printf '%s\n' "${rows[@]}"
echo "(ratio = tabiya nps / Stockfish nps; Stockfish time excludes its start-up)"
if ((mismatch)); then
  echo "perft-vs-stockfish: FAILED: node counts differ" >&2
  exit 1
fi
