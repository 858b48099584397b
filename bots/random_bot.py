#!/usr/bin/env python3
"""random-py: plays every game by picking a uniformly random legal action.

Usage: random_bot.py   (a bot: the referee runs it, e.g.
       referee play bolo --readable sdk/python "python3 bots/random_bot.py" bots/random-bot)

The Python twin of bots/random_bot.c and the smallest example of a bot on
the Python SDK (sdk/python/arena_bot/__init__.py), which does the protocol and the
fairness exchange; this file only decides.
"""

import os
import secrets
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)


class RandomBot(arena_bot.Bot):
    """Picks any element of legal, each with the same probability."""

    name = "random-py"
    version = "1"

    def decide(self, turn: arena_bot.Message) -> object:
        actions = arena_bot.legal(turn)
        if not actions:
            raise ValueError("this turn has no legal actions to pick from")
        return secrets.choice(actions)


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # not a game on stdin
        print(__doc__)
        sys.exit(0)
    sys.exit(RandomBot().run())
