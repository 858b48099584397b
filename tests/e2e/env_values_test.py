#!/usr/bin/env python3
"""Tests of arena_env's exact values (env.values(), env.chance_values()):
the values library's own doubles, the ones `referee grade` gives for the
same game.  Games of two-player bolo and bolo5 played in the environment
are saved as logs and graded by the referee: the value of every action
played and of the best one, and each seat's chance after every roll, are
the grade's to the last bit.  A roll's outcomes have probabilities that
sum to 1, whose mean is the roll's value; games without exact values are
refused with the reason.  Needs neither PettingZoo nor Gymnasium nor
numpy.  Run as a script it prints TAP, one line per test.
"""

import json
import math
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from env_paths import TOP_BUILD  # noqa: E402  (in tests/tools; sets the path)
import unittest_tap  # noqa: E402  (in tests/tools)
import arena_env  # noqa: E402

REFEREE = os.path.join(TOP_BUILD, "referee", "referee")


def play_valued(e, seed):
    """Plays e (reset) to its end, each action drawn among the legal ones
    by random.Random(seed), two in three a best one; returns e.values()
    before each action, the actions, and e.values() at the end."""
    rng, seen, played = random.Random(seed), [], []
    while e.to_move() >= 0:
        values = e.values()
        actions = values["actions"]
        best = max(a["value"] for a in actions)
        pick = rng.choice([a for a in actions if a["value"] == best]
                          if rng.random() < 2 / 3 else actions)
        seen.append(values)
        played.append(pick)
        e.apply(pick["action"])
    return seen, played, e.values()


def grade(e, folder):
    """The referee's grade (--format json) of e's finished game, with a
    cache of tables of its own, empty: it solves them as e did."""
    path = os.path.join(folder, "game.jsonl")
    e.save_log(path)
    out = subprocess.run([REFEREE, "grade", "--format", "json", path],
                         env=dict(os.environ, XDG_CACHE_HOME=folder),
                         capture_output=True, text=True, timeout=300)
    if out.returncode:
        raise AssertionError("referee grade: %s" % out.stderr)
    return json.loads(out.stdout)


class TestValuesAreTheGrades(unittest.TestCase):
    def check_game(self, game, seed, **options):
        e = arena_env.env(game, draws="keyed", **options)   # for its log
        e.reset(seed=seed)
        seen, played, end = play_valued(e, seed)
        with tempfile.TemporaryDirectory() as folder:
            doc = grade(e, folder)
        self.assertTrue(doc["exact"])
        # the same tables ("solved now in 0.1 s": its own time)
        self.assertEqual(seen[0]["how"].split(" in ")[0],
                         doc["how"].split(" in ")[0])
        decisions = [m for m in doc["moves"] if "played" in m]
        self.assertEqual(len(decisions), len(played))
        for m, values, pick in zip(decisions, seen, played):
            self.assertEqual(m["played"], pick["action"])
            self.assertEqual((m["value"], m["best_value"]),
                             (pick["value"], max(a["value"] for a in
                                                 values["actions"])),
                             "move %d" % m["move"])
        # each seat's chance after a roll: values() at the next decision
        after = seen[1:] + [end]
        rolls = [m for m in doc["moves"] if "roll" in m and m["move"] > 0]
        self.assertGreater(len(rolls), 3)
        for m in rolls:
            self.assertEqual(m["chance"], after[m["move"] - 1]["chance"],
                             "the roll after move %d" % m["move"])
        self.assertEqual(doc["moves"][0]["chance"], seen[0]["chance"])
        self.assertEqual(end["chance"], doc["result"])
        self.assertEqual(end["actions"], [])
        return seen

    def test_bolo_to_1000(self):
        seen = self.check_game("bolo", 7, target=1000)
        self.assertTrue(seen[0]["how"].startswith(
            "exact: tables to 1000 solved now in "), seen[0]["how"])

    def test_bolo5_to_2000(self):
        self.check_game("bolo5", 8, target=2000)

    def test_bolo5_at_the_built_in_target(self):
        seen = self.check_game("bolo5", 9)
        self.assertEqual(seen[0]["how"], "exact: tables to 10000 built in")


