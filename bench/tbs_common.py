# What the comparisons with TieBreakServer (tiebreaks-vs-tbs.sh, team-tiebreaks-vs-tbs.sh, trf25-vs-tbs.sh)
# share: the random Swiss events they ask `tabiya tournament generate` for, and the reading of either program's
# table of tie-breaks. bench/lib.sh puts this directory on their PYTHONPATH.


def swiss_options(seed):
    """Event `seed`'s generator options, drawn from the seed: 6 to 60 players, 4 to 11 rounds, forfeits, double
    forfeits, requested byes, withdrawals and unrated players at rates of their own, Baku acceleration for some."""
    players = 6 + seed * 7919 % 55
    rounds = min(players - 1, 4 + seed * 104729 % 8)
    rate = lambda k, top: "%.3f" % (top * ((seed * k) % 101) / 100)
    args = ["--seed", str(seed), "--players", str(players), "--rounds", str(rounds),
            "--draws", rate(31, 0.5), "--forfeits", rate(37, 0.08), "--double-forfeits", rate(41, 0.02),
            "--half-byes", rate(43, 0.06), "--zero-byes", rate(47, 0.04), "--full-byes", rate(53, 0.02),
            "--withdrawals", rate(59, 0.04), "--unrated", rate(61, 0.25)]
    if seed % 5 == 0 and players >= 8:
        args.append("--baku")
    return args


def table(text, skip):
    """A tab-separated table of tie-breaks (a head line, then a line a player or team; TieBreakServer's "Check"
    lines skipped): start number -> the values after the first `skip` columns."""
    rows = {}
    for line in text.strip().split("\n")[1:]:
        if line.startswith("Check"):
            continue
        cells = line.split("\t")
        rows[int(cells[0])] = [float(c) for c in cells[skip:]]
    return rows
