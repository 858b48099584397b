"""A measurement peer for `make bench-env` (bench/env.py), used by no bot.

This is arena_bot.games as it was before it called the referee's C rules
(issue 33): the dice scoring and keeps, bolo5's right to bank, Rolit's
captures and legal moves and Black-Pot's expressions and legal moves,
written in Python with the standard library alone.  bench/env.py plays
the same games with it to show what a Python author had before arena_env
("pure Python").  It is kept unchanged as that baseline only: the SDK's
helpers (sdk/python/arena_bot/games.py) are the referee's rules, and the
rules are written once, in C (games/).  Do not import it from a bot.
"""

import re
from typing import Dict, List, Optional, Sequence, Tuple, TypedDict

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


def dice_value(variant: str, faces: Sequence[int]) -> Optional[int]:
    """The points of a set of dice set aside together in the dice game
    variant ("bolo", "bolo5" or "volle-lotte"): its best split into
    scoring groups, or None when some die of the set scores nothing (such
    a set may not be set aside).  The empty set is worth 0.

    >>> dice_value("bolo", [1, 1, 1, 1])
    2000
    """
    _check_variant(variant)
    value = _best(variant, dice_counts(faces))
    return None if value < 0 else value


def dice_keeps(variant: str, roll: Sequence[int]) -> List[Keep]:
    """Every distinct non-empty set of the roll in which every die scores,
    as {"keep", "points"}, in the order of the view's "keeps" and of
    "legal": fewest dice first, then by their sorted faces.  (Volle
    Lotte's Fireworks and Straight cards restrict the keeps; the view
    says so.)"""
    _check_variant(variant)
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
    left = dice_counts(roll)
    for face, taken in enumerate(dice_counts(keep)):
        if taken > left[face]:
            raise ValueError("%r is not part of the roll %r" % (list(keep), list(roll)))
        left[face] -= taken
    rest = [f for f in range(1, 7) for _ in range(left[f])]
    return bool(rest) and not dice_scores("bolo5", rest)


# ---------------------------------------------------------------------------
# Rolit (docs/games/rolit.md).  A board is the view's "board": strings,
# element 0 = row 1, one character a column from A: R Y G B or ".".

ROLIT_LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
_ROLIT_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1),
                     (1, -1), (1, 0), (1, 1))


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
_BLACK = frozenset((13, 14, 17, 19, 21, 22, 23))


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
    if number <= 6:
        return "citron"
    return "black-pot" if number in _BLACK else "cerise"


# A term: (value, top operator or "", text).
_Term = Tuple[int, str, str]
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


def _combine(a: _Term, op: str, b: _Term) -> Optional[_Term]:
    if op == "+":
        value = a[0] + b[0]
    elif op == "-":
        value = a[0] - b[0]
    elif op == "*":
        value = a[0] * b[0]
    else:
        if b[0] == 0 or a[0] % b[0]:
            return None
        value = a[0] // b[0]

    def operand(t: _Term, right: bool) -> str:
        paren = t[1] and (
            _PRECEDENCE[t[1]] < _PRECEDENCE[op]
            or (right and _PRECEDENCE[t[1]] == _PRECEDENCE[op]
                and op in "-/"))
        return "(%s)" % t[2] if paren else t[2]

    return value, op, operand(a, False) + op + operand(b, True)


def _terms(dice: Sequence[int]) -> List[_Term]:
    """The distinct values of a group of dice (largest first), each with
    the first expression that gives it, in the referee's order."""
    if len(dice) == 1:
        return [(dice[0], "", str(dice[0]))]
    found: List[_Term] = []
    seen = set()

    def combine(a: _Term, b: _Term) -> None:
        for op in "+-*/":
            for t in (_combine(a, op, b), _combine(b, op, a)):
                if t is not None and t[0] not in seen:
                    seen.add(t[0])
                    found.append(t)

    if len(dice) == 2:
        combine(_terms(dice[:1])[0], _terms(dice[1:])[0])
        return found
    for single in range(len(dice) - 1, -1, -1):
        pair = [d for i, d in enumerate(dice) if i != single]
        for a in _terms(pair):
            combine(a, _terms([dice[single]])[0])
    return found


def _splits(roll: Sequence[int]) -> List[List[List[int]]]:
    """The splits of a roll into groups, in the referee's order: three
    single dice, a pair and the die left (the two largest first), all."""
    if len(roll) != 3 or any(type(f) is not int or not 1 <= f <= 6
                             for f in roll):
        raise ValueError("a Black-Pot roll is three die faces 1-6")
    d = sorted(roll, reverse=True)
    splits = [[[f] for f in d]]
    for single in (2, 1, 0):
        splits.append([[f for i, f in enumerate(d) if i != single],
                       [d[single]]])
    splits.append([d])
    return splits


def black_pot_values(dice: Sequence[int]) -> List[Tuple[int, str]]:
    """The distinct values a group of 1 to 3 dice can take with + - * and
    exact /, as (value, expression) pairs, each with the first expression
    the referee finds: (8, "6+4-2") is among those of [6, 4, 2]."""
    if not 1 <= len(dice) <= 3:
        raise ValueError("a group is 1 to 3 dice")
    return [(t[0], t[2]) for t in _terms(sorted(dice, reverse=True))]


def black_pot_expressions(roll: Sequence[int]) -> List[Tuple[str, List[int]]]:
    """Every expression of a roll of three dice: each split into groups
    with each choice of a value for each group, as (expr, values), one
    value per group.  Many place the same pawns; black_pot_legal_moves()
    gives the distinct moves."""
    out: List[Tuple[str, List[int]]] = []
    for split in _splits(roll):
        for chosen in _choices([_terms(group) for group in split]):
            out.append((",".join(t[2] for t in chosen),
                        [t[0] for t in chosen]))
    return out


