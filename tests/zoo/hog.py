#!/usr/bin/env python3
# hog: a good bot that fills 512 MiB at its first turn (more than a smaller --memory-mb allows).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

hoard = []


def hook(msg, counts):
    if msg["type"] == "turn" and not hoard:
        hoard.append(bytearray(512 << 20))
    return zoo.DEFAULT


sys.exit(zoo.run("hog", hook))
