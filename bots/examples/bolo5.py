#!/usr/bin/env python3
"""bolo5-example: plays five-dice Bolo with the Python SDK and its helpers.

After each roll it sets aside the keep worth the most points (scored with
games.dice_value; on equal points, the fewest dice); between rolls
it banks as soon as the rules allow ("bank" is in legal only once the turn
total reaches the seat's threshold, view["thresholds"], and the dice left
behind score nothing) and the turn is worth THRESHOLD or more, or when
only one die is left to roll.  It plays
"reroll" (the Yahtzee clause) rather than lose the turn.

Usage: bolo5.py [THRESHOLD]   (default 500)
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)
from arena_bot import games  # noqa: E402


class Bolo5Bot(arena_bot.Bot):
    name = "bolo5-example-py"
    version = "1"

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold

    def decide(self, turn: arena_bot.Message) -> object:
        view: games.Bolo5View = arena_bot.state(turn)
        actions = arena_bot.legal(turn)
        keeps = [a for a in actions if isinstance(a, dict)]
        if keeps:
            return max(keeps, key=lambda a: (
                games.dice_value("bolo5", a["keep"]), -len(a["keep"])))
        if "bank" in actions and (view["turn_total"] >= self.threshold
                                  or view["dice_left"] == 1):
            return "bank"
        return "roll" if "roll" in actions else actions[0]


if __name__ == "__main__":
    threshold = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    sys.exit(Bolo5Bot(threshold).run())
