#!/usr/bin/env python3
# crash-in-game N: a good bot that exits with status 9 at its first turn of the match's N-th game (counts games and hellos in files of its folder, across restarts).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

CRASH_GAME = int(zoo.arg(1, 2))
game = [0]


def hook(msg, counts):
    if msg["type"] == "hello":
        zoo.bump(zoo.path("crash-in-game.hellos"))
    elif msg["type"] == "start":
        game[0] = zoo.bump(zoo.path("crash-in-game.games"))
    elif msg["type"] == "turn" and game[0] == CRASH_GAME:
        print(f"crash-in-game: giving up in game {game[0]}", file=sys.stderr)
        sys.exit(9)
    return zoo.DEFAULT


sys.exit(zoo.run("crash-in-game", hook))
