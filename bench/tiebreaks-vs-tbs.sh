#!/usr/bin/env bash
# Tie-breaks against FIDE's reference: random Swiss events from
# `tabiya tournament generate` (forfeits, double forfeits, requested half-,
# zero- and full-point byes, withdrawals, unrated players, some with Baku
# acceleration), every C.07 tie-break both programs implement computed by
# `tabiya tournament tie-breaks` and by TieBreakServer (the FIDE Technical
# Commission's program by Otto Milvang, run from its public sources outside
# this repository; nothing of it is copied here), in the 2026, 2024 and 2022
# editions. Reports identical and differing values per tie-break and edition
# and keeps the events that differ.
#
#   bench/tiebreaks-vs-tbs.sh TBS_DIR [EVENTS [FIRST_SEED]]      (default 500 1)
#   TABIYA=path/to/tabiya overrides build/tabiya; FAILURES=DIR (default
#   build/tiebreaks-differ) receives the differing events; KEEP=DIR keeps all.
#
# Editions: TieBreakServer's /V2022 is the C.07 text approved in 2022 (in
# force 1 July 2023), whose unplayed-round rules are those of 2024; tabiya's
# 2022 is the older C.02 Art. 13.16 (virtual opponent). For 2022 the
# tie-breaks built on opponents' scores (BH SB AOB FB) are therefore not
# compared; everything else is. Unrated opponents count as 1400 (-U1400 /
# /U1400) in the rating tie-breaks, since TieBreakServer gives no value at all
# when an event has unrated players and no such rating. DE (direct
# encounter) is compared by the ranks it gives after the score (tabiya's
# `standings --tie-breaks DE` against TieBreakServer's PTS DE): the one
# reports points within the tie, the other a rank; it counts games over the
# board alone in every edition, so it is compared once ("DE ranks", 2026).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH_NAME=tiebreaks-vs-tbs
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
tbs_setup 500 "$@"

exec python3 - "$TABIYA" "$tbs" "$events" "$first" "$work" "$failures" <<'PY'
import os, shutil, subprocess, sys, time

from tbs_common import swiss_options, table

tabiya, tbs, events, first, work, failures = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]

# tabiya's code -> TieBreakServer's
TIE_BREAKS = [
    ("BH", "BH"), ("BH-C1", "BH/C1"), ("BH-C2", "BH/C2"), ("BH-M1", "BH/M1"), ("BH-M2", "BH/M2"),
    ("SB", "SB"), ("SB-C1", "SB/C1"), ("SB-C2", "SB/C2"), ("SB-M1", "SB/M1"),
    ("WIN", "WIN"), ("WON", "WON"), ("BPG", "BPG"), ("BWG", "BWG"),
    ("PS", "PS"), ("PS-C1", "PS/C1"), ("KS", "KS"),
    ("ARO-U1400", "ARO/U1400"), ("ARO-C1-U1400", "ARO/C1/U1400"), ("ARO-C2-U1400", "ARO/C2/U1400"),
    ("ARO-M1-U1400", "ARO/M1/U1400"),
    ("TPR-U1400", "TPR/U1400"), ("PTP-U1400", "PTP/U1400"),
    ("APRO-U1400", "APRO/U1400"), ("APPO-U1400", "APPO/U1400"),
    ("AOB", "AOB"), ("FB", "FB"), ("FB-C1", "FB/C1"), ("REP", "REP"),
]
EDITIONS = ["2026", "2024", "2022"]
NOT_COMPARED = {("2022", c) for c in ("BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SB", "SB-C1", "SB-C2", "SB-M1", "AOB", "FB", "FB-C1")}
NOT_COMPARED |= {("2024", "DE ranks"), ("2022", "DE ranks")}



