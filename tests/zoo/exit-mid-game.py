#!/usr/bin/env python3
# exit-mid-game [N]: plays N legal moves (default 3) in each process, then exits with status 0 at its next turn.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

LIMIT = int(zoo.arg(1, 3))


def hook(msg, counts):
    if msg["type"] == "turn" and counts["turn"] > LIMIT:
        sys.exit(0)
    return zoo.DEFAULT


sys.exit(zoo.run("exit-mid-game", hook))
