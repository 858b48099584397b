#!/usr/bin/env python3
# dup-key: answers its first turn with a legal action under a duplicate key.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

def hook(msg, counts):
    if msg["type"] != "turn":
        return zoo.DEFAULT
    move = msg["legal"][0]
    return '{"action":"%s","action":"%s"}' % (move, move)


sys.exit(zoo.run("dup-key", hook))
