#!/usr/bin/env python3
# gate N: a good bot that, from the N-th game of its match on (counted in a file of its folder), waits before each turn until the file "gate.open" of its folder exists (a test holds a running tournament still with it).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import time  # noqa: E402

HOLD_GAME = int(zoo.arg(1, 1))
game = [0]


def hook(msg, counts):
    if msg["type"] == "start":
        game[0] = zoo.bump(zoo.path("gate.games"))
    while (msg["type"] == "turn" and game[0] >= HOLD_GAME and
           not os.path.exists(zoo.path("gate.open"))):
        time.sleep(0.05)
    return zoo.DEFAULT


sys.exit(zoo.run("gate", hook))
