#!/usr/bin/env python3
# sleeper HELLO_MS MOVE_MS: a good bot asleep within its clock: it sleeps
# HELLO_MS milliseconds before answering hello and MOVE_MS before each
# turn, using no CPU, so that its sets hold a worker for long in wall time
# (the league shares its workers by wall time: docs/LEAGUE.md, "The
# policy").
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import time  # noqa: E402

HELLO = int(zoo.arg(1, 2000)) / 1000
MOVE = int(zoo.arg(2, 200)) / 1000


def hook(msg, counts):
    if msg["type"] == "hello":
        time.sleep(HELLO)
    elif msg["type"] == "turn":
        time.sleep(MOVE)
    return zoo.DEFAULT


sys.exit(zoo.run("sleeper", hook))
