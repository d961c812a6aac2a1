#!/usr/bin/env python3
"""A fake UCI engine for the match runner's tests.

It plays from a fixed script of UCI moves for the whole game: asked to move
after n moves, it answers the script's move n (so both players can share
one script). Modes change what it does when asked to move:
  script   play the script (default)
  crash    exit with status 3
  hang     never answer
  illegal  answer e2e5
  garbage  answer "bestmove ???"
Usage: fake_uci.py MODE MOVE...
"""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "script"
script = sys.argv[2:]
moves = []


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        say("id name fake-uci " + mode)
        say("option name Hash type spin default 1 min 1 max 16")
        say("uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        moves = words[words.index("moves") + 1:] if "moves" in words else []
    elif words[0] == "go":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            continue
        if mode == "illegal":
            say("bestmove e2e5")
            continue
        if mode == "garbage":
            say("bestmove ???")
            continue
        n = len(moves)
        move = script[n] if n < len(script) else "0000"
        say("info depth %d score cp %d pv %s" % (n + 1, 10 * (n + 1), move))
        say("bestmove " + move)
    elif words[0] == "quit":
        break
