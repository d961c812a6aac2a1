#!/usr/bin/env python3
"""Makes bench/data/game_endings.txt: the final positions of quick Stockfish
self-play games, for bench/dead_position_bench.cpp.

Each game starts with a few random legal moves (so openings vary), then both
sides play at a random skill level (weak levels blunder into mates, strong
ones into long endgames). A game ends the way a real one would: checkmate,
stalemate, threefold repetition, the 50-move rule, bare material, or an
adjudicated resignation / draw agreement from Stockfish's own score. One line
per game: `FEN ; reason ; moves`, the moves in UCI from the start position
(the benchmark replays them to time the check after every move of a game).

Usage: python3 bench/make_game_endings.py [GAMES] [SEED] > bench/data/game_endings.txt
Needs /usr/games/stockfish (Debian package `stockfish`).
"""
import random
import subprocess
import sys

STOCKFISH = "/usr/games/stockfish"


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def position(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")

    def board(self):
        """FEN and whether the side to move is in check."""
        self.send("d")
        lines = self.wait_for("Checkers:")
        fen = next(l for l in lines if l.startswith("Fen:"))[5:].strip()
        checkers = lines[-1][len("Checkers:"):].strip()
        return fen, bool(checkers)

    def legal_moves(self):
        self.send("go perft 1")
        lines = self.wait_for("Nodes searched")
        return [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")
                and len(l.split(":")[0]) in (4, 5)]

    def think(self, nodes):
        self.send("go nodes %d" % nodes)
        lines = self.wait_for("bestmove")
        score = None
        for l in lines:
            parts = l.split()
            if "score" in parts:
                i = parts.index("score")
                if parts[i + 1] == "cp":
                    score = int(parts[i + 2])
                elif parts[i + 1] == "mate":
                    m = int(parts[i + 2])
                    score = 100000 if m > 0 else -100000
        best = lines[-1].split()[1]
        return best, score


def bare_material(fen):
    """FIDE dead-position shortcuts that any arbiter applies: K v K, K+minor v K."""
    board = fen.split()[0]
    pieces = [c for c in board if c.isalpha() and c not in "kK"]
    return len(pieces) == 0 or (len(pieces) == 1 and pieces[0] in "nNbB")


def play_game(engine, rng):
    """Plays one game; returns its final FEN, how it ended and its moves."""
    engine.send("ucinewgame")
    skill = rng.choice([0, 2, 5, 8, 12, 20])
    engine.send("setoption name Skill Level value %d" % skill)
    moves = []
    seen = {}
    resign_streak = [0, 0]
    draw_streak = 0
    for _ in range(rng.randint(2, 8)):  # random opening
        engine.position(moves)
        legal = engine.legal_moves()
        if not legal:
            break
        moves.append(rng.choice(legal))
    while True:
        engine.position(moves)
        fen, in_check = engine.board()
        fields = fen.split()
        key = " ".join(fields[:4])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return fen, "threefold repetition", moves
        if int(fields[4]) >= 100:
            return fen, "fifty-move rule", moves
        if bare_material(fen):
            return fen, "insufficient material", moves
        best, score = engine.think(rng.choice([300, 1000, 4000]))
        if best == "(none)":
            return fen, ("checkmate" if in_check else "stalemate"), moves
        side = len(moves) % 2
        if score is not None:
            resign_streak[side] = resign_streak[side] + 1 if score <= -800 else 0
            if resign_streak[side] >= 3 and rng.random() < 0.7:
                return fen, "resignation", moves
            draw_streak = draw_streak + 1 if abs(score) <= 15 and len(moves) > 80 else 0
            if draw_streak >= 12 and rng.random() < 0.5:
                return fen, "draw agreed", moves
        moves.append(best)
        if len(moves) > 600:
            return fen, "move limit", moves


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2014
    rng = random.Random(seed)
    engine = Engine()
    print("# Final positions of Stockfish self-play games: FEN ; how it ended ; the moves.")
    print("# Made by bench/make_game_endings.py %d %d." % (games, seed))
    for i in range(games):
        fen, reason, moves = play_game(engine, rng)
        print("%s ; %s ; %s" % (fen, reason, " ".join(moves)), flush=True)
        print("game %d: %s" % (i + 1, reason), file=sys.stderr)
    engine.send("quit")


if __name__ == "__main__":
    main()
