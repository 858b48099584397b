#!/usr/bin/env python3
"""Unit tests of the Python game helpers (sdk/python/arena_bot/games.py).

Dice scoring per variant, the keeps of a roll, Rolit's legal moves and
moves, Black-Pot's expressions, their evaluation and its legal moves: the
same cases as sdk/js/test/games.test.mjs checks for the JavaScript SDK.
Each example bot of bots/examples/*.py then answers a scripted game as the
referee runs it.  Run as a script it prints TAP, one line per test, for
automake's driver.
"""

import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "sdk", "python"))

sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import unittest_tap  # noqa: E402  (in tests/tools)
from arena_bot import games as G  # noqa: E402  (found through the path set up above)

EXAMPLES = os.path.join(HERE, "..", "..", "bots", "examples")


class DiceTest(unittest.TestCase):
    """dice_value, dice_keeps and dice_scores."""

    def check(self, variant, cases):
        for faces, points in cases:
            with self.subTest(variant=variant, faces=faces):
                self.assertEqual(G.dice_value(variant, faces), points)

    def test_bolo(self) -> None:
        self.check("bolo", [
            ([1], 100), ([5], 50), ([1, 5], 150), ([2, 2, 2], 200),
            ([1, 1, 1], 1000), ([1, 1, 1, 1], 2000), ([3, 3, 3, 3, 3], 1200),
            ([2] * 7, 3200), ([1] * 6, 8000), ([5, 5, 5, 5], 1000),
            ([1, 1, 1, 5, 5, 5], 1500), ([1, 2, 3, 4, 5, 6], 1500),
            ([1, 2, 3, 4, 5, 6, 5], 1550), ([1, 2, 3, 4, 5, 6, 1], 1600),
            ([1, 2, 3, 4, 5, 6, 2], None), ([1, 2], None), ([6], None),
            ([], 0)])

    def test_bolo5(self) -> None:
        self.check("bolo5", [
            ([1], 100), ([5], 50), ([4, 4, 4], 400), ([4, 4, 4, 4], 800),
            ([1, 1, 1, 1], 2000), ([3] * 5, 5000), ([1] * 5, 10000),
            ([2, 2, 2, 3, 3], 500), ([1, 1, 1, 5, 5], 1100),
            ([1, 1, 1, 2, 2], 500), ([1, 2, 3, 4, 5], 1000),
            ([2, 3, 4, 5, 6], 1000), ([1, 2, 3, 4, 6], None),
            ([6, 6], None)])

    def test_volle_lotte(self) -> None:
        self.check("volle-lotte", [
            ([1, 1, 1, 1], 1100), ([2] * 6, 400), ([1, 5], 150),
            ([5, 5, 5], 500), ([1, 1, 1], 1000), ([2, 2, 2, 2], None),
            ([1, 2, 3, 4, 5, 6], None), ([3, 4], None)])

    def test_bad_arguments(self) -> None:
        with self.assertRaises(ValueError):
            G.dice_value("yahtzee", [1])
        with self.assertRaises(ValueError):
            G.dice_value("bolo", [7])

    def test_keeps(self) -> None:
        self.assertEqual(G.dice_keeps("bolo", [1, 1, 2, 3, 4, 5, 6]), [
            {"keep": [1], "points": 100}, {"keep": [5], "points": 50},
            {"keep": [1, 1], "points": 200}, {"keep": [1, 5], "points": 150},
            {"keep": [1, 1, 5], "points": 250},
            {"keep": [1, 2, 3, 4, 5, 6], "points": 1500},
            {"keep": [1, 1, 2, 3, 4, 5, 6], "points": 1600}])
        self.assertEqual(G.dice_keeps("bolo5", [1, 1, 1, 2, 2]), [
            {"keep": [1], "points": 100}, {"keep": [1, 1], "points": 200},
            {"keep": [1, 1, 1], "points": 1000},
            {"keep": [1, 1, 1, 2, 2], "points": 500}])
        self.assertEqual(G.dice_keeps("volle-lotte", [1, 1, 2, 3, 4, 5]), [
            {"keep": [1], "points": 100}, {"keep": [5], "points": 50},
            {"keep": [1, 1], "points": 200}, {"keep": [1, 5], "points": 150},
            {"keep": [1, 1, 5], "points": 250}])
        self.assertFalse(G.dice_scores("bolo", [2, 3, 4, 6, 6, 2]))
        self.assertTrue(G.dice_scores("bolo", [2, 2, 2]))

    def test_bolo5_may_bank(self):
        """Rule 2.3: bank only with dice left behind that score nothing."""
        self.assertTrue(G.bolo5_may_bank([1, 1, 1, 2, 2], [1, 1, 1]))
        self.assertTrue(G.bolo5_may_bank([4, 4, 4, 2, 3], [4, 4, 4]))
        self.assertFalse(G.bolo5_may_bank([1, 1, 1, 2, 2], [1, 1, 1, 2, 2]))
        self.assertFalse(G.bolo5_may_bank([5, 5, 5, 5, 5], [5, 5, 5, 5]))
        self.assertFalse(G.bolo5_may_bank([1, 5], [5]))
        self.assertFalse(G.bolo5_may_bank([2, 2, 2, 1, 3], [1]))
        with self.assertRaises(ValueError):
            G.bolo5_may_bank([1, 5], [1, 1])


