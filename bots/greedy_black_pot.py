#!/usr/bin/env python3
"""greedy-bp: plays Black-Pot by valuing lines.

Usage: greedy_black_pot.py   (a bot: the referee runs it, e.g.
       referee play black-pot --readable sdk/python "python3 bots/greedy_black_pot.py" bots/random-bot)

Each legal move is scored by what its pawns add: a pawn on a cell is worth
the longest run of the side's pawns (the move's other pawns included) it
would join in each of the four directions, with runs that can still reach
five cells without an opposing pawn counting most, plus a little for the
cell's category (black-pot over cerise over citron).  A pawn left in hand
is worth 10 points at the end, so a pawn that joins nothing is not played.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
BLACK_POT = {13, 14, 17, 19, 21, 22, 23}
CITRON = set(range(1, 7))


def cell_index(name):
    return int(name[1:]) - 1, ord(name[0]) - ord("A")


class GreedyBot(arena_bot.Bot):
    """The move whose pawns best extend the side's lines."""

    name = "greedy-bp"
    version = "1"

    def decide(self, turn):
        view = arena_bot.state(turn)
        mine = "XO"[view["you"]]
        board = [list(row) for row in view["board"]]
        best, best_value = None, None
        for move in arena_bot.legal(turn):
            value = self.value(board, view["numbers"], mine, move["cells"])
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    @staticmethod
    def value(board, numbers, mine, cells):
        placed = [cell_index(c) for c in cells]
        for r, c in placed:
            board[r][c] = mine
        total = 0.0
        for r, c in placed:
            worth = -10.0
            for dr, dc in DIRECTIONS:
                run, room = 1, 1
                for sign in (1, -1):
                    rr, cc, own = r + sign * dr, c + sign * dc, True
                    while 0 <= rr < 11 and 0 <= cc < 11 and board[rr][cc] in (mine, "."):
                        own = own and board[rr][cc] == mine
                        run += own
                        room += 1
                        rr, cc = rr + sign * dr, cc + sign * dc
                if room >= 5:
                    worth += 4 * run * run
            n = numbers[r][c]
            worth += 3 if n in BLACK_POT else 1 if n in CITRON else 2
            total += worth
        for r, c in placed:
            board[r][c] = "."
        return total


if __name__ == "__main__":
    if {"-h", "--help"} & set(sys.argv[1:]):  # not a game on stdin
        print(__doc__)
        sys.exit(0)
    sys.exit(GreedyBot().run())
