#!/usr/bin/env python3
"""Builds tests/data/dead/hard.txt: hard "can this side still checkmate?" positions.

    python3 tests/data/dead/make_hard_set.py --label-with build/tabiya > tests/data/dead/hard.txt

(--label-with asks the engine at a large budget for mating lines where no
argument decides, and stops on any contradiction with an argued label.)

Every label comes from an argument made here, in Python, independently of the
C++ engine; the comment of each line says which one:

  frozen structure  Every pawn stands head-on against a pawn, no pawn attacks an
                    enemy man that could stand there, and no piece can ever reach
                    a square from which it takes a pawn or where a pawn takes it
                    (floods over each piece's moves, pawns the only obstacles, are
                    supersets of where it can ever go). So no pawn ever moves and
                    the pieces stay in those floods. A mate then needs a square s
                    of the loser king's flood that a winner's piece can attack and
                    whose every neighbour in that flood can be attacked by the
                    winner or occupied by a loser's piece (a different piece on
                    each). No such square: the side
                    can never mate.
  material          FIDE Art. 6.9 / 5.2.b theory: a bare king never mates; K+N or
                    K+B never mates a bare king; bishops all on one colour and
                    nothing else never mate.
  exact walk        For positions with few men (the kings-only walls, the
                    under-promotion family) every reachable position is
                    visited, with the whole of the rules; this shares nothing
                    with the frozen argument and confirms its labels.
  census            A side with K + one minor piece against K + one man: every
                    placement of the four men is tested for mate with the whole
                    of the rules (mate_census); none means that material never
                    mates, and when the material can only change into such
                    materials (a pawn one step from promoting, no pawn at all),
                    the side never mates. The under-promotion family rests on it.
  helpmate exists   Known mating patterns (e.g. K+B v K+B on opposite colours: the
                    loser's bishop blocks its own king in the corner). Such labels
                    are only written when the search at a large budget found a
                    line and that line replays to mate here, with the rules
                    above (line_mates); the test replays every line again.

Positions whose label cannot be argued (the frozen argument says "may" and no
mate is known) are left out. Random families use fixed seeds, so the file is
reproducible.
"""
import random
from functools import lru_cache
import subprocess
import sys

FILES = "abcdefgh"


def sq(f, r):
    return f + 8 * r


