#!/usr/bin/env python3
# tell-game: a good bot that says on stderr, at each turn, the game_id of
# the game the turn is of ("in GAME_ID"), then waits 5 ms before it
# answers, so that games played at the same time overlap: whose words land
# in which game's section of the stderr files.
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

game = None


def hook(msg, counts):
    global game
    if msg.get("type") == "start":
        game = msg["game_id"]
    elif msg.get("type") == "turn":
        sys.stderr.write("in %s\n" % game)
        sys.stderr.flush()
        time.sleep(0.005)
    return zoo.DEFAULT


sys.exit(zoo.run("tell-game", hook))
