#!/usr/bin/env python3
"""bolo-example: plays Bolo (7 dice) with the Python SDK and its helpers.

After each roll it sets aside the keep worth the most points (scored with
games.dice_value; on equal points, the fewest dice, so that more
dice roll on); between rolls it banks once the turn is worth THRESHOLD or
more (or 1000, the opening, before its first bank), and rolls otherwise.

Usage: bolo.py [THRESHOLD]   (default 400)
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)
from arena_bot import games  # noqa: E402


class BoloBot(arena_bot.Bot):
    name = "bolo-example-py"
    version = "1"

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold

    def decide(self, turn: arena_bot.Message) -> object:
        view: games.BoloView = arena_bot.state(turn)
        actions = arena_bot.legal(turn)
        keeps = [a for a in actions if isinstance(a, dict)]
        if keeps:
            return max(keeps, key=lambda a: (
                games.dice_value("bolo", a["keep"]), -len(a["keep"])))
        if "bank" in actions and view["turn_total"] >= self.threshold:
            return "bank"
        return "roll"


if __name__ == "__main__":
    threshold = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    sys.exit(BoloBot(threshold).run())
