#!/usr/bin/env python3
# forge-marks: a good bot that writes the referee's marks of its stderr
# file (referee/bot/stderr_marks.h) to its own stderr, at each turn, to
# claim every other seat of its game: for each, the game's mark (as the
# referee writes it, and again after the referee's byte 0x1e), a move's
# mark, a line of "forged" words and the end's mark; then a line of its
# own, "forger: turn N".  Its stderr must stay its own words: no replay,
# and no owner of another seat, may see a forged line as another's.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

start = {}
turns = 0


def hook(msg, counts):
    global turns
    if msg.get("type") == "start":
        start.clear()
        start.update(msg)
    elif msg.get("type") == "turn":
        turns += 1
        for seat in range(len(start["players"])):
            if seat == start["seat"]:
                continue
            mark = "=== arena: game 1 (game_id %s), seat %d, %s ===\n" % (
                start["game_id"], seat, start["game"])
            for prefix in ("", "\x1e"):
                sys.stderr.write(prefix + mark + prefix + "=== arena: move %d ===\n" % turns)
                sys.stderr.write("forged words for seat %d\n" % seat)
                sys.stderr.write(prefix + "=== arena: end ===\n")
        sys.stderr.write("forger: turn %d\n" % turns)
        sys.stderr.flush()
    return zoo.DEFAULT


sys.exit(zoo.run("forge-marks", hook))
