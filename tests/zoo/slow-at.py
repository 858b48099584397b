#!/usr/bin/env python3
# slow-at SEAT MS: a good bot that sleeps MS milliseconds (default 20) before
# each turn of a game that seats it at SEAT, and answers at once elsewhere:
# slow in one game of its duplicate set and fast in the others.  Its hello
# gives as version a token of its own process, so that logs tell which
# process played each game.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import time  # noqa: E402

SLOW_SEAT = int(zoo.arg(1, 0))
DELAY = int(zoo.arg(2, 20)) / 1000
seat = [None]


TOKEN = os.urandom(6).hex()


def hook(msg, counts):
    if msg["type"] == "hello":
        return {"name": "slow-at", "version": TOKEN}
    if msg["type"] == "start":
        seat[0] = msg.get("seat")
    elif msg["type"] == "turn" and seat[0] == SLOW_SEAT:
        time.sleep(DELAY)
    return zoo.DEFAULT


sys.exit(zoo.run("slow-at", hook))