START = ["........", "........", "........", "...RY...", "...BG...",
         "........", "........", "........"]


class RolitTest(unittest.TestCase):
    """rolit_legal_moves, rolit_captures, rolit_apply, rolit_counts."""

    def test_start_position(self) -> None:
        self.assertEqual(G.rolit_legal_moves(START, "red"), ["F4", "D6", "F6"])
        self.assertEqual(G.rolit_legal_moves(START, "yellow"),
                         ["C4", "C6", "E6"])
        self.assertEqual(G.rolit_legal_moves(START, "G"), ["C3", "E3", "C5"])
        self.assertEqual(G.rolit_legal_moves(START, "blue"),
                         ["D3", "F3", "F5"])

    def test_no_capture_anywhere(self) -> None:
        self.assertEqual(G.rolit_legal_moves(["....", ".R..", "....", "...."],
                                             "green"),
                         ["A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3"])

    def test_apply(self) -> None:
        self.assertEqual(G.rolit_captures(START, "F4", "red"), ["E4"])
        after = G.rolit_apply(START, "F4", "red")
        self.assertEqual(after[3], "...RRR..")
        self.assertEqual(START[3], "...RY...")
        self.assertEqual(G.rolit_counts(after),
                         {"red": 3, "yellow": 0, "green": 1, "blue": 1})
        self.assertEqual(sorted(G.rolit_captures(["R.R.", "YG..", "BY..",
                                                  "...."], "A4", "red")),
                         ["A2", "A3"])
        self.assertEqual(G.rolit_apply(["R...", "GY..", "G.Y.", "...."],
                                       "A4", "red"),
                         ["R...", "RY..", "R.Y.", "R..."])
        self.assertEqual(G.square_name(2, 3), "D3")
        self.assertEqual(G.parse_square("H8"), (7, 7))
        with self.assertRaises(ValueError):
            G.parse_square("d3")


def synthetic_view(roll, pawns, you=0):
    """A board whose free cells hold each number 1..25 once, in board
    order (the other cells cut)."""
    numbers = [[r * 11 + c + 1 if r * 11 + c < 25 else 0 for c in range(11)]
               for r in range(11)]
    board = ["".join("." if n else " " for n in row) for row in numbers]
    return {"numbers": numbers, "board": board, "sides": ["ivory", "brown"],
            "you": you, "to_move": you, "roll": roll, "rolls": 1,
            "max_rolls": 200, "pawns": [pawns, pawns], "points": [0, 0],
            "lines": [], "forfeited": []}


