"""Game helpers for bots written on the Python SDK, on the referee's C rules.

The arena_bot package speaks the protocol; this module knows the bundled games
(docs/games/): the typed views a turn's "state" holds, the scoring of a
set of dice for bolo, bolo5 and volle-lotte, Rolit's legal moves and the
effect of a move, and Black-Pot's expressions of three dice, its legal
moves (exactly as the referee lists them) and the effect of a move.  Every
rule is computed by the referee's own rules library (games/, through the C
SDK's helpers of sdk/c/arena_games.h) in the extension arena_bot._rules:
this module only checks arguments and shapes answers, so that a bot and
the referee can never disagree.  The JavaScript SDK (sdk/js/arena_bot.mjs)
has the same helpers.

    import arena_bot
    from arena_bot import games

    class Greedy(arena_bot.Bot):
        def decide(self, turn):
            view: games.RolitView = arena_bot.state(turn)
            return max(arena_bot.legal(turn), key=lambda sq:
                       games.rolit_counts(games.rolit_apply(
                           view["board"], sq, view["you"]))[view["you"]])
"""

import re
from typing import Dict, List, Optional, Sequence, Tuple, TypedDict

from . import _rules

__all__ = [
    "DICE_VARIANTS", "Keep", "DiceView", "BoloView", "Bolo5View",
    "VolleLotteView", "dice_counts", "dice_value", "dice_keeps",
    "dice_scores", "bolo5_may_bank",
    "ROLIT_LETTERS", "RolitView", "square_name", "parse_square",
    "rolit_captures", "rolit_legal_moves", "rolit_apply", "rolit_counts",
    "BlackPotMove", "BlackPotLine", "BlackPotView", "BLACK_POT_SIDE",
    "BLACK_POT_MAX_NUMBER", "cell_name", "parse_cell", "black_pot_kind", "black_pot_values", "black_pot_expressions",
    "black_pot_legal_moves", "black_pot_evaluate", "black_pot_apply",
]

# ---------------------------------------------------------------------------
# The dice games (docs/games/bolo.md, bolo5.md, volle-lotte.md).

DICE_VARIANTS = ("bolo", "bolo5", "volle-lotte")


class Keep(TypedDict):
    """One element of a dice view's "keeps"."""

    keep: List[int]
    points: int


class DiceView(TypedDict, total=False):
    """The fields every dice game's view has (docs/games/bolo.md)."""

    players: int
    you: int
    to_move: int
    scores: List[int]
    forfeited: List[int]
    turn_total: int
    dice_left: int
    set_aside: List[int]
    roll: List[int]
    keeps: List[Keep]


class BoloView(DiceView, total=False):
    """The view of bolo."""

    target: int
    opened: List[bool]
    phase: str
    leader: int
    final_round: List[int]
    contenders: List[int]
    sudden_death_turns: int


class Bolo5View(DiceView, total=False):
    """The view of bolo5."""

    target: int
    on_board: List[bool]
    thresholds: List[int]
    must_roll: bool
    yahtzee_clause: bool
    triples: List[int]
    rerolled: bool
    winner: int


class VolleLotteView(DiceView, total=False):
    """The view of volle-lotte."""

    target: int
    card: Optional[str]
    card_points: int
    volle_lottes: int
    after_volle_lotte: bool
    cards_left: int
    deck: Dict[str, int]
    phase: str
    extra_turns: List[int]
    clover_winner: int


def dice_counts(faces: Sequence[int]) -> List[int]:
    """count[f] = how many of faces show f (index 0 unused)."""
    count = [0] * 7
    for f in faces:
        if type(f) is not int or not 1 <= f <= 6:
            raise ValueError("%r is not a die face 1-6" % (f,))
        count[f] += 1
    return count


def _check_variant(variant: str) -> None:
    if variant not in DICE_VARIANTS:
        raise ValueError('no dice game "%s": expected one of %s'
                         % (variant, ", ".join(DICE_VARIANTS)))


def _dice(faces: Sequence[int], most: int, what: str) -> List[int]:
    """faces as a list, checked: faces 1-6, at most `most` dice."""
    dice_counts(faces)
    if len(faces) > most:
        raise ValueError("%d dice: %s is %d dice at most"
                         % (len(faces), what, most))
    return list(faces)


def dice_value(variant: str, faces: Sequence[int]) -> Optional[int]:
    """The points of a set of dice set aside together in the dice game
    variant ("bolo", "bolo5" or "volle-lotte"): its best split into
    scoring groups, or None when some die of the set scores nothing (such
    a set may not be set aside).  The empty set is worth 0.

    >>> dice_value("bolo", [1, 1, 1, 1])
    2000
    """
    _check_variant(variant)
    value = _rules.dice_value(variant, _dice(faces, 8, "a set"))
    return None if value < 0 else value