def name(s):
    return FILES[s % 8] + str(s // 8 + 1)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def dark(s):
    return (s % 8 + s // 8) % 2 == 0


KING_STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def steps(s, deltas):
    f, r = s % 8, s // 8
    return [sq(f + df, r + dr) for df, dr in deltas if on_board(f + df, r + dr)]


def slides(s, deltas, blockers):
    """Squares a slider on s attacks, stopped by `blockers`."""
    out = []
    f, r = s % 8, s // 8
    for df, dr in deltas:
        x, y = f + df, r + dr
        while on_board(x, y):
            out.append(sq(x, y))
            if sq(x, y) in blockers:
                break
            x, y = x + df, y + dr
    return out


def attacks(kind, s, blockers, white=True):
    k = kind.upper()
    if k == "P":
        return steps(s, [(-1, 1), (1, 1)] if white else [(-1, -1), (1, -1)])
    if k == "N":
        return steps(s, KNIGHT_STEPS)
    if k == "K":
        return steps(s, KING_STEPS)
    if k == "B":
        return slides(s, DIAG, blockers)
    if k == "R":
        return slides(s, ORTHO, blockers)
    if k == "Q":
        return slides(s, DIAG + ORTHO, blockers)
    raise ValueError(kind)


def fen_of(board, white_to_move=True):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get(sq(f, r))
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + (" w" if white_to_move else " b") + " - - 0 1"


def is_white(p):
    return p.isupper()


def attacked_by(board, white):
    """Squares the men of one colour attack now."""
    blockers = set(board)
    out = set()
    for s, p in board.items():
        if is_white(p) == white:
            out.update(attacks(p, s, blockers, white))
    return out


def legal_setup(board, white_to_move):
    kings = [s for s, p in board.items() if p in "Kk"]
    if len(kings) != 2 or kings[1] in steps(kings[0], KING_STEPS):
        return False
    for s, p in board.items():
        if p in "Pp" and s // 8 in (0, 7):
            return False
    # The side not to move must not be in check.
    them_king = next(s for s, p in board.items() if p == ("k" if white_to_move else "K"))
    if them_king in attacked_by(board, white_to_move):
        return False
    # A check by more than two men cannot arise from a legal move; keep it simple: at most one.
    us_king = next(s for s, p in board.items() if p == ("K" if white_to_move else "k"))
    checkers = [s for s, p in board.items() if is_white(p) != white_to_move and us_king in attacks(p, s, set(board), is_white(p))]
    return len(checkers) <= 1


# --- The frozen-structure argument ---


def frozen_analysis(board):
    """Returns None when the structure is not provably frozen, else a dict
    with, per colour, the king's flood, the squares its pieces may attack and
    the squares its non-king pieces may occupy."""
    pawns = {s for s, p in board.items() if p in "Pp"}
    wp = {s for s in pawns if board[s] == "P"}
    bp = {s for s in pawns if board[s] == "p"}
    # Every pawn blocked head-on by a pawn.
    if any(s + 8 not in pawns for s in wp) or any(s - 8 not in pawns for s in bp):
        return None
    pawn_att = {True: set(), False: set()}
    for s in wp:
        pawn_att[True].update(attacks("P", s, pawns, True))
    for s in bp:
        pawn_att[False].update(attacks("P", s, pawns, False))
    facts = {}
    for white in (True, False):
        own_pawns = wp if white else bp
        their_pawns = bp if white else wp
        their_att = pawn_att[not white]
        # A pawn can take an enemy man standing now on a square it attacks (or checks the king).
        for s, p in board.items():
            if p not in "Pp" and is_white(p) == white and s in their_att:
                return None
        if pawn_att[white] & their_pawns:
            return None
        king = next(s for s, p in board.items() if p == ("K" if white else "k"))
        region = {king}
        frontier = [king]
        while frontier:
            s = frontier.pop()
            for t in steps(s, KING_STEPS):
                if t in region or t in own_pawns or t in their_att:
                    continue
                region.add(t)
                frontier.append(t)
        if region & their_pawns:
            return None
        piece_att = set()
        occupy = set()
        reaches = []
        for s, p in board.items():
            if p in "KkPp" or is_white(p) != white:
                continue
            reach = {s}
            frontier = [s]
            while frontier:
                x = frontier.pop()
                for t in (steps(x, KNIGHT_STEPS) if p in "Nn" else attacks(p, x, pawns)):
                    if t in reach or t in pawns:
                        continue
                    reach.add(t)
                    frontier.append(t)
            if reach & their_att:
                return None
            att = set()
            for x in reach:
                att.update(attacks(p, x, pawns))
            if att & their_pawns:
                return None
            piece_att |= att
            occupy |= reach
            reaches.append(reach)
        king_att = set()
        for x in region:
            king_att.update(steps(x, KING_STEPS))
        facts[white] = dict(region=region, piece_att=piece_att, king_att=king_att, occupy=occupy, reaches=reaches,
                            pawn_att=pawn_att[white])
    return facts


def mating_squares(facts, winner_white):
    """Squares of the loser king's flood where a mate is not ruled out."""
    w, l = facts[winner_white], facts[not winner_white]
    covered = w["piece_att"] | w["king_att"] | w["pawn_att"]
    out = []
    for s in sorted(l["region"]):
        if s not in w["piece_att"]:
            continue  # no winner's piece ever checks there (pawns and kings never do)
        flights = [n for n in steps(s, KING_STEPS) if n in l["region"] and n not in covered]
        # Each flight the winner can never attack needs a loser's piece of its own on it.
        if can_fill(flights, l["reaches"], set()):
            out.append(s)
    return out


def can_fill(squares, reaches, used):
    if not squares:
        return True
    first, rest = squares[0], squares[1:]
    return any(i not in used and first in reach and can_fill(rest, reaches, used | {i})
               for i, reach in enumerate(reaches))


def frozen_label(board):
    facts = frozen_analysis(board)
    if facts is None:
        return None
    labels = []
    for winner in (True, False):
        mates = mating_squares(facts, winner)
        loser_region = facts[not winner]["region"]
        if not mates:
            checks = sorted(loser_region & facts[winner]["piece_att"])
            why = (f"{len(loser_region)}-square king flood never checked" if not checks else
                   f"checks only on {','.join(name(s) for s in checks)}, each with a flight nothing can cover")
            labels.append(("unwinnable", why))
        else:
            labels.append((None, "may mate on " + ",".join(name(s) for s in mates)))
    return labels


# --- An independent check: exact forward reachability ---
#
# For positions with few men the whole game tree can be walked: every
# position reachable from the start, each once. It shares nothing with the
# frozen argument (no floods, no induction), so where it agrees with a label
# that label rests on two arguments.

def king_sq(board, white):
    k = "K" if white else "k"
    for s, p in enumerate(board):
        if p == k:
            return s

def attacked(board, s, by_white):
    """Is square s attacked by a man of the colour by_white? (board: 64-tuple, '.' empty)"""
    f, r = s % 8, s // 8
    # pawns
    dr = -1 if by_white else 1
    pawn = "P" if by_white else "p"
    for df in (-1, 1):
        if on_board(f + df, r + dr) and board[sq(f + df, r + dr)] == pawn:
            return True
    kn, kg = ("N", "K") if by_white else ("n", "k")
    for t in steps(s, KNIGHT_STEPS):
        if board[t] == kn:
            return True
    for t in steps(s, KING_STEPS):
        if board[t] == kg:
            return True
    diag = ("B", "Q") if by_white else ("b", "q")
    ortho = ("R", "Q") if by_white else ("r", "q")
    for deltas, who in ((DIAG, diag), (ORTHO, ortho)):
        for df, dr2 in deltas:
            x, y = f + df, r + dr2
            while on_board(x, y):
                p = board[sq(x, y)]
                if p != ".":
                    if p in who:
                        return True
                    break
                x, y = x + df, y + dr2
    return False

def pseudo_moves(board, white, ep, promos):
    """(new board, new ep) for every pseudo-legal move of the side."""
    own = str.isupper if white else str.islower
    enemy = str.islower if white else str.isupper
    out = []
    for s, p in enumerate(board):
        if p == "." or not own(p):
            continue
        k = p.upper()
        f, r = s % 8, s // 8
        if k == "P":
            d = 1 if white else -1
            last = 7 if white else 0
            targets = []
            t = sq(f, r + d)
            if board[t] == ".":
                targets.append((t, None))
                start = 1 if white else 6
                t2 = sq(f, r + 2 * d)
                if r == start and board[t2] == ".":
                    targets.append((t2, t))
            for df in (-1, 1):
                if on_board(f + df, r + d):
                    t = sq(f + df, r + d)
                    if (board[t] != "." and enemy(board[t])) or t == ep:
                        targets.append((t, "x"))
            for t, extra in targets:
                b = list(board)
                b[s] = "."
                if extra == "x" and t == ep and board[t] == ".":
                    b[sq(t % 8, r)] = "."
                nep = extra if isinstance(extra, int) else None
                if t // 8 == last:
                    for q in promos:
                        b2 = list(b)
                        b2[t] = q if white else q.lower()
                        out.append((tuple(b2), None))
                else:
                    b[t] = p
                    out.append((tuple(b), nep))
            continue
        if k == "N":
            tos = steps(s, KNIGHT_STEPS)
        elif k == "K":
            tos = steps(s, KING_STEPS)
        else:
            blockers = {i for i, q in enumerate(board) if q != "."}
            tos = attacks(k, s, blockers)
        for t in tos:
            if board[t] != "." and own(board[t]):
                continue
            b = list(board)
            b[s] = "."
            b[t] = p
            out.append((tuple(b), None))
    return out

def legal_moves(board, white, ep, promos):
    res = []
    for b, nep in pseudo_moves(board, white, ep, promos):
        if not attacked(b, king_sq(b, white), not white):
            res.append((b, nep))
    return res

def board_of(fen):
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board[sq(f, 7 - i)] = c
                f += 1
    return board, fen.split()[1] == "w"


def confirm_by_walk(entries, cap):
    """Adds the exact walk's verdict to the notes of every entry it can walk
    whole; stops on any contradiction with a label."""
    out = []
    for fen, labels, tag in entries:
        board, white_to_move = board_of(fen)
        walked = reachable_mates(board, white_to_move, cap=cap)
        if walked is not None:
            new = []
            for c, (label, why) in enumerate(labels):
                mate = walked[c]
                if label is not None and label != ("winnable" if mate else "unwinnable"):
                    sys.exit(f"the exact walk contradicts the label of {fen} ({'white' if c == 0 else 'black'})")
                verdict = "reaches a mate" if mate else "none a mate"
                new.append((label, why + f" [exact walk: {walked[2]} positions reachable, {verdict}]"))
            labels = new
        out.append((fen, labels, tag))
    return out


def reachable_mates(board_dict, white_to_move, promos="QRBN", cap=300000):
    """Walks every position reachable from the start, with the whole of the
    rules except castling (no position here has a castling right) and the
    50-/75-move and repetition rules (they only end games sooner). Returns
    (white mates, black mates, positions seen), or None when there are more
    than cap positions. Nothing of the frozen argument is used."""
    board = tuple(board_dict.get(s, ".") for s in range(64))
    start = (board, white_to_move, None)
    seen = {start}
    stack = [start]
    mates = {True: False, False: False}
    while stack:
        b, w, ep = stack.pop()
        moves = legal_moves(b, w, ep, promos)
        if not moves:
            if attacked(b, king_sq(b, w), not w):
                mates[not w] = True
            continue
        for nb, nep in moves:
            st = (nb, not w, nep)
            if st not in seen:
                seen.add(st)
                if len(seen) > cap:
                    return None
                stack.append(st)
    return mates[True], mates[False], len(seen)


# --- A census of the mates a small material allows ---
#
# A mate by K + one minor piece (the only man that can give check) against
# K + one man: for every square of the loser's king, every square from which
# the minor checks it and every square of the winner's king, the flights left
# open must be filled by the loser's one man; each candidate is then tested
# with the whole of the rules above (in check, no legal move, the winner's
# king not in check). A census of 0 says no such position exists anywhere on
# the board, so a side with that material can never mate, however it plays.

@lru_cache(maxsize=None)
def mate_census(winner_white, minor, minor_squares, loser_man, loser_squares):
    """How many positions with the winner's K + minor (on minor_squares) and
    the loser's K + loser_man (on loser_squares; None: a bare king) are
    checkmates of the loser."""
    count = 0
    piece = minor if winner_white else minor.lower()
    man = None if loser_man is None else (loser_man.lower() if winner_white else loser_man.upper())
    for k in range(64):
        for p in minor_squares:
            if p == k or k not in attacks(minor, p, set()):
                continue
            flights = [s for s in steps(k, KING_STEPS) if s != p]
            for w in range(64):
                if w in (k, p) or w in steps(k, KING_STEPS):
                    continue
                cover = set(steps(w, KING_STEPS)) | set(attacks(minor, p, {w}))
                open_flights = [s for s in flights if s not in cover]
                if len(open_flights) > 1:
                    continue  # the loser's one man fills one flight at most (covering is only less with it on the board)
                if man is None:
                    candidates = [None]
                else:
                    candidates = [x for x in (open_flights or loser_squares) if x in loser_squares and x not in (k, p, w)]
                for x in candidates:
                    board = ["."] * 64
                    board[k] = "k" if winner_white else "K"
                    board[w] = "K" if winner_white else "k"
                    board[p] = piece
                    if x is not None:
                        board[x] = man
                    board = tuple(board)
                    if (attacked(board, k, winner_white) and not attacked(board, w, not winner_white)
                            and not legal_moves(board, not winner_white, None, "QRBN")):
                        count += 1
    return count


ALL_SQUARES = tuple(range(64))
DARK_SQUARES = tuple(s for s in range(64) if dark(s))
LIGHT_SQUARES = tuple(s for s in range(64) if not dark(s))


def colour_squares(s):
    return DARK_SQUARES if dark(s) else LIGHT_SQUARES


# --- Replaying a mating line with the rules above ---

def play_uci(board, white, ep, move):
    """The position after `move` (UCI) if it is legal here, else None."""
    f = sq(FILES.index(move[0]), int(move[1]) - 1)
    t = sq(FILES.index(move[2]), int(move[3]) - 1)
    p = board[f]
    if p == "." or is_white(p) != white:
        return None
    b = list(board)
    b[f] = "."
    if p in "Pp" and t == ep and board[t] == ".":
        b[sq(t % 8, f // 8)] = "."
    promo = move[4] if len(move) > 4 else None
    b[t] = (promo.upper() if white else promo.lower()) if promo else p
    nep = sq(f % 8, (f // 8 + t // 8) // 2) if p in "Pp" and abs(t // 8 - f // 8) == 2 else None
    after = (tuple(b), nep)
    return after if after in legal_moves(board, white, ep, "QRBN") else None


def line_mates(fen, winner_white, line):
    """Is `line` (UCI moves) a series of legal moves from fen ending with the
    winner checkmating the other king?"""
    board_dict, white = board_of(fen)
    board, ep = tuple(board_dict.get(s, ".") for s in range(64)), None
    for move in line:
        after = play_uci(board, white, ep, move)
        if after is None:
            return False
        (board, ep), white = after, not white
    return (white != winner_white and attacked(board, king_sq(board, white), not white)
            and not legal_moves(board, white, ep, "QRBN"))


# --- Families ---


def wall_profile(rng, gaps=0, one_colour=False):
    """White pawn rank (0-based) per file, neighbours differing by 1 or 2
    (only 1 with one_colour: then all white pawns stand on one colour and
    all black pawns on the other); None for a file without pawns."""
    moves = [-1, 1] if one_colour else [-2, -1, 1, 2, -1, 1]
    while True:
        ranks = [rng.randint(1, 5)]
        for _ in range(7):
            ranks.append(ranks[-1] + rng.choice(moves))
        if all(1 <= r <= 5 for r in ranks):
            break
    for f in rng.sample(range(8), gaps):
        ranks[f] = None
    return ranks


def wall_board(ranks):
    board = {}
    for f, r in enumerate(ranks):
        if r is None:
            continue
        board[sq(f, r)] = "P"
        board[sq(f, r + 1)] = "p"
    return board


def empty_squares(board):
    return [s for s in range(64) if s not in board]


def place_random(rng, board, piece, squares=None):
    choices = [s for s in (squares if squares is not None else range(64)) if s not in board]
    if not choices:
        return False
    board[rng.choice(choices)] = piece
    return True


def below_and_above(ranks):
    """Squares strictly below every white pawn of its file, and above every black pawn."""
    below, above = [], []
    for s in range(64):
        f, r = s % 8, s // 8
        if ranks[f] is None:
            continue
        if r < ranks[f]:
            below.append(s)
        elif r > ranks[f] + 1:
            above.append(s)
    return below, above


def frozen_family(rng, count, pieces_per_side, tag, gaps=0, tries=4000, kinds="BBBBNNRQ", one_colour=True):
    """Random walls with kings on their own sides and pieces mostly bishops of
    the colour their own pawns stand on (which no enemy pawn ever attacks),
    anywhere on the board; only positions the frozen argument accepts are kept."""
    out = []
    seen = set()
    for _ in range(tries):
        if len(out) >= count:
            break
        ranks = wall_profile(rng, gaps, one_colour and pieces_per_side > 0)
        board = wall_board(ranks)
        below, above = below_and_above(ranks)
        if not below or not above:
            continue
        place_random(rng, board, "K", below)
        place_random(rng, board, "k", above)
        white_pawn_dark = next((dark(s) for s, p in board.items() if p == "P"), True)
        for white in (True, False):
            for _ in range(pieces_per_side):
                kind = rng.choice(kinds)
                squares = None
                if kind == "B" and rng.random() < 0.85:
                    safe_dark = white_pawn_dark if white else not white_pawn_dark
                    squares = [s for s in range(64) if dark(s) == safe_dark]
                place_random(rng, board, kind if white else kind.lower(), squares)
        white_to_move = rng.random() < 0.5
        if not legal_setup(board, white_to_move):
            continue
        labels = frozen_label(board)
        if labels is None:
            continue
        fen = fen_of(board, white_to_move)
        if fen in seen:
            continue
        seen.add(fen)
        out.append((fen, labels, tag))
    return out


def king_walk_family(rng, count, tag, tries=20000):
    """A locked wall with one open file, the black king above it, White's
    king below it at least four files from the gap and one White piece above
    it. Kept only when the same position with the gap closed by a locked pair
    of pawns is one the frozen argument proves White can never mate in: then
    a mate needs White's king (or a man of Black's) to walk through the gap,
    the long way round. White's label is only written when the search at a
    large budget finds the line (the test replays it)."""
    out = []
    seen = set()
    for _ in range(tries):
        if len(out) >= count:
            break
        ranks = wall_profile(rng, 1, True)
        gap = ranks.index(None)
        board = wall_board(ranks)
        below, above = below_and_above(ranks)
        below = [s for s in below if abs(s % 8 - gap) >= 4]
        above = [s for s in above if s % 8 != gap]
        if not below or not above:
            continue
        place_random(rng, board, "K", below)
        place_random(rng, board, "k", above)
        white_pawn_dark = next(dark(s) for s, p in board.items() if p == "P")
        kind = "B"  # the only piece that can stay above the wall without ever attacking a black pawn
        squares = [s for s in above if kind != "B" or dark(s) == white_pawn_dark]
        if not place_random(rng, board, kind, squares):
            continue
        white_to_move = rng.random() < 0.5
        if not legal_setup(board, white_to_move):
            continue
        open_labels = frozen_label(board)
        if open_labels is not None and open_labels[0][0] == "unwinnable":
            continue  # pawn attacks close the gap: a frozen wall after all
        closed_unwinnable = False
        for r in range(1, 6):
            if not closed_unwinnable:
                closed = dict(board)
                if sq(gap, r) in board or sq(gap, r + 1) in board:
                    continue
                closed[sq(gap, r)] = "P"
                closed[sq(gap, r + 1)] = "p"
                labels = frozen_label(closed)
                closed_unwinnable = labels is not None and labels[0][0] == "unwinnable"
        if not closed_unwinnable:
            continue
        fen = fen_of(board, white_to_move)
        if fen in seen:
            continue
        seen.add(fen)
        why = (f"with the {FILES[gap]}-file closed by a locked pair of pawns White could never mate (frozen argument), so "
               "every mate goes through the open file: a king walking through it or the wall broken from there")
        out.append((fen, [(None, why), (None, "K and pawns; may mate once the wall opens")], tag))
    return out


ENDGAMES = [
    # pieces (white side, black side), white label, black label, reason
    ("", "", "unwinnable", "unwinnable", "material: bare kings"),
    ("N", "", "unwinnable", "unwinnable", "material: K+N v K"),
    ("B", "", "unwinnable", "unwinnable", "material: K+B v K"),
    ("Q", "", "winnable", "unwinnable", "K+Q v K mates; a bare king never does"),
    ("R", "", "winnable", "unwinnable", "K+R v K mates; a bare king never does"),
    ("NN", "", "winnable", "unwinnable", "two knights mate with help; a bare king never does"),
    ("BN", "", "winnable", "unwinnable", "K+B+N v K mates; a bare king never does"),
    ("Bb", "", "winnable", "unwinnable", "bishops on both colours mate; a bare king never does"),
    ("B", "b~", "winnable", "winnable", "opposite-coloured bishops: each bishop blocks its own king in a corner"),
    ("B", "b=", "unwinnable", "unwinnable", "material: bishops on one colour only"),
    ("N", "n", "winnable", "winnable", "K+N v K+N: the loser's knight blocks its own king"),
    ("N", "p", "winnable", "winnable", "K+N v K+P: the pawn blocks (or promotes); the pawn queens"),
    ("B", "p", "winnable", "winnable", "K+B v K+P: the pawn self-blocks; the pawn queens"),
    ("N", "b", "winnable", "winnable", "K+N v K+B: the bishop blocks its own king"),
    ("R", "n", "winnable", "winnable", "K+R v K+N: either side mates with the other's piece blocking"),
]


def endgame_family(rng, per_kind, tag):
    out = []
    for white_men, black_men, wl, bl, why in ENDGAMES:
        made = 0
        for _ in range(2000):
            if made >= per_kind:
                break
            board = {}
            place_random(rng, board, "K")
            place_random(rng, board, "k")
            ok = True
            first_bishop = None
            for p in white_men:
                squares = None
                if p == "b":  # a second white bishop on the other colour
                    squares = [s for s in range(64) if dark(s) != dark(first_bishop)]
                    p = "B"
                ok &= place_random(rng, board, p, squares)
                if p == "B" and first_bishop is None:
                    first_bishop = next(s for s, q in board.items() if q == "B")
            for p in black_men.rstrip("~="):
                squares = None
                if p == "p":
                    squares = [s for s in range(8, 56)]
                if p == "b" and black_men.endswith("~"):
                    squares = [s for s in range(64) if dark(s) != dark(first_bishop)]
                if p == "b" and black_men.endswith("="):
                    squares = [s for s in range(64) if dark(s) == dark(first_bishop)]
                ok &= place_random(rng, board, p, squares)
            white_to_move = rng.random() < 0.5
            if not ok or not legal_setup(board, white_to_move):
                continue
            # Kings must not touch.
            ks = [s for s, q in board.items() if q in "Kk"]
            if ks[1] in steps(ks[0], KING_STEPS):
                continue
            out.append((fen_of(board, white_to_move), [(wl, why), (bl, why)], tag))
            made += 1
    return out


PIECE_NAMES = {"Q": "queen", "R": "rook", "B": "bishop", "N": "knight"}


def place_side(rng, board, men, white):
    """Places men (upper-case letters; a pair (letter, squares) restricts one)."""
    for man in men:
        kind, squares = man if isinstance(man, tuple) else (man, None)
        if not place_random(rng, board, kind if white else kind.lower(), squares):
            return False
    return True


def underpromotion_family(rng, per_kind, tag):
    """K + a minor piece against K + a pawn one step from promoting. The pawn
    leaves its square only by promoting (by capture only when it takes the
    winner's minor, which leaves a bare king), so every position reachable
    has the loser's pawn on that square, or a queen, a rook, a knight, a
    bishop of the promotion square's colour, or less. The census shows the
    minor side can mate with none of the pawn, the queen (nor, for a bishop,
    the rook or a bishop of its own colour), but with some under-promotion:
    its label is winnable only when a mating line (which then needs that
    under-promotion) replays. The pawn's side mates by queening, its label
    likewise comes from a replayed line."""
    out = []
    first = "2k5/8/8/5K2/8/8/3pN3/8 b - - 0 1"  # a known case: hard.txt has it as a minor-piece ending too
    for minor, winner_white in (("N", True), ("N", False), ("B", True), ("B", False)):
        made = 0
        for _ in range(4000):
            if made >= per_kind:
                break
            board = {}
            loser_white = not winner_white
            pawn_sq = sq(rng.randrange(8), 6 if loser_white else 1)
            if made == 0 and minor == "N" and winner_white:
                board, white_to_move = board_of(first)
                pawn_sq = next(s for s, p in board.items() if p == "p")
            else:
                board[pawn_sq] = "P" if loser_white else "p"
                minor_squares = ALL_SQUARES
                if minor == "B":
                    # Half of them on the promotion square's colour: a promoted bishop is then of the same colour.
                    minor_squares = colour_squares(pawn_sq + (8 if loser_white else -8))
                    if made % 2:
                        minor_squares = colour_squares(pawn_sq)
                if not place_side(rng, board, ["K", (minor, minor_squares)], winner_white):
                    continue
                if not place_side(rng, board, ["K"], loser_white):
                    continue
                white_to_move = rng.random() < 0.5
            promo_sq = pawn_sq + (8 if loser_white else -8)
            if not legal_setup(board, white_to_move) or board.get(promo_sq) is not None:
                continue
            minor_sq = next(s for s, p in board.items() if p.upper() == minor)
            minor_squares = colour_squares(minor_sq) if minor == "B" else ALL_SQUARES
            census = {man: mate_census(winner_white, minor, minor_squares, man, squares) for man, squares in
                      (("P", (pawn_sq,)), ("Q", ALL_SQUARES), ("R", ALL_SQUARES),
                       ("B", colour_squares(promo_sq)), ("N", ALL_SQUARES))}
            if census["P"] or census["Q"] or not any(census[m] for m in "RBN"):
                continue
            mating = [m for m in "RBN" if census[m]]
            never = [m for m in "QRB" if not census[m]]
            why = (f"K+{minor} v K+P on {name(pawn_sq)}: no mate exists with the pawn there (it leaves only by "
                   f"promoting) nor after ={'/='.join(never)} (census of every placement: 0); mates exist only after "
                   f"={'/='.join(mating)}, so only the loser's under-promotion lets it mate")
            other = "K+P v K+" + minor + ": the pawn queens and mates, the minor blocking its own king"
            labels = [(None, why), (None, other)] if winner_white else [(None, other), (None, why)]
            out.append((fen_of(board, white_to_move), labels, tag))
            made += 1
    return out


def queened_family(rng, per_kind, tag):
    """The counterparts: the pawn has promoted to a queen (or, against a
    bishop, a rook) instead. No pawn is left, so the material only shrinks,
    and the census finds no mate for the minor's side with it anywhere: that
    side can never mate. The other side mates with the minor blocking its
    own king (a replayed line)."""
    out = []
    for minor, man in (("N", "Q"), ("B", "Q"), ("B", "R")):
        for winner_white in (True, False):
            made = 0
            for _ in range(4000):
                if made >= per_kind:
                    break
                board = {}
                if not place_side(rng, board, ["K", minor], winner_white) or not place_side(rng, board, ["K", man],
                                                                                             not winner_white):
                    continue
                white_to_move = rng.random() < 0.5
                if not legal_setup(board, white_to_move):
                    continue
                minor_sq = next(s for s, p in board.items() if p.upper() == minor)
                minor_squares = colour_squares(minor_sq) if minor == "B" else ALL_SQUARES
                if mate_census(winner_white, minor, minor_squares, man, ALL_SQUARES) != 0:
                    sys.exit(f"census: K+{minor} v K+{man} has mates")
                why = (f"K+{minor} v K+{PIECE_NAMES[man]} (a pawn promoted to a {PIECE_NAMES[man]} where an under-promotion to a minor was needed): the census "
                       f"of every placement finds no mate, and the material only shrinks")
                other = f"K+{man} v K+{minor}: mates with the {PIECE_NAMES[minor]} blocking its own king"
                labels = [("unwinnable", why), (None, other)] if winner_white else [(None, other), ("unwinnable", why)]
                out.append((fen_of(board, white_to_move), labels, tag))
                made += 1
    return out


# The classic themes of the Laws' dead-position discussions and of "can White
# still win?" compositions, set up here; each label is argued by composed().
COMPOSED = [
    ("8/8/1k6/p1p1p1p1/P1P1P1P1/8/6K1/8 w - - 0 1", "alternate files locked: no king passes the squares the pawns guard"),
    ("8/4k3/8/1p1p1p1p/pP1P1P1P/P7/8/2K5 w - - 0 1", "a locked wall with a step in it, kings only"),
    ("8/2k5/3b4/p1p1p1p1/P1P1P1P1/3B4/6K1/8 w - - 0 1",
     "locked pawns, each bishop on the colour of its own pawns, which the enemy pawns never attack"),
    ("4k3/8/1p1b4/pPp1p1p1/P1P1PpPp/5P1P/2B5/4K3 w - - 0 1", "interlocked chains with bishops that can never bite"),
    ("7k/8/2b5/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 b - - 0 1", "a zigzag wall across the board and a bishop that cannot cross it"),
    ("k7/8/1b6/8/8/8/8/2B1K3 w - - 0 1", "bishops of one colour, nothing else (the Laws' own example of a dead position)"),
    ("k7/8/8/8/8/8/8/2BbK3 w - - 0 1", "bishops of opposite colours: not dead, each bishop can block its own king"),
    ("7k/8/8/8/8/8/8/1n2K1N1 w - - 0 1", "a knight each: not dead, the loser's knight blocks its own king"),
    ("7k/8/8/8/8/8/8/1N2K1N1 b - - 0 1", "two knights against a bare king: no forced mate, but a helpmate"),
    ("7k/8/8/8/8/4B3/8/2B1K3 w - - 0 1", "two bishops of one colour (an under-promotion's result): never mate"),
    ("7k/7p/8/8/8/8/8/4K1B1 w - - 0 1", "a bishop against a rook's pawn: the pawn walls its own king in"),
    ("k7/P7/1K6/8/8/8/8/8 b - - 0 1", "stalemate on the board: the game is over, nobody mates"),
    ("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", "a smothered mate on the board"),
    ("k7/2K5/8/8/8/8/8/8 w - - 0 1", "bare kings"),
    ("8/8/8/4k3/8/8/4K3/6N1 w - - 0 1", "king and knight against king (the Laws' example)"),
    ("8/8/8/4k3/8/8/4K3/6B1 b - - 0 1", "king and bishop against king (the Laws' example)"),
]


def material_argument(board, white):
    """The textbook material facts of the docstring, or None."""
    men = [p for p in board.values() if p not in "Kk"]
    own = [p for p in men if is_white(p) == white]
    if not own:
        return "material: a bare king never mates"
    if len(own) == 1 and len(men) == 1 and own[0].upper() in "NB":
        return "material: a lone knight or bishop never mates a bare king"
    bishops = [s for s, p in board.items() if p in "Bb"]
    if len(bishops) == len(men) and len({dark(s) for s in bishops}) == 1:
        return "material: bishops all on one colour and nothing else never mate"
    return None


def composed():
    out = []
    for fen, theme in COMPOSED:
        board, white_to_move = board_of(fen)
        if not legal_setup(board, white_to_move):
            sys.exit(f"composed position {fen} is not legal")
        frozen = frozen_label(board) if any(p in "Pp" for p in board.values()) else None
        walked = reachable_mates(board, white_to_move, cap=20000)
        labels = []
        for c, white in enumerate((True, False)):
            label, why = None, None
            material = material_argument(board, white)
            if material:
                label, why = "unwinnable", material
            elif frozen and frozen[c][0]:
                label, why = frozen[c][0], "frozen structure: " + frozen[c][1]
            elif walked is not None:
                label = "winnable" if walked[c] else "unwinnable"
                why = f"exact walk: {walked[2]} positions reachable, " + ("a mate among them" if walked[c] else "none a mate")
            else:
                why = "may mate"
            if walked is not None and label == "unwinnable" and walked[c]:
                sys.exit(f"the exact walk contradicts the label of {fen}")
            labels.append((label, theme + " -- " + why))
        out.append((fen, labels, "composed theme"))
    return out


def check_with_engine(binary, entries, nodes):
    """Asks the engine (large budget) about every entry; returns its answers."""
    queries = []
    for fen, _, _ in entries:
        queries.append(fen + " white")
        queries.append(fen + " black")
    run = subprocess.run([binary, "adjudicate", "--nodes", str(nodes)], input="\n".join(queries) + "\n",
                         capture_output=True, text=True, check=True)
    answers = run.stdout.splitlines()
    return [(answers[2 * i], answers[2 * i + 1]) for i in range(len(entries))]


def main():
    binary = None
    nodes = 2_000_000
    args = sys.argv[1:]
    if args and args[0] == "--label-with":
        binary = args[1]
    rng = random.Random(2026)
    entries = []
    entries += confirm_by_walk(frozen_family(rng, 60, 0, "frozen wall, kings only", one_colour=False), 20000)
    entries += frozen_family(rng, 70, 1, "frozen wall, one piece each")
    entries += frozen_family(rng, 70, 2, "frozen wall, two pieces each", tries=20000)
    entries += frozen_family(rng, 30, 1, "frozen wall with a gap, one piece each", gaps=1, tries=20000)
    entries += frozen_family(rng, 40, 3, "frozen wall, three pieces each", tries=40000)
    entries += frozen_family(rng, 20, 1, "frozen wall, a knight or a rook each", tries=40000, kinds="NNR")
    entries += endgame_family(rng, 8, "minor-piece ending")
    entries += king_walk_family(rng, 30, "long king walk through a gap")
    entries += underpromotion_family(random.Random(13), 6, "only an under-promotion mates")
    entries += queened_family(random.Random(14), 2, "queened instead of under-promoting")
    entries += composed()
    # Labels the frozen argument leaves open ("may") are filled only by a
    # mating line found at a large budget; otherwise the position is dropped.
    if binary:
        answers = check_with_engine(binary, entries, nodes)
    print("# Hard positions for \"can this side still checkmate?\" (FIDE 2014 Art. 1.3, 5.2.b, 6.9).")
    print("# FEN | white | black | why   -- generated by make_hard_set.py (see its docstring for the arguments).")
    print("# Read by tests/laws/dead_position_hard_test.cpp: never a wrong verdict; every winnable line replays.")
    kept = 0
    for i, (fen, labels, tag) in enumerate(entries):
        words = []
        notes = []
        for c, (label, why) in enumerate(labels):
            colour = "white" if c == 0 else "black"
            if label is None and binary and answers[i][c].startswith("winnable"):
                line = answers[i][c].split()[1:]
                line = line[:line.index("nodes")] if "nodes" in line else line
                # The engine only finds the line; it is a proof once replayed here with the rules above.
                if not line_mates(fen, c == 0, line):
                    sys.exit(f"the engine's line for {fen} ({colour}) does not replay to mate: {' '.join(line)}")
                label = "winnable"
                why = why + f" (a mate exists: a line of {len(line)} moves found by the search replays to mate here and in the test)"
            if label is None:
                break
            words.append(label)
            notes.append(f"{colour}: {why}")
        if len(words) != 2:
            continue
        if binary:
            for c in range(2):
                got = answers[i][c].split()[0]
                if got in ("winnable", "unwinnable") and got != words[c]:
                    sys.exit(f"contradiction on {fen} ({'white' if c == 0 else 'black'}): label {words[c]}, "
                             f"engine {answers[i][c]}")
        print(f"{fen} | {words[0]} | {words[1]} | {tag}; " + "; ".join(notes))
        kept += 1
    print(f"# {kept} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
