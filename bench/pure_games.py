"""A measurement peer for `make bench-env` (bench/env.py), used by no bot.

This is the part of arena_bot.games that bench/env.py plays games with,
as it was before arena_bot.games called the referee's C rules (issue 33):
the dice scoring and keeps of bolo, bolo5 and volle-lotte and Rolit's
captures, legal moves and moves, written in Python with the standard
library alone, unchanged.  bench/env.py measures it to show what a Python
author had before arena_env ("pure Python").  It is that baseline only:
the SDK's helpers (sdk/python/arena_bot/games.py) are the referee's rules,
written once, in C (games/).  Do not import it from a bot.  The helpers
that only name things (dice_counts, square_name, parse_square, a
colour's letter) are the SDK's own.
"""

from typing import Dict, List, Sequence

from arena_bot.games import Keep, dice_counts, parse_square, square_name
from arena_bot.games import _letter  # noqa: F401  (a colour's letter)

_ROLIT_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1),
                     (1, -1), (1, 0), (1, 1))


def _triple(face: int) -> int:
    return 1000 if face == 1 else 100 * face


def _kind(variant: str, face: int, k: int) -> int:
    """k >= 3 dice of one face as one group, or 0 if the rules have none."""
    if variant == "bolo":  # each further die doubles the set
        return _triple(face) << (k - 3)
    if variant == "bolo5":
        if k == 5:
            return 10000 if face == 1 else 5000
        return 2 * _triple(face) if k == 4 else _triple(face)
    return _triple(face) if k == 3 else 0


def _best(variant: str, count: List[int]) -> int:
    """The best split of count[1..6] into groups, or -1 when a die that
    scores nothing is left: every group holding the lowest face is tried."""
    low = next((f for f in range(1, 7) if count[f]), 7)
    if low == 7:
        return 0
    best = -1

    def attempt(group: Dict[int, int], value: int) -> None:
        nonlocal best
        if any(count[f] < n for f, n in group.items()):
            return
        for f, n in group.items():
            count[f] -= n
        rest = _best(variant, count)
        for f, n in group.items():
            count[f] += n
        if rest >= 0 and value + rest > best:
            best = value + rest

    if low in (1, 5):
        attempt({low: 1}, 100 if low == 1 else 50)
    for k in range(3, count[low] + 1):
        value = _kind(variant, low, k)
        if value:
            attempt({low: k}, value)
    if variant == "bolo" and low == 1:
        attempt({f: 1 for f in range(1, 7)}, 1500)
    if variant == "bolo5" and low <= 2:
        attempt({f: 1 for f in range(low, low + 5)}, 1000)
    if variant == "bolo5":  # full house: a triple and a pair
        for f in range(low + 1, 7):
            attempt({low: 3, f: 2}, 500)
            attempt({low: 2, f: 3}, 500)
    return best


def dice_keeps(variant: str, roll: Sequence[int]) -> List[Keep]:
    """Every distinct non-empty set of the roll in which every die scores,
    as {"keep", "points"}, in the order of the view's "keeps" and of
    "legal": fewest dice first, then by their sorted faces.  (Volle
    Lotte's Fireworks and Straight cards restrict the keeps; the view
    says so.)"""
    count = dice_counts(roll)
    keeps: List[Keep] = []
    sub = [0] * 7
    while True:
        f = 1
        while f <= 6 and sub[f] == count[f]:
            sub[f] = 0
            f += 1
        if f > 6:
            break
        sub[f] += 1
        points = _best(variant, list(sub))
        if points >= 0:
            keep = [g for g in range(1, 7) for _ in range(sub[g])]
            keeps.append({"keep": keep, "points": points})
    keeps.sort(key=lambda k: (len(k["keep"]), k["keep"]))
    return keeps


def rolit_captures(board: Sequence[str], square: str,
                   colour: str) -> List[str]:
    """The balls a ball of colour (name or letter) on square would
    capture, as square names; [] when it captures nothing."""
    letter = _letter(colour)
    row, col = parse_square(square)
    n = len(board)
    captured: List[str] = []
    for dr, dc in _ROLIT_DIRECTIONS:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < n and 0 <= c < n and board[r][c] != ".":
            if board[r][c] == letter:
                captured += run
                break
            run.append(square_name(r, c))
            r, c = r + dr, c + dc
    return captured


def _touches(board: Sequence[str], row: int, col: int) -> bool:
    n = len(board)
    return any(0 <= row + dr < n and 0 <= col + dc < n
               and board[row + dr][col + dc] != "."
               for dr, dc in _ROLIT_DIRECTIONS)


def rolit_legal_moves(board: Sequence[str], colour: str) -> List[str]:
    """The legal squares for colour, in the order of "legal": the
    capturing placements if there are any, else every empty square
    touching a ball."""
    touching, capturing = [], []
    for r in range(len(board)):
        for c in range(len(board)):
            if board[r][c] != "." or not _touches(board, r, c):
                continue
            name = square_name(r, c)
            touching.append(name)
            if rolit_captures(board, name, colour):
                capturing.append(name)
    return capturing or touching


def rolit_apply(board: Sequence[str], square: str,
                colour: str) -> List[str]:
    """The board after colour places a ball on square (legality is not
    checked), as a new list of strings."""
    letter = _letter(colour)
    rows = [list(row) for row in board]
    for name in [square] + rolit_captures(board, square, colour):
        r, c = parse_square(name)
        rows[r][c] = letter
    return ["".join(row) for row in rows]