class TestChanceValues(unittest.TestCase):
    def setUp(self):
        # the keyed dice of seed 3, whose turns the tests below follow
        self.e = arena_env.env("bolo5", target=1000, draws="keyed")
        self.e.reset(seed=3)

    def roll_state(self):
        """Plays the first keep: "roll" is then legal."""
        e = self.e
        e.apply(e.legal()[0])
        self.assertIn("roll", e.legal())
        return e

    def test_outcomes_sum_to_1_and_average_to_the_rolls_value(self):
        e = self.roll_state()
        outcomes = e.chance_values("roll")
        self.assertEqual([(f, p) for f, p, _ in outcomes],
                         e.chance_outcomes("roll"))
        self.assertEqual(math.fsum(p for _, p, _ in outcomes), 1.0)
        seat = e.to_move()
        roll = next(a for a in e.values()["actions"] if a["action"] == "roll")
        self.assertTrue(roll["chance"])
        mean = math.fsum(p * c[seat] for _, p, c in outcomes)
        self.assertAlmostEqual(mean, roll["value"], delta=1e-12)
        self.assertTrue(all(abs(c[0] + c[1] - 1) < 1e-15
                            for _, _, c in outcomes))
        self.assertEqual(e.chance_values(e.action_id("roll")), outcomes)

    def test_an_outcome_played_has_its_value(self):
        e = self.roll_state()
        outcomes = e.chance_values("roll")
        for faces, _, chance in outcomes[::37]:
            c = e.clone()
            c.apply("roll", faces)
            if c.to_move() == e.to_move():   # not lost: a keep waits
                self.assertEqual(c.values()["chance"], chance, faces)

    def test_actions_without_outcomes(self):
        e = self.e
        self.assertEqual(e.chance_values(e.legal()[0]), [])   # a keep
        for _ in range(100):    # the largest keeps, rolling on, until a bank
            if "bank" in e.legal():
                break
            e.apply("roll" if "roll" in e.legal() else e.legal()[-1])
        self.assertIn("bank", e.legal())
        self.assertTrue(e.chance_outcomes("bank"))
        with self.assertRaises(ValueError) as cm:
            e.chance_values("bank")
        self.assertEqual(str(cm.exception), '"bank": the values of its '
                         'outcomes are not given (the roll is the next '
                         'turn\'s: ask values() after it)')


class TestNoValues(unittest.TestCase):
    def test_games_without_exact_values_say_why(self):
        cases = [
            (("rolit", 2), {}, "no exact values for rolit: only two-player "
             "bolo and bolo5 have them"),
            (("bolo", 3), {}, "no exact values for bolo with 3 players: "
             "only two-player games have them"),
            (("bolo5", 2), {"yahtzee_clause": "on"}, "no exact values for "
             "bolo5 with the Yahtzee clause: the tables are solved without "
             "it"),
        ]
        for args, options, message in cases:
            e = arena_env.env(*args, **options)
            e.reset(seed=1)
            for call in (e.values, lambda: e.chance_values(e.legal()[0])):
                with self.assertRaises(ValueError) as cm:
                    call()
                self.assertEqual(str(cm.exception), message)

    def test_tables_are_kept_in_the_folder_given(self):
        with tempfile.TemporaryDirectory() as folder:
            e = arena_env.env("bolo5", target=1500)
            e.reset(seed=2)
            first = e.values(tables=folder)
            self.assertTrue(first["how"].startswith(
                "exact: tables to 1500 solved now in "), first["how"])
            self.assertEqual(os.listdir(folder), ["bolo5-1500.values"])
            # another process reads them
            again = json.loads(subprocess.run(
                [sys.executable, "-c", "import json, sys, arena_env\n"
                 "e = arena_env.env('bolo5', target=1500)\n"
                 "e.reset(seed=2)\n"
                 "print(json.dumps(e.values(tables=sys.argv[1])))", folder],
                env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
                capture_output=True, text=True, check=True,
                timeout=60).stdout)
            self.assertEqual(again["how"], "exact: tables to 1500 read from "
                             + os.path.join(folder, "bolo5-1500.values"))
            self.assertEqual(again["chance"], first["chance"])


if __name__ == "__main__":
    sys.exit(unittest_tap.run(sys.modules[__name__]))
