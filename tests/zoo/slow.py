#!/usr/bin/env python3
# slow MS [QUIT_SEAT]: a good bot that sleeps MS milliseconds (default 100)
# before answering each turn; given QUIT_SEAT, it exits instead at its first
# turn of a game that seats it there (so that game ends at once while the
# other games of its duplicate set go on).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import time  # noqa: E402

DELAY = int(zoo.arg(1, 100)) / 1000
QUIT_SEAT = zoo.arg(2)
seat = [None]


def hook(msg, counts):
    if msg["type"] == "start":
        seat[0] = msg.get("seat")
    elif msg["type"] == "turn":
        if QUIT_SEAT is not None and seat[0] == int(QUIT_SEAT):
            sys.exit(9)
        time.sleep(DELAY)
    return zoo.DEFAULT


sys.exit(zoo.run("slow", hook))