def dice_keeps(variant: str, roll: Sequence[int]) -> List[Keep]:
    """Every distinct non-empty set of the roll in which every die scores,
    as {"keep", "points"}, in the order of the view's "keeps" and of
    "legal": fewest dice first, then by their sorted faces.  (Volle
    Lotte's Fireworks and Straight cards restrict the keeps; the view
    says so.)"""
    _check_variant(variant)
    return [{"keep": keep, "points": points} for keep, points in
            _rules.dice_keeps(variant, _dice(roll, 7, "a roll"))]


def dice_scores(variant: str, roll: Sequence[int]) -> bool:
    """Whether the roll has some set to keep (else the turn is lost)."""
    return bool(dice_keeps(variant, roll))


def bolo5_may_bank(roll: Sequence[int], keep: Sequence[int]) -> bool:
    """Whether bolo5's rule 2.3 lets the player bank after setting keep
    aside from roll (the turn total's threshold apart): some die of the
    roll is left behind and those dice would score nothing on their own.

    >>> bolo5_may_bank([1, 1, 1, 2, 2], [1, 1, 1]), bolo5_may_bank([1, 5], [5])
    (True, False)
    """
    may = _rules.bolo5_may_bank(_dice(roll, 8, "a roll"),
                                _dice(keep, 8, "a keep"))
    if may < 0:
        raise ValueError("%r is not part of the roll %r" % (list(keep), list(roll)))
    return bool(may)


# ---------------------------------------------------------------------------
# Rolit (docs/games/rolit.md).  A board is the view's "board": strings,
# element 0 = row 1, one character a column from A: R Y G B or ".".

ROLIT_LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}


class RolitView(TypedDict, total=False):
    """The view of rolit."""

    size: int
    board: List[str]
    colours: List[str]
    you: str
    to_move: int
    counts: Dict[str, int]
    forfeited: List[int]


def square_name(row: int, col: int) -> str:
    """"D3" from a 0-based row and column."""
    return chr(ord("A") + col) + str(row + 1)


def parse_square(name: str) -> Tuple[int, int]:
    """(row, col), 0-based, of a square name such as "D3"."""
    match = re.fullmatch(r"([A-Z])([1-9][0-9]?)", name) \
        if isinstance(name, str) else None
    if not match:
        raise ValueError('"%s" is not a square name' % (name,))
    return int(match.group(2)) - 1, ord(match.group(1)) - ord("A")


def _letter(colour: str) -> str:
    if colour in ROLIT_LETTERS:
        return ROLIT_LETTERS[colour]
    if colour in ROLIT_LETTERS.values():
        return colour
    raise ValueError('"%s" is not a Rolit colour' % (colour,))


def _squares(answer: Optional[List[str]], board: Sequence[str],
             what: str) -> List[str]:
    """The rules' list of squares, or ValueError when they refused."""
    if answer is None:
        raise ValueError("cannot list %s: %r is not a board the rules "
                         "accept (4, 6 or 8 rows of as many of R, Y, G, B or "
                         "., at least one ball; on a 4x4 board only red and "
                         "green play)" % (what, list(board)))
    return answer


def rolit_captures(board: Sequence[str], square: str,
                   colour: str) -> List[str]:
    """The balls a ball of colour (name or letter) on square would
    capture, as square names in board order (row 1 first); [] when it
    captures nothing."""
    letter = _letter(colour)
    parse_square(square)
    return _squares(_rules.rolit_captures(list(board), square, letter),
                    board, "the captures of a ball on %s" % square)


def rolit_legal_moves(board: Sequence[str], colour: str) -> List[str]:
    """The legal squares for colour, in the order of "legal": the
    capturing placements if there are any, else every empty square
    touching a ball."""
    return _squares(_rules.rolit_legal(list(board), _letter(colour)), board,
                    "the moves of %s" % colour)


def rolit_apply(board: Sequence[str], square: str,
                colour: str) -> List[str]:
    """The board after colour places a ball on square (legality is not
    checked), as a new list of strings."""
    letter = _letter(colour)
    turned = {parse_square(name) for name in
              [square] + rolit_captures(board, square, colour)}
    return ["".join(letter if (r, c) in turned else ball
                    for c, ball in enumerate(row))
            for r, row in enumerate(board)]


def rolit_counts(board: Sequence[str]) -> Dict[str, int]:
    """Balls of each colour on the board: {"red": n, "yellow": ...}."""
    text = "".join(board)
    return {name: text.count(letter)
            for name, letter in ROLIT_LETTERS.items()}


