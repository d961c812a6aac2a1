#!/usr/bin/env bash
# The random tournament generator at scale: EVENTS events of PLAYERS players
# and ROUNDS rounds from `tabiya tournament generate` (seeds FIRST_SEED..,
# every fifth with Baku acceleration), each checked by `tabiya tournament
# check` (every round re-paired by the FIDE Dutch system, scores, colours,
# repeated pairings). Reports the time of each half and the events check did
# not accept (kept in FAILURES, default build/generate-check-failures).
#
#   bench/generate-and-check.sh [EVENTS [PLAYERS [ROUNDS [FIRST_SEED]]]]   (default 10000 100 9 1)
#   TABIYA=path/to/tabiya overrides build/tabiya. Run it with nice on a shared machine.
#   BBP=path/to/bbpPairings.exe also checks every event with bbpPairings' checker
#   (`--dutch FILE -c`, a FIDE-endorsed Dutch engine built from its public
#   sources outside this repository), which lists any round it would pair
#   differently under "Checker pairings".
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TABIYA=${TABIYA:-$ROOT/build/tabiya}
events=${1:-10000}
players=${2:-100}
rounds=${3:-9}
first=${4:-1}
[[ -x $TABIYA ]] || { echo "generate-and-check: $TABIYA not found" >&2; exit 1; }
failures=${FAILURES:-$ROOT/build/generate-check-failures}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$failures"

now() { date +%s.%N; }
gen_time=0
check_time=0
bbp_time=0
bbp_rejected=0
accepted=0
rejected=0
for ((seed = first; seed < first + events; seed++)); do
  f=$work/event.trf
  baku=()
  ((seed % 5 == 0)) && baku=(--baku)
  t0=$(now)
  "$TABIYA" tournament generate --seed "$seed" --players "$players" --rounds "$rounds" "${baku[@]}" -o "$f" >/dev/null
  t1=$(now)
  if "$TABIYA" tournament check "$f" >"$work/check.txt"; then
    accepted=$((accepted + 1))
  else
    rejected=$((rejected + 1))
    cp "$f" "$failures/event-$seed.trf"
    cp "$work/check.txt" "$failures/event-$seed.txt"
  fi
  t2=$(now)
  gen_time=$(echo "$gen_time + $t1 - $t0" | bc)
  check_time=$(echo "$check_time + $t2 - $t1" | bc)
  if [[ -n ${BBP:-} ]]; then
    "$BBP" --dutch "$f" -c >"$work/bbp.txt" 2>&1 || echo "exit status $?" >>"$work/bbp.txt"
    if grep -q "Checker pairings\|exit status" "$work/bbp.txt"; then
      bbp_rejected=$((bbp_rejected + 1))
      cp "$f" "$failures/event-$seed.trf"
      cp "$work/bbp.txt" "$failures/event-$seed.bbp.txt"
    fi
    t3=$(now)
    bbp_time=$(echo "$bbp_time + $t3 - $t2" | bc)
  fi
  if (((seed - first + 1) % 500 == 0)); then
    echo "generate-and-check: $((seed - first + 1)) events, generate ${gen_time} s, check ${check_time} s" >&2
  fi
done
printf 'generate-and-check: %d events of %d players x %d rounds: %d accepted by check, %d not\n' \
  "$events" "$players" "$rounds" "$accepted" "$rejected"
printf 'generate %.1f s (%.1f ms an event), check %.1f s (%.1f ms an event)\n' \
  "$gen_time" "$(echo "1000 * $gen_time / $events" | bc -l)" "$check_time" "$(echo "1000 * $check_time / $events" | bc -l)"
if [[ -n ${BBP:-} ]]; then
  printf 'bbpPairings -c: %d accepted, %d not; %.1f s (%.1f ms an event)\n' "$((events - bbp_rejected))" \
    "$bbp_rejected" "$bbp_time" "$(echo "1000 * $bbp_time / $events" | bc -l)"
fi
((rejected == 0 && bbp_rejected == 0))