class BlackPotTest(unittest.TestCase):
    """The expressions of three dice, their values and the legal moves."""

    def test_kinds(self) -> None:
        self.assertEqual([G.black_pot_kind(n) for n in
                          (1, 6, 7, 13, 15, 25, 26, 0)],
                         ["citron", "citron", "cerise", "black-pot",
                          "cerise", "cerise", None, None])

    def test_worked_roll(self) -> None:
        values = sorted(v for v, _ in G.black_pot_values([6, 4, 2])
                        if 1 <= v <= 25)
        self.assertEqual(values, [1, 2, 3, 4, 5, 7, 8, 12, 14, 16, 20, 22])
        for value, expr in G.black_pot_values([2, 6, 4]):
            self.assertEqual(G.black_pot_evaluate(expr, [6, 4, 2]), [value])
        exprs = G.black_pot_expressions([6, 4, 2])
        self.assertEqual(exprs[0], ("6,4,2", [6, 4, 2]))
        self.assertIn(("6+4,2", [10, 2]), exprs)
        for expr, vals in exprs:
            self.assertEqual(G.black_pot_evaluate(expr, [4, 2, 6]), vals)

    def test_evaluate(self) -> None:
        self.assertEqual(G.black_pot_evaluate("6 x 4 / 2", [6, 4, 2]), [12])
        self.assertEqual(G.black_pot_evaluate("6/(4-2)", [6, 4, 2]), [3])
        self.assertEqual(G.black_pot_evaluate("6-(4+2)", [6, 4, 2]), [0])
        self.assertEqual(G.black_pot_evaluate("2,4,6", [6, 4, 2]), [2, 4, 6])
        for expr, message in [
                ("6/4*2", '6/4 in "6/4*2" is not an exact division'),
                ("6+6-2", '"6+6-2" uses 6 more times than the roll 6 4 2 '
                          'has it'),
                ("6+4", '"6+4" does not use the 2 of the roll 6 4 2: every '
                        'die is used once'),
                ("-6+4+2", "unexpected '-' in \"-6+4+2\": expected a die or "
                           "'('"),
                ("(6+4-2", "missing ')' in \"(6+4-2\""),
                ("64+2", "has a number of several digits")]:
            with self.subTest(expr=expr):
                with self.assertRaises(ValueError) as caught:
                    G.black_pot_evaluate(expr, [6, 4, 2])
                self.assertIn(message, str(caught.exception))
        with self.assertRaisesRegex(ValueError, 'divides by zero'):
            G.black_pot_evaluate("4/(2-2)", [4, 2, 2])

    def test_one_pawn_left(self) -> None:
        moves = G.black_pot_legal_moves(synthetic_view([6, 4, 2], 1))
        self.assertEqual(moves[0]["cells"], [])
        numbers = []
        for move in moves[1:]:
            self.assertEqual(len(move["cells"]), 1)
            r, c = G.parse_cell(move["cells"][0])
            numbers.append(r * 11 + c + 1)
            self.assertIn(numbers[-1],
                          G.black_pot_evaluate(move["expr"], [6, 4, 2]))
        self.assertEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 16, 20, 22])

    def test_distinct_sorted_stock(self) -> None:
        view = synthetic_view([6, 4, 2], 3)
        moves = G.black_pot_legal_moves(view)
        keys = [tuple(sorted(m["cells"])) for m in moves]
        self.assertEqual(len(set(keys)), len(moves))
        self.assertIn({"expr": "6,4,2", "cells": ["F1", "D1", "B1"]}, moves)
        counts = [len(m["cells"]) for m in moves]
        self.assertEqual(counts, sorted(counts))
        self.assertTrue(all(len(m["cells"]) <= 2
                            for m in G.black_pot_legal_moves(view, pawns=2)))
        view["board"] = G.black_pot_apply(view["board"], ["H1"], 1)
        self.assertEqual(view["board"][0][7], "O")
        self.assertTrue(all("H1" not in m["cells"]
                            for m in G.black_pot_legal_moves(view)))


