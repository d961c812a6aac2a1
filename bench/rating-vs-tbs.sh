#!/usr/bin/env bash
# Rating changes against TieBreakServer's rating module: random Swiss events
# from `tabiya tournament generate` (unrated players, forfeits, byes), each
# player's rating change from `tabiya tournament rating-report --games` beside
# the same change computed from TieBreakServer's rating.py (the FIDE
# Technical Commission's program by Otto Milvang, run from its public sources
# outside this repository; nothing of it is copied here).
#
# TieBreakServer computes expected scores (table 8.1.2) and performances, not
# rating changes; this script applies the Rating Regulations around them
# itself: rated games are games over the board (1 = 0) between two rated
# players; 8.3.1's 400-point rule caps the difference at 400 unless the
# player is rated 2650 or more; K (8.3.3) is 10 from 2400, 40 under 18 below
# 2300, else 20 (generated players are not new to the list); the change is
# K x (score - sum of expected scores). First ratings (7.1, 2024): at least
# five games against rated opponents, TieBreakServer's performance of the
# score plus two draws against 1800, none from a zero score or under 1400,
# at most 2200. Compared per player:
# K, the expected score, the change (to the hundredth) and the first rating.
#
#   bench/rating-vs-tbs.sh TBS_DIR [EVENTS [FIRST_SEED]]      (default 200 1)
#   TABIYA=path/to/tabiya overrides build/tabiya.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TABIYA=${TABIYA:-$ROOT/build/tabiya}
(($# >= 1 && $# <= 3)) || { echo "usage: bench/rating-vs-tbs.sh TBS_DIR [EVENTS [FIRST_SEED]]" >&2; exit 1; }
[[ -f $1/rating.py ]] || { echo "rating-vs-tbs: $1 has no rating.py (a TieBreakServer checkout)" >&2; exit 1; }
[[ -x $TABIYA ]] || { echo "rating-vs-tbs: $TABIYA not found (bash scripts/build.sh release)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

exec python3 - "$TABIYA" "$1" "${2:-200}" "${3:-1}" "$work" <<'PY'
import os, subprocess, sys, time
from decimal import Decimal

tabiya, tbs, events, first, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
sys.path.insert(0, tbs)
import rating  # TieBreakServer's rating module

def read_trf(path):
    """Start number -> (rating, birth year, [(opponent, result)]) from the 001 records' columns."""
    players, year = {}, 0
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("042") and line[4:8].isdigit():
            year = int(line[4:8])
        if not line.startswith("001"):
            continue
        n = int(line[4:8])
        r = line[48:52].strip()
        born = line[69:73].strip()
        games = []
        for s in range(91, len(line), 10):
            opp, res = line[s:s + 4].strip(), line[s + 7:s + 8]
            if opp and opp != "0000" and res in "1=0":
                games.append((int(opp), res))
        players[n] = (int(r) if r else 0, int(born) if born.isdigit() else 0, games)
    return players, year

def ours(path):
    """tabiya's report: rated rows (K, We, change) and first ratings."""
    out = subprocess.run([tabiya, "tournament", "rating-report", path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("tabiya failed on %s: %s" % (path, out.stderr))
    rows, first = {}, {}
    for line in out.stdout.split("\n")[2:]:
        if not line.strip() or line.startswith("Unrated"):
            continue
        if "games against rated opponents" in line:
            n = int(line.split()[0])
            first[n] = int(line.split("first rating ")[1]) if "first rating" in line else None
            continue
        cells = line.replace("(under 18)", "").split()
        rows[int(cells[0])] = (int(cells[-5]), Decimal(cells[-2]), Decimal(cells[-1]))
    return rows, first

same = {"K": 0, "We": 0, "change": 0, "first rating": 0}
differ = {k: 0 for k in same}
examples = []
start = time.time()
generated = 0
published = 0  # first ratings given (not "none")
for seed in range(first, first + events):
    path = os.path.join(work, "event-%d.trf" % seed)
    players_n = 8 + seed * 7919 % 40
    rounds = min(players_n - 1, 5 + seed % 5)
    g = subprocess.run([tabiya, "tournament", "generate", "-o", path, "--seed", str(seed), "--players", str(players_n),
                        "--rounds", str(rounds), "--unrated", "%.2f" % (0.05 + (seed % 7) / 20), "--forfeits", "0.03",
                        "--half-byes", "0.03", "--draws", "0.3", "--ratings", "1400,2800"], capture_output=True, text=True)
    if g.returncode != 0:
        continue
    generated += 1
    players, year = read_trf(path)
    rows, firsts = ours(path)
    for n, (r, born, games) in players.items():
        rated = [(players[o][0], Decimal(1) if res == "1" else Decimal("0.5") if res == "=" else Decimal(0))
                 for o, res in games if players[o][0] > 0]
        if r > 0:
            k = 10 if r >= 2400 else 40 if (year and born and year <= born + 18 and r < 2300) else 20
            counted = [o if r >= 2650 else max(r - 400, min(r + 400, o)) for o, _ in rated]
            we = sum((rating.ComputeExpectedScore(r, o) for o in counted), Decimal(0))
            score = sum((s for _, s in rated), Decimal(0))
            change = (k * (score - we)).quantize(Decimal("0.01"))
            mine = rows.get(n)
            for key, theirs, tab in (("K", k, mine and mine[0]), ("We", we, mine and mine[1]), ("change", change, mine and mine[2])):
                if mine is not None and theirs == tab:
                    same[key] += 1
                else:
                    differ[key] += 1
                    examples.append("seed %d player %d %s: tabiya %s, from TieBreakServer %s" % (seed, n, key, tab, theirs))
        else:
            theirs = None
            if len(rated) >= 5 and any(s > 0 for _, s in rated):  # a zero score is disregarded
                score = sum((s for _, s in rated), Decimal(0)) + 1
                perf = rating.ComputeTournamentPerformanceRating(score, [o for o, _ in rated] + [1800, 1800])
                theirs = min(perf, 2200) if perf >= 1400 else None  # at most 2200
            if firsts.get(n, "missing") == theirs:
                same["first rating"] += 1
                published += theirs is not None
            else:
                differ["first rating"] += 1
                examples.append("seed %d player %d first rating: tabiya %s, from TieBreakServer %s" % (seed, n, firsts.get(n, "missing"), theirs))

print("rating-vs-tbs: %d events (seeds %d..%d), %.0f s" % (generated, first, first + events - 1, time.time() - start))
for key in same:
    print("%-13s identical %d/%d" % (key, same[key], same[key] + differ[key]))
print("(first ratings: %d given, the others none under 5 games or under 1400)" % published)
for e in examples[:20]:
    print("  " + e)
sys.exit(1 if any(differ.values()) else 0)
PY
