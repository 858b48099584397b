#!/usr/bin/env python3
"""OpenSpiel's basic tests (open_spiel/tests/basic_tests.cc, its random
simulation) on arena_env.env(game, chance="explicit"), every game and
2, 3 and 4 players where its rules allow them.

Random games, chance played by sampling its outcomes by their
probabilities in some and by choosing them (uniformly among the ids) in
others; at every state: the legal ids
are the mask's, exactly, and ascending (OpenSpiel lists legal actions
sorted), in every game; at a chance node the outcomes are listed exhaustively, the
chance agent's legal ids, each 0 < p <= 1, summing to 1 within 1e-5; the
returns are within the declared bounds (-1 to 1) and equal the rewards
summed over the game; and, at basic_tests.cc's points (the first 10
steps, then steps 2^k; the clone every 13th step too): a clone is the
same game (its serialization, view, agent to move, legal ids, chance
outcomes and observations), goes on apart and takes the step to the
same game as the original; serialize() and Env.deserialize() give the
same game back; each outcome of a chance node of 56 or fewer leads to a
game that goes on (its children).  Then the exact chance nodes of chosen states:
bolo's 7 dice, Black-Pot's dice one at a time, a shuffled deck, who
starts.  PettingZoo's own api_test and seed_test run on the explicit
chance env where pettingzoo is importable, and Gymnasium's check_env on
gym_env(chance="explicit"), whose chance is drawn by its probabilities,
where gymnasium is (skipped, saying why, where not).  Prints TAP.
"""

import itertools
import math
import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import env_paths  # noqa: E402,F401  (in tests/tools; sets the path)
import unittest_tap  # noqa: E402  (in tests/tools)
import arena_env  # noqa: E402

try:
    from gymnasium.utils.env_checker import check_env
    WHY_NOT_GYMNASIUM = None
except ImportError as error:
    WHY_NOT_GYMNASIUM = "gymnasium is not importable (%s): its own " \
        "check_env is not run" % error

try:
    from pettingzoo.test import api_test, seed_test
    WHY_NOT_PETTINGZOO = None
except ImportError as error:
    WHY_NOT_PETTINGZOO = "pettingzoo is not importable (%s): its own " \
        "api_test and seed_test are not run" % error

FORMS = [(g, p, {}) for g in ("bolo", "bolo5", "volle-lotte", "rolit")
         for p in (2, 3, 4)] + \
    [("black-pot", 2, {}), ("black-pot", 4, {}),
     ("black-pot", 2, {"layout": "random"}), ("rolit", 2, {"first": "random"}),
     ("bolo", 2, {"target": 2000})]
# Short games for the dice games, so that every form plays a few.
SHORT = {"bolo": {"target": 2000}, "bolo5": {"target": 2000},
         "volle-lotte": {"target": 2000}}


def mask_ids(mask):
    """The ids a mask sets (in C: Black-Pot's masks are 215,930 long)."""
    return arena_env._core.mask_ids(bytes(mask))