# ---------------------------------------------------------------------------
# Black-Pot (docs/games/black-pot.md).  Cells are named like squares
# ("F6", A-K, 1-11); the view's "numbers" and "board" are row 1 first.

BLACK_POT_SIDE = 11
BLACK_POT_MAX_NUMBER = 25


class BlackPotMove(TypedDict):
    """An action: groups separated by "," and one cell for each group
    worth 1..25."""

    expr: str
    cells: List[str]


class BlackPotLine(TypedDict):
    side: int
    cells: List[str]
    points: int


class BlackPotView(TypedDict, total=False):
    """The view of black-pot."""

    numbers: List[List[int]]
    board: List[str]
    sides: List[str]
    you: int
    to_move: int
    roll: List[int]
    rolls: int
    max_rolls: int
    pawns: List[int]
    points: List[int]
    lines: List[BlackPotLine]
    forfeited: List[int]


def black_pot_kind(number: int) -> Optional[str]:
    """"citron" (1-6), "black-pot" (13 14 17 19 21 22 23), "cerise" (the
    other numbers up to 25), or None."""
    if type(number) is not int or not 1 <= number <= 25:
        return None
    return _rules.black_pot_kind(number)


def _black_pot_roll(roll: Sequence[int]) -> List[int]:
    if len(roll) != 3 or any(type(f) is not int or not 1 <= f <= 6
                             for f in roll):
        raise ValueError("a Black-Pot roll is three die faces 1-6")
    return list(roll)


def black_pot_values(dice: Sequence[int]) -> List[Tuple[int, str]]:
    """The distinct values a group of 1 to 3 dice can take with + - * and
    exact /, as (value, expression) pairs, each with the first expression
    the referee finds: (8, "6+4-2") is among those of [6, 4, 2]."""
    if not 1 <= len(dice) <= 3:
        raise ValueError("a group is 1 to 3 dice")
    if any(type(f) is not int or not 1 <= f <= 6 for f in dice):
        raise ValueError("a group is dice of faces 1-6, not %r" % (list(dice),))
    return _rules.black_pot_values(list(dice))


def black_pot_expressions(roll: Sequence[int]) -> List[Tuple[str, List[int]]]:
    """Every expression of a roll of three dice: each split into groups
    with each choice of a value for each group, as (expr, values), one
    value per group.  Many place the same pawns; black_pot_legal_moves()
    gives the distinct moves."""
    return _rules.black_pot_expressions(_black_pot_roll(roll))


def cell_name(row: int, col: int) -> str:
    """"F6" from a 0-based row and column."""
    return square_name(row, col)


def parse_cell(name: str) -> Tuple[int, int]:
    """(row, col), 0-based, of a cell name such as "F6"."""
    return parse_square(name)


def black_pot_legal_moves(view: BlackPotView,
                          pawns: Optional[int] = None) -> List[BlackPotMove]:
    """The legal moves for the seat receiving view (its "roll", "numbers",
    "board", "pawns" and "you"), exactly as the referee's "legal" lists
    them: distinct sets of cells, each named by the first expression
    found, sorted by pawns placed and then cells in board order; the first
    places nothing.  pawns overrides the pawns the side has left."""
    if pawns is None:
        pawns = view["pawns"][view["you"]]
    moves = _rules.black_pot_legal(view["numbers"], view["board"],
                                   _black_pot_roll(view["roll"]),
                                   max(int(pawns), 0))
    if moves is None:
        raise ValueError("the roll %r has more than 1024 moves on this board: "
                         "no board the referee deals has so many"
                         % (view["roll"],))
    return [{"expr": expr, "cells": cells} for expr, cells in moves]


def black_pot_evaluate(expr: str, roll: Sequence[int]) -> List[int]:
    """The values of the groups of a move's expression for a roll, as the
    referee reads it (dice as single digits, + - * x X /, parentheses,
    groups separated by ","; every die used once; exact division).
    Raises ValueError saying what is wrong otherwise."""
    if len(expr) > 64:
        raise ValueError("the expression is longer than 64 characters")
    return _rules.black_pot_evaluate(expr, _black_pot_roll(roll))


def black_pot_apply(board: Sequence[str], cells: Sequence[str],
                    side: int) -> List[str]:
    """The board after side (0 ivory "X", 1 brown "O") puts pawns on
    cells, as a new list of strings (the move is not checked)."""
    rows = [list(row) for row in board]
    for name in cells:
        r, c = parse_cell(name)
        rows[r][c] = "O" if side else "X"
    return ["".join(row) for row in rows]
