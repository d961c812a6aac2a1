#!/usr/bin/env bash
# Generates random Swiss events with bbpPairings (a FIDE-endorsed Dutch
# engine: every round paired by it, with random results, forfeits, requested
# byes and withdrawals) and re-pairs every round of each with
# `tabiya tournament check`, which lists each round whose pairing differs.
# Nothing is downloaded: bring your own bbpPairings binary (built from its
# public sources, outside this repository).
#
#   bench/dutch-random-vs-bbp.sh BBP_BINARY [EVENTS [FIRST_SEED]]   (default 100 1)
#   TABIYA=path/to/tabiya overrides build/tabiya; KEEP=DIR keeps the events.
#   Events that differ are copied to build/dutch-random-differ/ (FAILURES=DIR).
#
# Event i (seed FIRST_SEED + i) has 8 to 300 players and 5 to 11 rounds, drawn
# from the seed; the rates of draws, forfeits, byes and withdrawals vary too.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TABIYA=${TABIYA:-$ROOT/build/tabiya}

die() {
  echo "dutch-random-vs-bbp: $*" >&2
  exit 1
}

(($# >= 1 && $# <= 3)) || die "usage: bench/dutch-random-vs-bbp.sh BBP_BINARY [EVENTS [FIRST_SEED]]"
bbp=$1
events=${2:-100}
first=${3:-1}
[[ -x $bbp ]] || die "$bbp is not an executable bbpPairings binary"
[[ -x $TABIYA ]] || die "$TABIYA not found (bash scripts/build.sh release tabiya)"
[[ $events =~ ^[0-9]+$ && $first =~ ^[0-9]+$ ]] || die "EVENTS and FIRST_SEED are numbers"

failures=${FAILURES:-$ROOT/build/dutch-random-differ}
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$work"' EXIT

rounds_total=0
rounds_same=0
events_same=0
failed=0
start=$(date +%s)
for ((i = 0; i < events; ++i)); do
  seed=$((first + i))
  # Event shape from the seed (bash's generator, reseeded per event).
  RANDOM=$seed
  players=$((8 + RANDOM % 293))
  rounds=$((5 + RANDOM % 7))
  ((rounds < players)) || rounds=$((players - 1))
  cfg=$work/event-$seed.cfg
  trf=$work/event-$seed.trf
  # (Drawn here, not inside the here-document, which bash may expand in a
  # child process with a fresh random seed.)
  draws=$((10 + RANDOM % 40))
  forfeits=$((10 + RANDOM % 40))
  retired=$((20 + RANDOM % 80))
  byes=$((10 + RANDOM % 40))
  printf 'PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=%d\nForfeitRate=%d\nRetiredRate=%d\nHalfPointByeRate=%d\n' \
    "$players" "$rounds" "$draws" "$forfeits" "$retired" "$byes" >"$cfg"
  if ! "$bbp" --dutch -g "$cfg" -o "$trf" -s "$seed" >/dev/null 2>&1; then
    echo "seed $seed: bbpPairings could not generate the event (skipped)"
    continue
  fi
  n=$(tr '\r' '\n' <"$trf" | grep -c '^001' || true)
  paired=$(tr '\r' '\n' <"$trf" | awk '/^001/ { r = int((length($0) - 91 + 2) / 10); if (r > m) m = r } END { print m + 0 }')
  out=$("$TABIYA" tournament check "$trf" 2>&1) && status=0 || status=$?
  differing=$(grep -c ': round [0-9]*: the FIDE Dutch system pairs' <<<"$out" || true)
  rounds_total=$((rounds_total + paired))
  rounds_same=$((rounds_same + paired - differing))
  if ((status == 0)); then
    events_same=$((events_same + 1))
  else
    failed=$((failed + 1))
    mkdir -p "$failures"
    cp "$trf" "$cfg" "$failures/"
    echo "seed $seed ($n players, $paired rounds; kept in $failures):"
    sed 's/^/  /' <<<"$out"
  fi
done
echo "$events random events (seeds $first..$((first + events - 1))): $events_same checked clean;" \
  "rounds paired identically: $rounds_same of $rounds_total; $(($(date +%s) - start)) s"
((failed == 0))
