#!/usr/bin/env python3
# hog: a good bot that allocates 512 MiB at its first turn (it dies of MemoryError under a smaller --memory-mb).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

hoard = []


def hook(msg, counts):
    if msg["type"] == "turn" and not hoard:
        hoard.append(bytearray(512 << 20))
    return zoo.DEFAULT


sys.exit(zoo.run("hog", hook))
