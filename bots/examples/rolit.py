#!/usr/bin/env python3
"""rolit-example: plays Rolit greedily with the Python SDK and helpers.

Each legal square is tried with games.rolit_apply; the bot plays the
one that leaves the most balls of its colour on the board (the first in
legal order on a tie).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)
from arena_bot import games  # noqa: E402


class RolitBot(arena_bot.Bot):
    name = "rolit-example-py"
    version = "1"

    def decide(self, turn: arena_bot.Message) -> object:
        view: games.RolitView = arena_bot.state(turn)
        me = view["you"]

        def mine_after(square: str) -> int:
            board = games.rolit_apply(view["board"], square, me)
            return games.rolit_counts(board)[me]

        return max(arena_bot.legal(turn), key=mine_after)


if __name__ == "__main__":
    sys.exit(RolitBot().run())
