#!/usr/bin/env python3
"""A fake xboard/CECP engine for the match runner's tests.

Like fake_uci.py it plays a fixed script of moves for the whole game
(coordinate notation), keeping count of the moves it has been sent with
usermove and the ones it played. It insists on protocol 2 with
usermove=1, setboard=1 and ping=1, and checks that time/otim come before go.
Modes: script (default), resign (resigns when asked to move), crash.
Usage: fake_xboard.py MODE MOVE...
"""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "script"
script = sys.argv[2:]
moves = []
timed = False


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "protover":
        say('feature done=0')
        say('feature myname="fake xboard" usermove=1 setboard=1 ping=1 san=1 sigint=0')
        say('feature done=1')
    elif cmd == "ping":
        say("pong " + words[1])
    elif cmd == "new":
        moves = []
    elif cmd == "usermove":
        moves.append(words[1])
    elif cmd == "time":
        timed = True
    elif cmd == "go":
        if not timed:
            say("Error (no time before go): go")
            continue
        timed = False
        if mode == "crash":
            sys.exit(4)
        if mode == "resign":
            say("resign")
            continue
        n = len(moves)
        move = script[n] if n < len(script) else "a1a1"
        say("%d %d 5 100 %s" % (n + 1, -20 * (n + 1), move))
        say("move " + move)
        moves.append(move)
    elif cmd == "quit":
        break
