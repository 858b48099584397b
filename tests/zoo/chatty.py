#!/usr/bin/env python3
# chatty [turn|hello]: answers its first turn (turn) or the hello (hello) with two lines in one write;
# in hello mode it writes its replies to hello, start and commit together once the commit has come,
# so that the line too many is there, whatever the timing, when the referee next sends.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

import json  # noqa: E402

MODE = zoo.arg(1, "turn")
held = []


def hook(msg, counts):
    if msg["type"] == "turn" and MODE == "turn" and counts["turn"] == 1:
        return json.dumps({"action": msg["legal"][0]}) + "\n{}"
    if MODE == "hello":
        answer = zoo.reply_after_commit(msg, counts, "chatty", held)
        if msg["type"] == "hello":
            held.append("{}")
        return answer
    return zoo.DEFAULT


sys.exit(zoo.run("chatty", hook))
