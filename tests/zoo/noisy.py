#!/usr/bin/env python3
# noisy: a good bot that writes 5000 bytes to stderr (50 lines of 100 bytes) for every message.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402


def hook(msg, counts):
    sys.stderr.write(("x" * 99 + "\n") * 50)
    sys.stderr.flush()
    return zoo.DEFAULT


sys.exit(zoo.run("noisy", hook))
