#!/usr/bin/env bash
# Times tabiya's FIDE Dutch pairing beside bbpPairings (a FIDE-endorsed Dutch
# engine) on the same Swiss event, round by round, and says whether the two
# pairings agree. The event is built with `tabiya tournament` commands:
# PLAYERS players rated 2800-1, 2800-2, ..., ROUNDS rounds, results from a
# seeded generator (a third each of wins, draws and losses for White, as in
# bench/dutch_bench.cpp). Before each round both programs pair the same TRF
# (process start and file reading included for both); tabiya's pairing is then
# entered and the results added. Nothing is downloaded: bring your own
# bbpPairings binary (built from its public sources, outside this repository).
#
#   bench/dutch-vs-bbp.sh BBP_BINARY [PLAYERS [ROUNDS [SEED]]]   (default 500 11 2026)
#   TABIYA=path/to/tabiya overrides build/tabiya; BAKU=1 makes the event use
#   Baku acceleration (C.04.5.1): tabiya's XXA lines go to both programs.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TABIYA=${TABIYA:-$ROOT/build/tabiya}

die() {
  echo "dutch-vs-bbp: $*" >&2
  exit 1
}

(($# >= 1 && $# <= 4)) || die "usage: bench/dutch-vs-bbp.sh BBP_BINARY [PLAYERS [ROUNDS [SEED]]]"
bbp=$1
players=${2:-500}
rounds=${3:-11}
seed=${4:-2026}
[[ -x $bbp ]] || die "$bbp is not an executable bbpPairings binary"
[[ -x $TABIYA ]] || die "$TABIYA not found (bash scripts/build.sh release tabiya)"
[[ $players =~ ^[0-9]+$ && $rounds =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ ]] || die "PLAYERS, ROUNDS and SEED are numbers"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trf=$work/event.trf

"$TABIYA" tournament new "$trf" --system swiss-dutch --rounds "$rounds" --name "Dutch vs bbpPairings" \
  ${BAKU:+--baku} >/dev/null
# White for the first player in round 1 (tabiya's default; bbpPairings asks for it).
echo "XXC white1" >>"$trf"
for ((i = 1; i <= players; ++i)); do
  "$TABIYA" tournament add-player "$trf" --name "Player, $i" --rating $((2800 - i)) >/dev/null
done

now_ns() { date +%s%N; }
# A pairing in JaVaFo's output form, boards sorted, for comparison.
pairs_of() { tail -n +2 "$1" | sort; }

state=$seed
tabiya_ns=0
bbp_ns=0
agree=0
printf '%6s %10s %10s  %s\n' round tabiya_s bbp_s same
for ((r = 1; r <= rounds; ++r)); do
  cp "$trf" "$work/before.trf"
  if [[ -n ${BAKU:-} && $r == 1 ]]; then
    # The virtual points are written when round 1 is paired: bbpPairings gets them from a trial copy.
    cp "$trf" "$work/trial.trf"
    "$TABIYA" tournament pair "$work/trial.trf" >/dev/null
    grep '^XXA' "$work/trial.trf" >>"$work/before.trf"
  fi
  t0=$(now_ns)
  "$bbp" --dutch "$work/before.trf" -p "$work/bbp.txt" >/dev/null
  t1=$(now_ns)
  "$TABIYA" tournament pair "$trf" -p "$work/tabiya.txt" >/dev/null
  t2=$(now_ns)
  bbp_ns=$((bbp_ns + t1 - t0))
  tabiya_ns=$((tabiya_ns + t2 - t1))
  same=no
  if [[ "$(pairs_of "$work/bbp.txt")" == "$(pairs_of "$work/tabiya.txt")" ]]; then
    same=yes
    agree=$((agree + 1))
  fi
  printf '%6d %10.3f %10.3f  %s\n' "$r" "$(((t2 - t1) / 1000))e-6" "$(((t1 - t0) / 1000))e-6" "$same"
  # Enter tabiya's pairing, then one result per board (the bye line "N 0" has none).
  "$TABIYA" tournament pair "$trf" >/dev/null
  words=("$r")
  board=0
  while read -r white black; do
    [[ $black == 0 ]] && continue
    board=$((board + 1))
    state=$(((state * 1103515245 + 12345) & 0xffffffff))
    x=$((((state >> 16) & 0x7fff) % 3))
    case $x in
      0) words+=("$board" 1-0) ;;
      1) words+=("$board" =) ;;
      *) words+=("$board" 0-1) ;;
    esac
  done < <(tail -n +2 "$work/tabiya.txt")
  if ((board > 0)); then "$TABIYA" tournament result "$trf" "${words[@]}" >/dev/null; fi
done
tabiya_s=$(awk -v n="$tabiya_ns" 'BEGIN { printf "%.2f", n / 1e9 }')
bbp_s=$(awk -v n="$bbp_ns" 'BEGIN { printf "%.2f", n / 1e9 }')
ratio=$(awk -v a="$tabiya_ns" -v b="$bbp_ns" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
echo "$players players, $rounds rounds (seed $seed): tabiya $tabiya_s s, bbpPairings $bbp_s s (wall), ratio $ratio;" \
  "pairings identical in $agree of $rounds rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
