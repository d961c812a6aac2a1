#!/usr/bin/env bash
# Team tie-breaks against FIDE's reference: random team events from `tabiya
# tournament team generate` (round robins by the Berger tables and Swiss-like
# events with random pairings; empty boards, board forfeits, double forfeits
# and pairing-allocated byes; 2 to 8 boards, TRF-16 and TRF-25 files), every
# team tie-break both programs implement computed by `tabiya tournament team
# tie-breaks` and by TieBreakServer (the FIDE Technical Commission's program by
# Otto Milvang, run from its public sources outside this repository; nothing of
# it is copied here), in the 2026, 2024 and 2022 editions. TieBreakServer reads
# tabiya's files as they are (013 or 310 team lines, 300 board orders, 320
# byes, 352 boards, 362 match points); round robins are given to it with -p,
# the others with -s. Reports identical and differing values per tie-break and
# edition and keeps the events that differ.
#
#   bench/team-tiebreaks-vs-tbs.sh TBS_DIR [EVENTS [FIRST_SEED]]      (default 200 1)
#   TABIYA=path/to/tabiya overrides build/tabiya; FAILURES=DIR (default
#   build/team-tiebreaks-differ) receives the differing events; KEEP=DIR keeps all.
#   ABSENT_TEAMS=RATE adds whole teams staying away (forfeited matches, 330
#   records; default 0: not yet compared, see the closing report).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH_NAME=team-tiebreaks-vs-tbs
# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
tbs_setup 200 "$@"

exec python3 - "$TABIYA" "$tbs" "$events" "$first" "$work" "$failures" "${ABSENT_TEAMS:-0}" <<'PY'
import os, shutil, subprocess, sys, time

from tbs_common import table

tabiya, tbs, events, first, work, failures, absent = sys.argv[1:8]
events, first = int(events), int(first)

# tabiya's code -> TieBreakServer's (match points primary: MPTS, then GP as TieBreakServer's GPTS)
TIE_BREAKS = [("GP", "GPTS"), ("BH", "BH"), ("SB", "SB"), ("EMMSB", "EMMSB"), ("EMGSB", "EMGSB"),
              ("EGMSB", "EGMSB"), ("EGGSB", "EGGSB")]
EDITIONS = ["2026", "2024", "2022"]

def options(seed):
    """Event `seed`'s generator options, drawn from the seed."""
    random_pairings = seed % 2 == 0
    teams = 4 + seed * 7919 % 11
    boards = 2 + seed * 104729 % 7
    rate = lambda k, top: "%.3f" % (top * ((seed * k) % 101) / 100)
    args = ["--seed", str(seed), "--teams", str(teams), "--boards", str(boards), "--reserves", str(seed % 3),
            "--draws", rate(31, 0.5), "--empty-boards", rate(37, 0.08), "--forfeits", rate(41, 0.08),
            "--double-forfeits", rate(43, 0.03), "--absent-teams", absent]
    if random_pairings:
        args += ["--random-pairings", "--rounds", str(max(1, min(teams - 2, 3 + seed % 5)))]
    if seed % 3 == 0:
        args.append("--trf16")
    return args, not random_pairings

counts = {}  # (edition, code) -> [same, differ]
events_same = generated = unpairable = tbs_failed = 0
start = time.time()
for seed in range(first, first + events):
    path = os.path.join(work, "team-%d.trf" % seed)
    args, round_robin = options(seed)
    g = subprocess.run([tabiya, "tournament", "team", "generate", path] + args, capture_output=True, text=True)
    if g.returncode != 0:
        if "could not be paired" in g.stderr:
            unpairable += 1
            continue
        sys.exit("tabiya failed to generate seed %d: %s" % (seed, g.stderr))
    generated += 1
    tbs_codes = ["MPTS"] + [t + "/V" + e for e in EDITIONS for _, t in TIE_BREAKS]
    r = subprocess.run([sys.executable, os.path.join(tbs, "tiebreakchecker.py"), "-i", path, "-dT",
                        "-p" if round_robin else "-s", "-t"] + tbs_codes, capture_output=True, text=True, cwd=tbs)
    if r.returncode != 0 or "error" in r.stdout[:200].lower():
        # TieBreakServer stops with "Program error" on a board left empty by both teams ("--", Tournament Rules
        # 11(d) through 11(g)): such events are counted and kept, not compared.
        tbs_failed += 1
        shutil.copy(path, failures)
        with open(os.path.join(failures, "team-%d.txt" % seed), "w") as f:
            f.write("TieBreakServer: " + (r.stdout + r.stderr).strip()[-500:] + "\n")
        continue
    theirs = table(r.stdout, 2)  # StartNo Rank MPTS values...
    differs = []
    for ei, edition in enumerate(EDITIONS):
        t = subprocess.run([tabiya, "tournament", "team", "tie-breaks", path, "--tie-break-edition", edition,
                            "--tie-breaks", ",".join(c for c, _ in TIE_BREAKS)], capture_output=True, text=True)
        if t.returncode != 0:
            sys.exit("tabiya failed on %s: %s" % (path, t.stderr))
        ours = table(t.stdout, 1)  # No MP GP values...
        for ti, (code, _) in enumerate([("MP", "MPTS")] + TIE_BREAKS):
            column = 0 if ti == 0 else 1 + ei * len(TIE_BREAKS) + ti - 1
            mine = 0 if ti == 0 else ti + 1
            c = counts.setdefault((edition, code), [0, 0])
            bad = [n for n in ours if abs(ours[n][mine] - theirs[n][column]) > 1e-6]
            if bad:
                c[1] += 1
                n = bad[0]
                differs.append("%s %s: team %d tabiya %s, TieBreakServer %s (%d teams differ)" % (
                    edition, code, n, ours[n][mine], theirs[n][column], len(bad)))
            else:
                c[0] += 1
    if differs:
        shutil.copy(path, failures)
        with open(os.path.join(failures, "team-%d.txt" % seed), "w") as f:
            f.write("\n".join(differs) + "\n")
    else:
        events_same += 1

print("team-tiebreaks-vs-tbs: %d team events generated (seeds %d..%d; %d could not be paired), %.0f s" % (
    generated, first, first + events - 1, unpairable, time.time() - start))
print("TieBreakServer could not read %d of them (a board empty on both sides); compared: %d" % (
    tbs_failed, generated - tbs_failed))
print("%-8s %s" % ("tie-break", "  ".join("%-14s" % ("identical " + e) for e in EDITIONS)))
total_same = total = 0
for code in ["MP"] + [c for c, _ in TIE_BREAKS]:
    cells = []
    for e in EDITIONS:
        same, differ = counts.get((e, code), [0, 0])
        total_same += same
        total += same + differ
        cells.append("%-14s" % ("%d/%d" % (same, same + differ)))
    print("%-9s %s" % (code, "  ".join(cells)))
print("values identical in %d of %d (event, tie-break, edition) comparisons; events identical throughout: %d/%d" % (
    total_same, total, events_same, generated - tbs_failed))
if events_same != generated - tbs_failed:
    print("differing events kept in %s (team-N.trf with team-N.txt)" % failures)
    sys.exit(1)
PY
