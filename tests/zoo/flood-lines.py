#!/usr/bin/env python3
# flood-lines [BYTES]: a good bot that, at its first turn of each game it
# plays as seat 0, writes BYTES (default 1048576) empty lines to stderr,
# "flood: first" before them and "flood: last" after them: a million lines
# a replay must not hold.  (Seat 0 only: of the two games of a duplicate
# set, played at once, one floods, its process's bytes all in one file.)
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

BYTES = int(zoo.arg(1, 1 << 20))
turns = 0
seat = None


def hook(msg, counts):
    global turns, seat
    if msg.get("type") == "start":
        turns = 0
        seat = msg.get("seat")
    elif msg.get("type") == "turn":
        turns += 1
        if turns == 1 and seat == 0:
            sys.stderr.write("flood: first\n")
            sys.stderr.write("\n" * BYTES)
            sys.stderr.write("flood: last\n")
            sys.stderr.flush()
    return zoo.DEFAULT


sys.exit(zoo.run("flood-lines", hook))