class BasicTests(unittest.TestCase):
    """The random simulation of basic_tests.cc, on every form."""

    def check_chance_node(self, e):
        outcomes = e.chance_outcomes()
        self.assertTrue(outcomes)
        ids = [i for i, _ in outcomes]
        self.assertEqual(ids, list(range(len(ids))))
        self.assertEqual(ids, e.legal_ids())
        for _, p in outcomes:
            self.assertTrue(0 < p <= 1, p)
        self.assertAlmostEqual(math.fsum(p for _, p in outcomes), 1,
                               delta=1e-5)
        return outcomes

    def check_legal(self, e):
        agent = e.agent_selection
        ids = e.legal_ids()
        self.assertTrue(ids)
        self.assertEqual(len(set(ids)), len(ids))
        self.assertEqual(ids, sorted(ids))
        for other in e.agents:
            obs = e.observe(other)
            self.assertEqual(mask_ids(obs["action_mask"]),
                             ids if other == agent else [])
            self.assertIn(obs, e.observation_space(other))

    def same_game(self, a, b):
        self.assertEqual(a.serialize(), b.serialize())
        self.assertEqual(a.render(), b.render())
        self.assertEqual(a.agent_selection, b.agent_selection)
        self.assertEqual(a.legal_ids(), b.legal_ids())
        self.assertEqual(a.chance_outcomes(), b.chance_outcomes())
        for agent in a.agents:
            self.assertEqual(list(a.observe(agent)["observation"]),
                             list(b.observe(agent)["observation"]))

    def check_clone(self, e, action):
        """A clone is the same game, goes on apart, and takes the same
        action to the same game (ApplyActionTestClone)."""
        copy, other = e.clone(), e.clone()
        self.same_game(e, copy)
        before = e.serialize()
        copy.step(action)
        self.assertEqual(e.serialize(), before)
        other.step(action)
        self.same_game(copy, other)

    def check_children(self, e):
        """Each outcome of a chance node (of a few) leads on to a game
        with an agent to move or over: the node's children."""
        for i, _ in e.chance_outcomes():
            child = e.clone()
            child.step(i)
            self.assertTrue(child.legal_ids() or child.to_move() < 0)
            self.assertEqual(child.facts()["actions"][-1], {"chance": i})

    def play(self, game, players, options, seed, sample):
        rng = random.Random(seed)
        e = arena_env.env(game, players, chance="explicit", **options)
        e.reset(seed=seed)
        summed = dict.fromkeys(e.possible_agents, 0.0)
        step = 0
        for agent in e.agent_iter():
            obs, reward, done, truncated, info = e.last()
            if done:
                e.step(None)
                continue
            # basic_tests.cc's schedule: the first 10 steps, then 2^k
            often = step < 10 or step & (step - 1) == 0
            if agent == "chance":
                outcomes = self.check_chance_node(e)
                if often and len(outcomes) <= 56:
                    self.check_children(e)
                ids, weights = zip(*outcomes)
                action = rng.choices(ids, weights)[0] if sample \
                    else rng.choice(ids)
            else:
                self.assertEqual(e.chance_outcomes(), [])
                action = rng.choice(e.legal_ids())
            self.check_legal(e)
            if often or step % 13 == 0:
                self.check_clone(e, action)
            if often:
                self.same_game(e, arena_env.Env.deserialize(e.serialize()))
            e.step(action)
            step += 1
            self.assertEqual(len(e.facts()["actions"]), step)
            for a, r in e.rewards.items():
                summed[a] += r
        ranks, _ = e.result()
        for seat, agent in enumerate(e.possible_agents[:players]):
            self.assertTrue(-1 <= summed[agent] <= 1)
            expected = sum((ranks[j] > ranks[seat]) - (ranks[j] < ranks[seat])
                           for j in range(players)) / (players - 1)
            self.assertEqual(summed[agent], expected)
        self.assertEqual(summed["chance"], 0.0)

    def test_random_simulation_of_every_form(self):
        for n, (game, players, options) in enumerate(FORMS):
            opts = dict(SHORT.get(game, {}), **options)
            # Black-Pot's long games once a form, sampled or chosen
            for seed in [n % 2] if game == "black-pot" else range(2):
                with self.subTest(game=game, players=players, seed=seed,
                                  **opts):
                    self.play(game, players, opts, seed, sample=seed == 0)


