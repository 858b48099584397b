#!/usr/bin/env python3
# chatty [turn|hello]: answers its first turn (turn) or the hello (hello) with two lines in one write.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import json  # noqa: E402

MODE = zoo.arg(1, "turn")


def hook(msg, counts):
    if msg["type"] == "turn" and MODE == "turn" and counts["turn"] == 1:
        return json.dumps({"action": msg["legal"][0]}) + "\n{}"
    if msg["type"] == "hello" and MODE == "hello":
        return '{"name":"chatty"}\n{}'
    return zoo.DEFAULT


sys.exit(zoo.run("chatty", hook))
