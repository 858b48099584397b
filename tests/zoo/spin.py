#!/usr/bin/env python3
# spin: a good bot until its first turn, where it burns CPU for ever instead of answering.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def hook(msg, counts):
    while msg["type"] == "turn":
        pass
    return zoo.DEFAULT


sys.exit(zoo.run("spin", hook))
