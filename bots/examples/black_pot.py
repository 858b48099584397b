#!/usr/bin/env python3
"""black-pot-example: plays Black-Pot with the Python SDK and its helpers.

Every pawn kept in hand is worth 10 points at the end, so a pawn must earn
its place.  Each legal move is valued pawn by pawn: a black-pot cell (the
lines that pay most) is worth 12, a cerise 4, a citron 2, plus 6 for each
neighbour already holding the side's pawns (lines grow from neighbours),
minus the 10 the pawn would have been worth in hand.  The bot plays the
move worth the most; the first legal move places nothing, so it saves its
pawns when nothing is worth it.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)
from arena_bot import games  # noqa: E402

WORTH = {"black-pot": 12, "cerise": 4, "citron": 2}
NEIGHBOURS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
              if dr or dc]


class BlackPotBot(arena_bot.Bot):
    name = "black-pot-example-py"
    version = "1"

    def decide(self, turn: arena_bot.Message) -> object:
        view: games.BlackPotView = arena_bot.state(turn)
        return max(arena_bot.legal(turn), key=lambda move: self.value(
            view, move))

    @staticmethod
    def value(view: games.BlackPotView,
              move: games.BlackPotMove) -> int:
        mine = "XO"[view["you"]]
        board = games.black_pot_apply(view["board"], move["cells"],
                                            view["you"])
        total = 0
        for cell in move["cells"]:
            r, c = games.parse_cell(cell)
            kind = games.black_pot_kind(view["numbers"][r][c])
            total += WORTH[kind] - 10
            total += 6 * sum(1 for dr, dc in NEIGHBOURS
                             if 0 <= r + dr < 11 and 0 <= c + dc < 11
                             and board[r + dr][c + dc] == mine)
        return total


if __name__ == "__main__":
    sys.exit(BlackPotBot().run())
