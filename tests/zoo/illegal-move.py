#!/usr/bin/env python3
# illegal-move [occupied|offboard|notsquare|number]: answers its first turn with an occupied square (default), I1, "d3" or 42.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

MODE = zoo.arg(1, "occupied")


def hook(msg, counts):
    if msg["type"] != "turn":
        return zoo.DEFAULT
    action = {"occupied": lambda: zoo.occupied_square(msg), "offboard": lambda: "I1",
              "notsquare": lambda: "d3", "number": lambda: 42}[MODE]()
    return {"action": action}


sys.exit(zoo.run("illegal-move", hook))
