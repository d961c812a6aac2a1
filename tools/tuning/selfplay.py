#!/usr/bin/env python3
"""Self-play games for tuning the evaluation (Texel method).

Drives one UCI engine playing both sides. The first --random-plies plies of
each game are chosen uniformly at random (seeded) from the legal moves so the
games differ; after that the engine plays with a fixed node budget per game
(drawn from --nodes-min..--nodes-max). Game ends are detected from the engine
itself ('go perft 1' lists legal moves, 'd' prints FEN and checkers), so the
script needs only the Python standard library.

Output (both appended to, so a run can be resumed with another --first-game):
  --out FILE     one line per position: "FEN ; RESULT" (1-0, 0-1, 1/2-1/2),
                 every position after the random opening plies
  --games FILE   one line per game: "RESULT [SEED] uci moves...", enough to
                 replay and re-label the games

Deterministic: game i uses random.Random(seed * 1000003 + i) and the engine
is reset (ucinewgame) before every game, with one thread and a node limit.
The engine command is a parameter, e.g. --engine "build/tabiya uci" once the
robot speaks UCI. Stockfish's 'd' and 'go perft' extensions are needed for the
rules bookkeeping; an engine without them needs --referee stockfish.
"""
import argparse
import random
import shlex
import subprocess
import sys
import time


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.options = set()
        for line in self.read_until("uciok"):
            if line.startswith("option name "):
                self.options.add(line[len("option name "):].split(" type ")[0])

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def set_option(self, name, value):
        if name in self.options:
            self.send(f"setoption name {name} value {value}")

    def sync(self):
        self.send("isready")
        return self.read_until("readyok")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def referee_state(ref, moves):
    """FEN, in-check flag and legal moves after the given moves (Stockfish 'd' and 'go perft 1')."""
    ref.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    ref.send("d")
    fen, checkers = None, ""
    for line in ref.sync():
        if line.startswith("Fen: "):
            fen = line[5:].strip()
        elif line.startswith("Checkers:"):
            checkers = line[len("Checkers:"):].strip()
    ref.send("go perft 1")
    legal = [line.split(":")[0] for line in ref.read_until("Nodes searched") if ": " in line and
             not line.startswith("Nodes")]
    return fen, bool(checkers), legal


def insufficient_material(fen):
    placement = fen.split()[0]
    pieces = [c for c in placement if c.isalpha() and c not in "kK"]
    return not pieces or (len(pieces) == 1 and pieces[0] in "nNbB")


def best_move(engine, moves, nodes):
    engine.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    engine.send(f"go nodes {nodes}")
    score = None
    for line in engine.read_until("bestmove"):
        words = line.split()
        if words and words[0] == "info" and "score" in words:
            i = words.index("score")
            kind, value = words[i + 1], int(words[i + 2])
            score = value if kind == "cp" else (100000 if value > 0 else -100000)
        if words and words[0] == "bestmove":
            return (words[1] if len(words) > 1 else "(none)"), score


def play_game(engine, ref, rng, args):
    nodes = rng.randint(args.nodes_min, args.nodes_max)
    engine.send("ucinewgame")
    engine.sync()
    moves, fens, seen = [], [], {}
    win_streak, draw_streak = 0, 0
    while True:
        fen, in_check, legal = referee_state(ref, moves)
        white_to_move = fen.split()[1] == "w"
        if not legal:
            result = ("0-1" if white_to_move else "1-0") if in_check else "1/2-1/2"
            break
        identity = " ".join(fen.split()[:4])
        seen[identity] = seen.get(identity, 0) + 1
        if seen[identity] >= 3 or int(fen.split()[4]) >= 100 or insufficient_material(fen):
            result = "1/2-1/2"
            break
        if len(moves) >= args.max_plies:
            result = "1/2-1/2"
            break
        if len(moves) < args.random_plies:
            moves.append(rng.choice(sorted(legal)))
            continue
        fens.append(fen)
        move, score = best_move(engine, moves, nodes)
        if move not in legal:
            raise RuntimeError(f"engine played illegal move {move} after {' '.join(moves)}")
        # Adjudication: a clear score for several plies in a row decides the game.
        white_score = None if score is None else (score if white_to_move else -score)
        win_streak = win_streak + 1 if white_score is not None and abs(white_score) >= args.win_cp else 0
        draw_streak = draw_streak + 1 if white_score is not None and abs(white_score) <= 10 else 0
        if win_streak >= 6:
            result = "1-0" if white_score > 0 else "0-1"
            break
        if draw_streak >= 12 and len(moves) >= 80:
            result = "1/2-1/2"
            break
        moves.append(move)
    return result, moves, fens


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="/usr/games/stockfish", help="UCI engine command (default: Debian's stockfish)")
    parser.add_argument("--referee", default=None, help="engine used for rules bookkeeping (default: --engine)")
    parser.add_argument("--games", type=int, default=1000, help="maximum number of games")
    parser.add_argument("--first-game", type=int, default=0, help="index of the first game (for resuming)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes-min", type=int, default=2000)
    parser.add_argument("--nodes-max", type=int, default=5000)
    parser.add_argument("--random-plies", type=int, default=8)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--win-cp", type=int, default=1000, help="adjudicate a win after 6 plies beyond this")
    parser.add_argument("--max-seconds", type=float, default=840, help="stop starting new games after this")
    parser.add_argument("--out", required=True, help="positions file (FEN ; result), appended")
    parser.add_argument("--game-log", default=None, help="games file (result seed moves), appended")
    args = parser.parse_args()

    engine = Engine(args.engine)
    engine.set_option("Threads", 1)
    engine.set_option("UCI_LimitStrength", "false")
    engine.set_option("Hash", 16)
    ref = Engine(args.referee) if args.referee else engine
    start = time.monotonic()
    positions = 0
    games_played = 0
    with open(args.out, "a") as out, open(args.game_log or "/dev/null", "a") as log:
        for index in range(args.first_game, args.first_game + args.games):
            if time.monotonic() - start > args.max_seconds:
                break
            rng = random.Random(args.seed * 1000003 + index)
            result, moves, fens = play_game(engine, ref, rng, args)
            for fen in fens:
                out.write(f"{fen} ; {result}\n")
            log.write(f"{result} [{args.seed}:{index}] {' '.join(moves)}\n")
            out.flush()
            log.flush()
            positions += len(fens)
            games_played += 1
            print(f"game {index}: {result} in {len(moves)} plies, {positions} positions, "
                  f"{time.monotonic() - start:.0f}s", file=sys.stderr)
    engine.close()
    if ref is not engine:
        ref.close()
    print(f"{games_played} games, {positions} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