def _choices(terms: List[List[_Term]]) -> List[List[_Term]]:
    """Every choice of one term per group, the last group's changing
    fastest."""
    result: List[List[_Term]] = [[]]
    for group in terms:
        result = [chosen + [t] for chosen in result for t in group]
    return result


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
    side = BLACK_POT_SIDE
    open_cells = [view["numbers"][r][c] if view["board"][r][c] == "." else 0
                  for r in range(side) for c in range(side)]
    by_number: Dict[int, List[int]] = {}
    for cell, number in enumerate(open_cells):
        if number:
            by_number.setdefault(number, []).append(cell)
    found: List[Tuple[str, List[int]]] = []

    def place(chosen: List[_Term], g: int, cells: List[int],
              expr: str) -> None:
        if g == len(chosen):
            found.append((expr, cells))
            return
        value = chosen[g][0]
        if not 1 <= value <= BLACK_POT_MAX_NUMBER:
            place(chosen, g + 1, cells, expr)
            return
        if len(cells) == pawns:
            return
        for cell in by_number.get(value, ()):
            if cell not in cells:
                place(chosen, g + 1, cells + [cell], expr)

    for split in _splits(view["roll"]):
        for chosen in _choices([_terms(group) for group in split]):
            place(chosen, 0, [], ",".join(t[2] for t in chosen))
    best: Dict[Tuple[int, ...], Tuple[int, str, List[int]]] = {}
    for index, (expr, cells) in enumerate(found):
        key = (len(cells),) + tuple(sorted(cells))
        if key not in best:
            best[key] = (index, expr, cells)
    return [{"expr": expr,
             "cells": [cell_name(cell // side, cell % side)
                       for cell in cells]}
            for _, (_, expr, cells) in sorted(best.items())]


class _Parser:
    """The referee's reading of an expression (black_pot_moves.c)."""

    def __init__(self, expr: str, roll: Sequence[int]) -> None:
        self.expr, self.roll, self.pos = expr, list(roll), 0
        self.unused = [0] * 10
        for f in roll:
            self.unused[f] += 1

    def peek(self) -> str:
        while self.pos < len(self.expr) and self.expr[self.pos] == " ":
            self.pos += 1
        return self.expr[self.pos] if self.pos < len(self.expr) else ""

    def factor(self) -> int:
        c, expr = self.peek(), self.expr
        if c == "(":
            self.pos += 1
            value = self.sum()
            if self.peek() != ")":
                raise ValueError("missing ')' in \"%s\"" % expr)
            self.pos += 1
            return value
        if not ("0" <= c <= "9" and len(c) == 1):
            raise ValueError(
                "unexpected '%s' in \"%s\": expected a die or '('" % (c, expr)
                if c else
                "\"%s\" ends where a die or '(' is expected" % expr)
        self.pos += 1
        if self.pos < len(expr) and "0" <= expr[self.pos] <= "9":
            raise ValueError("\"%s\" has a number of several digits: each "
                             "number is one die" % expr)
        if not self.unused[int(c)]:
            raise ValueError("\"%s\" uses %s more times than the roll %s "
                             "has it" % (expr, c,
                                         " ".join(map(str, self.roll))))
        self.unused[int(c)] -= 1
        return int(c)

    def product(self) -> int:
        value = self.factor()
        op = self.peek()
        while op and op in "*xX/":
            self.pos += 1
            right = self.factor()
            if op != "/":
                value *= right
            elif right == 0:
                raise ValueError("%d/0 in \"%s\" divides by zero"
                                 % (value, self.expr))
            elif value % right:
                raise ValueError("%d/%d in \"%s\" is not an exact division"
                                 % (value, right, self.expr))
            else:
                value //= right
            op = self.peek()
        return value

    def sum(self) -> int:
        value = self.product()
        op = self.peek()
        while op in ("+", "-"):
            self.pos += 1
            value += (1 if op == "+" else -1) * self.product()
            op = self.peek()
        return value


def black_pot_evaluate(expr: str, roll: Sequence[int]) -> List[int]:
    """The values of the groups of a move's expression for a roll, as the
    referee reads it (dice as single digits, + - * x X /, parentheses,
    groups separated by ","; every die used once; exact division).
    Raises ValueError saying what is wrong otherwise."""
    if len(expr) > 64:
        raise ValueError("the expression is longer than 64 characters")
    parser = _Parser(expr, roll)
    values = []
    while True:
        values.append(parser.sum())
        if parser.peek() != ",":
            break
        if len(values) == 3:
            raise ValueError("\"%s\" has more than 3 groups" % expr)
        parser.pos += 1
    c = parser.peek()
    if c:
        raise ValueError("unexpected '%s' in \"%s\": expected an operator, "
                         "')' or ','" % (c, expr))
    for face in range(1, 7):
        if parser.unused[face]:
            raise ValueError("\"%s\" does not use the %d of the roll %s: "
                             "every die is used once"
                             % (expr, face, " ".join(map(str, roll))))
    return values


def black_pot_apply(board: Sequence[str], cells: Sequence[str],
                    side: int) -> List[str]:
    """The board after side (0 ivory "X", 1 brown "O") puts pawns on
    cells, as a new list of strings (the move is not checked)."""
    rows = [list(row) for row in board]
    for name in cells:
        r, c = parse_cell(name)
        rows[r][c] = "O" if side else "X"
    return ["".join(row) for row in rows]
