#!/usr/bin/env python3
# commit-each-game: a good bot that gives up (exit 4) at a turn of a game whose start brought no commitment after it, as a bot that ignores duplicate sets would (PROTOCOL.md: after a set's first game, no commit is sent).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

committed = [False]


def hook(msg, counts):
    if msg["type"] == "start":
        committed[0] = False
    elif msg["type"] == "commit":
        committed[0] = True
    elif msg["type"] == "turn" and not committed[0]:
        sys.stderr.write("commit-each-game: a game without a commitment\n")
        sys.exit(4)
    return zoo.DEFAULT


sys.exit(zoo.run("commit-each-game", hook))
