#!/usr/bin/env python3
# tell-game [K]: a good bot that says on stderr, at each turn, the game_id
# of the game the turn is of ("in GAME_ID"), then waits 5 ms before it
# answers, so that games played at the same time overlap: whose words land
# in which game's section of the stderr files.  With a number K, in game K
# (from 0) of a duplicate set it says "tell-game: giving up in game K of
# its set" at its first turn and exits with status 9 (another word does
# nothing: it only makes a second command).
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

GIVE_UP = zoo.arg(1)
game = None
set_game = None


def hook(msg, counts):
    global game, set_game
    if msg.get("type") == "start":
        game = msg["game_id"]
        set_game = msg.get("set", {}).get("game")
    elif msg.get("type") == "turn":
        sys.stderr.write("in %s\n" % game)
        if set_game is not None and str(set_game) == GIVE_UP:
            sys.stderr.write("tell-game: giving up in game %s of its set\n" % GIVE_UP)
            sys.exit(9)
        sys.stderr.flush()
        time.sleep(0.005)
    return zoo.DEFAULT


sys.exit(zoo.run("tell-game", hook))
