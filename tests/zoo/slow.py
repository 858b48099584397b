#!/usr/bin/env python3
# slow MS: a good bot that sleeps MS milliseconds (default 100) before answering each turn.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import time  # noqa: E402

DELAY = int(zoo.arg(1, 100)) / 1000


def hook(msg, counts):
    if msg["type"] == "turn":
        time.sleep(DELAY)
    return zoo.DEFAULT


sys.exit(zoo.run("slow", hook))