class ExactChance(unittest.TestCase):
    """Exact probabilities of exact states, and outcomes that show."""

    def test_bolos_seven_dice_have_792_outcomes(self):
        e = arena_env.env("bolo", chance="explicit")
        e.reset(seed=1)
        self.assertEqual(e.chance_outcomes(), [(0, 0.5), (1, 0.5)])
        e.step(1)                          # who starts: seat 1
        outcomes = e.chance_outcomes()
        self.assertEqual(len(outcomes), 792)
        self.assertAlmostEqual(math.fsum(p for _, p in outcomes), 1,
                               delta=1e-15)
        rolls = list(itertools.combinations_with_replacement(range(1, 7),
                                                             7))
        for (i, p), faces in zip(outcomes, rolls):
            ways = math.factorial(7)
            for face in set(faces):
                ways //= math.factorial(faces.count(face))
            self.assertEqual(p, ways / 6 ** 7)
        i = rolls.index((1, 2, 2, 3, 5, 5, 6))
        e.step(i)
        self.assertEqual(e.agent_selection, "player_1")
        self.assertEqual(e.legal()[0], {"keep": [1]})
        view = e.last()[4]["turn"]["state"]
        self.assertEqual(view["roll"], [1, 2, 2, 3, 5, 5, 6])

    def test_black_pots_dice_are_dealt_one_at_a_time(self):
        e = arena_env.env("black-pot", chance="explicit", first="seat0")
        e.reset(seed=1)
        for face in (6, 1, 4):
            self.assertEqual(e.chance_outcomes(),
                             [(i, 1 / 6) for i in range(6)])
            e.step(face - 1)
        self.assertEqual(e.last()[4]["turn"]["state"]["roll"], [6, 1, 4])

    def test_a_shuffle_is_one_node_a_card(self):
        e = arena_env.env("black-pot", chance="explicit", layout="random",
                          first="seat0")
        e.reset(seed=1)
        for cards in range(109, 1, -1):
            outcomes = e.chance_outcomes()
            self.assertEqual(outcomes, [(i, 1 / cards) for i in range(cards)])
            e.step(0)
        self.assertEqual(len(e.chance_outcomes()), 6)   # then the dice

    def test_volle_lottes_cards_one_at_a_time_after_who_starts(self):
        e = arena_env.env("volle-lotte", 3, chance="explicit", first="random")
        e.reset(seed=1)
        self.assertEqual(e.chance_outcomes(), [(i, 1 / 3) for i in range(3)])
        e.step(2)
        self.assertEqual(e.facts()["first_seat"], 0)     # not begun yet
        # its first card: the u-th of the 56, in their numbers' order
        self.assertEqual(e.chance_outcomes(),
                         [(i, 1 / 56) for i in range(56)])
        e.step(20)                                       # card 20
        self.assertEqual(len(e.chance_outcomes()), 462)  # then its 6 dice
        e.step(461)
        self.assertEqual(e.facts()["first_seat"], 2)
        view = e.last()[4]["turn"]["state"]
        self.assertEqual((view["card"], view["roll"]),
                         ("bonus-300", [6] * 6))
        for _ in range(1000):            # on to the next card: 55 left
            if len(e.chance_outcomes()) == 55:
                break
            e.step(0 if e.agent_selection == "chance" else e.legal_ids()[-1])
        self.assertEqual(e.chance_outcomes(),
                         [(i, 1 / 55) for i in range(55)])

    def test_an_outcome_that_is_none_is_refused(self):
        e = arena_env.env("rolit", chance="explicit", first="random")
        e.reset(seed=1)
        with self.assertRaises(ValueError):
            e.step(2)
        with self.assertRaises(ValueError):
            e.apply({"chance": 5})
        e.apply({"chance": 1})
        self.assertEqual(e.agent_selection, "player_1")
        self.assertEqual(e.chance_outcomes(), [])

    def test_no_log_of_chosen_draws(self):
        """(A fast game's refusal: env_test.py, TestSeeds.)"""
        e = arena_env.env("rolit", chance="explicit")
        e.reset(seed=1)
        while e.to_move() >= 0:
            e.step(e.legal_ids()[0])
        with self.assertRaises(ValueError) as cm:
            e.save_log(os.path.join(HERE, "never-written.jsonl"))
        self.assertEqual(str(cm.exception), "the game's draws were chosen "
                         "(explicit chance), not the seed's keyed draws: "
                         "no log of it would verify")

    def test_fast_draws_are_seeded(self):
        a, b = (arena_env.env("bolo", draws="fast") for _ in range(2))
        a.reset(seed=5)
        b.reset(seed=5)
        self.assertEqual(a.render(), b.render())
        e = arena_env.Env.deserialize(a.serialize())
        self.assertEqual(e.render(), a.render())

    @unittest.skipIf(WHY_NOT_PETTINGZOO, WHY_NOT_PETTINGZOO)
    def test_pettingzoos_own_tests_pass_with_explicit_chance(self):
        for game, players, options in FORMS:
            with self.subTest(game=game, players=players):
                api_test(arena_env.env(game, players, chance="explicit",
                                       **options), num_cycles=200)
                seed_test(lambda: arena_env.env(game, players,
                                                chance="explicit",
                                                **options), num_cycles=10)


class GymWithExplicitChance(unittest.TestCase):
    """gym_env() draws explicit chance by its probabilities, seeded."""

    def play(self, seed):
        g = arena_env.gym_env("bolo", [lambda turn: turn["legal"][-1]],
                              chance="explicit", target=2000)
        obs, info = g.reset(seed=seed)
        rolls, done = [], False
        while not done:
            rolls.append(g.env.last()[4]["turn"]["state"]["roll"])
            obs, reward, done, truncated, info = g.step(g.env.legal_ids()[0])
        return rolls, reward

    def test_a_seed_plays_the_same_game(self):
        self.assertEqual(self.play(3), self.play(3))

    @unittest.skipIf(WHY_NOT_GYMNASIUM, WHY_NOT_GYMNASIUM)
    def test_gymnasiums_own_check_env_passes(self):
        for game, players in (("bolo", 2), ("volle-lotte", 3),
                              ("black-pot", 2)):
            with self.subTest(game=game):
                check_env(arena_env.gym_env(
                    game, [lambda turn: turn["legal"][0]] * (players - 1),
                    chance="explicit"))


if __name__ == "__main__":
    sys.exit(unittest_tap.run(sys.modules[__name__]))
