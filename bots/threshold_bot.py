#!/usr/bin/env python3
"""threshold-py: plays the dice games (bolo, bolo5, volle-lotte) by banking
as soon as the turn is worth at least T points.

Usage: threshold_bot.py [T]   (default 350)

After a roll it sets aside the keep worth the most points (the view's
"keeps" gives each keep's points, in the order of "legal"); then it banks
when allowed and the turn total has reached T, and rolls on otherwise.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)


class ThresholdBot(arena_bot.Bot):
    """Best keep after each roll; bank at or above the threshold."""

    version = "1"

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold
        self.name = "threshold-py-%d" % threshold

    def decide(self, turn: arena_bot.Message) -> object:
        actions = arena_bot.legal(turn) or []
        view = arena_bot.state(turn) or {}
        keeps = view.get("keeps") or []
        if keeps:
            best = max(keeps, key=lambda k: (k["points"], -len(k["keep"])))
            return {"keep": best["keep"]}
        if "bank" in actions and view.get("turn_total", 0) >= self.threshold:
            return "bank"
        for word in ("roll", "draw", "bank"):
            if word in actions:
                return word
        return actions[0]


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # not a game on stdin
        print(__doc__)
        sys.exit(0)
    t = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 350
    sys.exit(ThresholdBot(t).run())