counts = {}  # (edition, code) -> [same, differ]
events_same = generated = 0
unpairable = 0
start = time.time()
for seed in range(first, first + events):
    path = os.path.join(work, "event-%d.trf" % seed)
    g = subprocess.run([tabiya, "tournament", "generate", "-o", path] + swiss_options(seed), capture_output=True, text=True)
    if g.returncode != 0:
        unpairable += 1
        continue
    generated += 1
    # TieBreakServer's FB leaves its adjusted rounds behind for the tie-breaks
    # computed after it in the same run, so every FB comes last.
    order = [(e, c, t) for e in EDITIONS for c, t in TIE_BREAKS if not c.startswith("FB")]
    order += [(e, c, t) for e in EDITIONS for c, t in TIE_BREAKS if c.startswith("FB")]
    column = {(e, c): i for i, (e, c, _) in enumerate(order)}
    tbs_codes = [t + "/V" + e for e, _, t in order]
    r = subprocess.run([sys.executable, os.path.join(tbs, "tiebreakchecker.py"), "-i", path, "-dT", "-s", "-t"] + tbs_codes,
                       capture_output=True, text=True, cwd=tbs)
    if r.returncode != 0:
        sys.exit("TieBreakServer failed on %s: %s" % (path, r.stderr[-2000:]))
    theirs = table(r.stdout, 2)  # StartNo Rank values...
    differs = []
    for edition in EDITIONS:
        t = subprocess.run([tabiya, "tournament", "tie-breaks", path, "--tie-break-edition", edition,
                            "--tie-breaks", ",".join(c for c, _ in TIE_BREAKS)], capture_output=True, text=True)
        if t.returncode != 0:
            sys.exit("tabiya failed on %s: %s" % (path, t.stderr))
        ours = table(t.stdout, 2)  # No Pts values...
        for ti, (code, _) in enumerate(TIE_BREAKS):
            if (edition, code) in NOT_COMPARED:
                continue
            c = counts.setdefault((edition, code), [0, 0])
            bad = [n for n in ours if abs(ours[n][ti] - theirs[n][column[(edition, code)]]) > 1e-6]
            if bad:
                c[1] += 1
                n = bad[0]
                differs.append("%s %s: player %d tabiya %s, TieBreakServer %s (%d players differ)" % (
                    edition, code, n, ours[n][ti], theirs[n][column[(edition, code)]], len(bad)))
            else:
                c[0] += 1
    # DE: the ranks after the score and direct encounter.
    r = subprocess.run([sys.executable, os.path.join(tbs, "tiebreakchecker.py"), "-i", path, "-dT", "-s", "-t", "PTS", "DE"],
                       capture_output=True, text=True, cwd=tbs)
    t = subprocess.run([tabiya, "tournament", "standings", path, "--tie-breaks", "DE"], capture_output=True, text=True)
    if r.returncode != 0 or t.returncode != 0:
        sys.exit("DE ranks failed on %s: %s %s" % (path, r.stderr[-2000:], t.stderr))
    their_rank = {int(l.split("\t")[0]): int(l.split("\t")[1]) for l in r.stdout.strip().split("\n")[1:] if not l.startswith("Check")}
    our_rank = {int(l.split()[1]): int(l.split()[0]) for l in t.stdout.strip().split("\n")[1:] if l.split()[0].isdigit()}
    c = counts.setdefault(("2026", "DE ranks"), [0, 0])
    bad = [n for n in our_rank if our_rank[n] != their_rank.get(n)]
    if bad:
        c[1] += 1
        differs.append("DE ranks: player %d tabiya rank %d, TieBreakServer %s (%d players differ)" % (
            bad[0], our_rank[bad[0]], their_rank.get(bad[0]), len(bad)))
    else:
        c[0] += 1
    if differs:
        shutil.copy(path, failures)
        with open(os.path.join(failures, "event-%d.txt" % seed), "w") as f:
            f.write("\n".join(differs) + "\n")
    else:
        events_same += 1

print("tiebreaks-vs-tbs: %d events generated (seeds %d..%d; %d could not be paired), %.0f s" % (
    generated, first, first + events - 1, unpairable, time.time() - start))
print("%-14s %s" % ("tie-break", "  ".join("%-13s" % ("identical " + e) for e in EDITIONS)))
total_same = total = 0
for code in [c for c, _ in TIE_BREAKS] + ["DE ranks"]:
    cells = []
    for e in EDITIONS:
        if (e, code) in NOT_COMPARED:
            cells.append("%-13s" % "-")
            continue
        same, differ = counts.get((e, code), [0, 0])
        total_same += same
        total += same + differ
        cells.append("%-13s" % ("%d/%d" % (same, same + differ)))
    print("%-14s %s" % (code, "  ".join(cells)))
print("values identical in %d of %d (event, tie-break, edition) comparisons; events identical throughout: %d/%d" % (
    total_same, total, events_same, generated))
if events_same != generated:
    print("differing events kept in %s (event-N.trf with event-N.txt)" % failures)
    sys.exit(1)
PY
