#!/usr/bin/env python3
"""volle-lotte-example: plays Volle Lotte with the Python SDK and helpers.

After each roll it sets aside the keep worth the most points (scored with
games.dice_value; on the Straight card, where keeps are worth 0
until the run is complete, the most new faces); between rolls it banks,
when the card allows, once the turn is worth THRESHOLD or more, and after
a Volle Lotte it banks rather than draw again.

Usage: volle_lotte.py [THRESHOLD]   (default 300)
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)
from arena_bot import games  # noqa: E402


class VolleLotteBot(arena_bot.Bot):
    name = "volle-lotte-example-py"
    version = "1"

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold

    def decide(self, turn: arena_bot.Message) -> object:
        view: games.VolleLotteView = arena_bot.state(turn)
        actions = arena_bot.legal(turn)
        keeps = [a for a in actions if isinstance(a, dict)]
        if keeps:
            if view["card"] == "straight":
                return max(keeps, key=lambda a: len(a["keep"]))
            return max(keeps, key=lambda a: (
                games.dice_value("volle-lotte", a["keep"]),
                -len(a["keep"])))
        if "bank" in actions and (view["after_volle_lotte"]
                                  or view["turn_total"] >= self.threshold):
            return "bank"
        return "roll" if "roll" in actions else actions[0]


if __name__ == "__main__":
    threshold = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    sys.exit(VolleLotteBot(threshold).run())