def msg(**fields) -> str:
    return json.dumps(fields) + "\n"


DICE_VIEW = {"players": 2, "you": 1, "to_move": 1, "scores": [0, 0],
             "forfeited": [], "turn_total": 0, "set_aside": [],
             "target": 10000, "opened": [False, False], "phase": "play",
             "leader": -1, "final_round": [], "contenders": [],
             "sudden_death_turns": 0, "on_board": [False, False],
             "thresholds": [650, 650], "must_roll": False,
             "yahtzee_clause": False, "triples": [], "rerolled": False,
             "winner": -1, "card": "bonus-300", "card_points": 0,
             "volle_lottes": 0, "after_volle_lotte": False,
             "cards_left": 54, "deck": {}, "extra_turns": [],
             "clover_winner": -1}


class ExampleBotTest(unittest.TestCase):
    """Each bots/examples/*.py answers a scripted game as a process."""

    def play(self, script, game, view, legal):
        lines = [msg(type="hello", protocol=1),
                 msg(type="start", game=game, game_id="00" * 16, seat=1,
                     players=["a", "b"]),
                 msg(type="commit", commitment="20" * 32),
                 msg(type="lock", commitments=[None, ""]),
                 msg(type="turn", seat=1, state=view, legal=legal,
                     time_left_ms=1000),
                 msg(type="end", result={}, forfeits=[]),
                 msg(type="goodbye")]
        proc = subprocess.run([sys.executable, os.path.join(EXAMPLES, script)],
                              input="".join(lines), capture_output=True,
                              text=True, timeout=30, check=False)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        replies = [json.loads(line) for line in proc.stdout.splitlines()]
        self.assertEqual(len(replies), len(lines))
        self.assertEqual(replies[5:], [{}, {}])
        return replies[4]["action"]

    def dice(self, script, game, roll):
        view = dict(DICE_VIEW, roll=roll, dice_left=len(roll),
                    keeps=G.dice_keeps(game, roll))
        legal = [{"keep": k["keep"]} for k in view["keeps"]]
        return self.play(script, game, view, legal)

    def test_bolo(self) -> None:
        self.assertEqual(self.dice("bolo.py", "bolo", [1, 1, 2, 3, 4, 5, 6]),
                         {"keep": [1, 1, 2, 3, 4, 5, 6]})

    def test_bolo5(self) -> None:
        self.assertEqual(self.dice("bolo5.py", "bolo5", [1, 1, 1, 2, 2]),
                         {"keep": [1, 1, 1]})

    def test_volle_lotte(self) -> None:
        self.assertEqual(self.dice("volle_lotte.py", "volle-lotte",
                                   [1, 1, 2, 3, 4, 5]), {"keep": [1, 1, 5]})

    def test_rolit(self) -> None:
        view = {"size": 8, "board": START, "colours": ["red", "green"],
                "you": "green", "to_move": 1,
                "counts": {"red": 1, "yellow": 1, "green": 1, "blue": 1},
                "forfeited": []}
        self.assertEqual(self.play("rolit.py", "rolit", view,
                                   G.rolit_legal_moves(START, "green")),
                         "C3")

    def test_black_pot(self) -> None:
        view = synthetic_view([6, 4, 2], 40, you=1)
        legal = G.black_pot_legal_moves(view)
        action = self.play("black_pot.py", "black-pot", view, legal)
        self.assertIn(action, legal)
        self.assertTrue(action["cells"])
        for cell in action["cells"]:
            r, c = G.parse_cell(cell)
            self.assertEqual(G.black_pot_kind(view["numbers"][r][c]),
                             "black-pot")


if __name__ == "__main__":
    sys.exit(unittest_tap.run(sys.modules[__name__]))
