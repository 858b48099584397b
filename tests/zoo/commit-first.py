#!/usr/bin/env python3
# commit-first: a good bot that answers nothing, not even hello, before it has the game's commitment; then it writes its replies to hello, start and commit at once.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

held = []


def hook(msg, counts):
    return zoo.reply_after_commit(msg, counts, "commit-first", held)


sys.exit(zoo.run("commit-first", hook))
