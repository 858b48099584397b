#!/usr/bin/env python3
"""arena_env.env() keeps PettingZoo's AEC contract, for every game and
every number of players its rules allow: the project's own check of what
PettingZoo's documentation and its api_test and seed_test ask
(docs/ENVIRONMENT.md), written for these games, plus the fixed action ids and observations
that tell every two different views apart, and gym_env(), the
single-agent environment.

For each form: the spaces (one object per agent, the same each call; an
observation and a mask they contain; Discrete(n) of the table's size),
the mask against legal_ids() and legal() (action_json of each id is the
legal action), rewards cleared each step so that summing them after every
step counts each game's reward once, last()'s reward the sum since the
agent last acted, the dicts' keys the live agents after every step, one
dead step (None) per agent at the end and none before, and a seeded game
with seeded action spaces played the same twice.  When pettingzoo and
gymnasium are importable, PettingZoo's own api_test and seed_test run on
each form too (skipped, with the reason, when they are not), and so does
Gymnasium's check_env on gym_env().  Prints TAP.
"""

import json
import math
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import env_paths  # noqa: E402,F401  (in tests/tools; sets the path)
import unittest_tap  # noqa: E402  (in tests/tools)
import arena_env  # noqa: E402

try:
    import pettingzoo
    from pettingzoo.test import api_test, seed_test
    WHY_NOT_PETTINGZOO = None
except ImportError as error:
    pettingzoo = None
    WHY_NOT_PETTINGZOO = "pettingzoo is not importable (%s): its own " \
        "api_test and seed_test are not run" % error

try:
    import gymnasium
    from gymnasium.utils.env_checker import check_env
    WHY_NOT_GYMNASIUM = None
except ImportError as error:
    gymnasium = None
    WHY_NOT_GYMNASIUM = "gymnasium is not importable (%s): its own " \
        "check_env is not run" % error

# Every game with every number of players its rules allow.
FORMS = [(g, p) for g in ("bolo", "bolo5", "volle-lotte")
         for p in range(2, 9)] + \
    [("rolit", p) for p in (2, 3, 4)] + [("black-pot", p) for p in (2, 4)]
# The size of each game's table of ids (docs/ENVIRONMENT.md): the dice
# games' keeps of 1 to 7, 5 and 6 dice and their words; Rolit's squares;
# Black-Pot's sets of 0 to 3 of its 109 cells.
TABLE = {"bolo": 1715 + 2, "bolo5": 461 + 3, "volle-lotte": 923 + 3,
         "rolit": 64, "black-pot": 215930}
# The games whose every id names one action in any state.
EVERY_ID = ("bolo", "bolo5", "volle-lotte", "rolit")
# Black-Pot's board in board order, row 1 first (docs/games/black-pot.md,
# "Move ids"): rows 1 and 11 are C to I, rows 2 and 10 B to J.
BOARD = [c + str(r) for r in range(1, 12) for c in "ABCDEFGHIJK"
         if not (r in (1, 11) and c in "ABJK" or r in (2, 10) and c in "AK")]


def black_pot_id(cells):
    """The move id of a set of cells, by the documented formulas: i < j
    < k their places in BOARD, 0 for none, 1 + i, 110 + j(j-1)/2 + i,
    5996 + k(k-1)(k-2)/6 + j(j-1)/2 + i."""
    places = sorted(BOARD.index(c) for c in cells)
    first = [0, 1, 110, 5996][len(places)]
    return first + sum(math.comb(p, m + 1) for m, p in enumerate(places))


def set_ids(mask):
    """The ids a mask sets: numpy's own loop for an array (Python's, over
    Black-Pot's 215,930 entries a step, took most of this file's time)."""
    if hasattr(mask, "nonzero"):
        return mask.nonzero()[0].tolist()
    return [i for i, m in enumerate(mask) if m]


def rewards_by_rank(ranks):
    n = len(ranks)
    return [(sum(r > mine for r in ranks) - sum(r < mine for r in ranks))
            / (n - 1) for mine in ranks]


class Contract(unittest.TestCase):
    def check_spaces(self, e, obs):
        for agent in e.possible_agents:
            space = e.observation_space(agent)
            self.assertIs(space, e.observation_space(agent))
            self.assertIs(e.action_space(agent), e.action_space(agent))
            self.assertTrue(space.contains(obs), obs)
        n = e.action_space(e.possible_agents[0]).n
        self.assertEqual(len(obs["action_mask"]), n)
        if e.game_name in TABLE:
            self.assertEqual(n, TABLE[e.game_name])

    def check_mask(self, e, obs):
        """The mask's ids are legal_ids(), ascending, the ids of legal()'s
        actions, each of which action_json() names."""
        ids = e.legal_ids()
        self.assertEqual(set_ids(obs["action_mask"]), ids)
        named = {e.action_id(a): a for a in e.legal()}
        self.assertEqual(sorted(named), ids)
        self.assertEqual([e.action_json(i) for i in ids],
                         [named[i] for i in ids])

    def play(self, e, rng_seed):
        """One game: checks every step; returns the summed rewards."""
        e.reset(seed=rng_seed)
        self.assertEqual(e.agents, e.possible_agents)
        self.assertFalse(any(e.terminations.values()))
        summed = dict.fromkeys(e.agents, 0.0)
        since = dict.fromkeys(e.agents, 0.0)   # rewards since it acted
        dead, steps = [], 0
        for agent in e.agent_iter():
            obs, reward, done, truncated, info = e.last()
            self.assertEqual(reward, since[agent])
            self.assertEqual((done, truncated, info),
                             (e.terminations[agent], e.truncations[agent],
                              e.infos[agent]))
            self.assertFalse(truncated)
            if steps == 0:
                self.check_spaces(e, obs)
            self.assertTrue(e.observation_space(agent).contains(obs))
            if done:
                self.assertEqual(e.to_move(), -1)
                with self.assertRaises(ValueError):
                    e.step(0)
                dead.append(agent)
                action = None
            else:
                self.assertEqual(e.to_move(), e.possible_agents.index(agent))
                self.check_mask(e, obs)
                action = e.action_space(agent).sample(obs["action_mask"])
                self.assertEqual(obs["action_mask"][action], 1)
            since[agent] = 0.0
            e.step(action)
            steps += 1
            for a, r in e.rewards.items():
                summed[a] += r
                since[a] += r
            for table in (e.rewards, e.terminations, e.truncations,
                          e.infos):
                self.assertEqual(set(table), set(e.agents))
            self.assertEqual(e.num_agents, len(e.agents))
        self.assertEqual(sorted(dead), sorted(e.possible_agents))
        self.assertEqual(e.agents, [])
        return summed

    def test_every_game_and_number_of_players(self):
        for game, players in FORMS:
            with self.subTest(game=game, players=players):
                e = arena_env.env(game, players)
                if pettingzoo is not None:
                    self.assertIsInstance(e, pettingzoo.AECEnv)
                for k in range(2):
                    summed = self.play(e, 100 + k)
                    expected = rewards_by_rank(e.result()[0])
                    self.assertEqual([summed[a] for a in e.possible_agents],
                                     expected)

    def test_a_live_agent_needs_an_action(self):
        e = arena_env.env("bolo")
        e.reset(seed=1)
        with self.assertRaises(ValueError) as cm:
            e.step(None)
        self.assertEqual(str(cm.exception), "%s is to move: step() takes one"
                         " of its legal ids (the mask's), not None"
                         % e.agent_selection)

    def test_an_info_is_of_its_own_turn(self):
        """info["turn"] is made when first read: an info kept past step()
        and read then refuses rather than give a later turn."""
        e = arena_env.env("rolit")
        e.reset(seed=2)
        read, seat = e.last()[4], e.to_move()
        turn = read["turn"]
        e.step(e.legal_ids()[0])
        self.assertEqual(read["turn"], turn)
        self.assertEqual(turn["seat"], seat)
        kept = e.last()[4]
        e.step(e.legal_ids()[0])
        with self.assertRaises(RuntimeError) as cm:
            kept["turn"]
        self.assertEqual(str(cm.exception), "this info is of a turn played "
                         "since: its \"turn\" is made when first read, so "
                         "read it before step()")
        kept = e.last()[4]          # the next game's, reset in place
        e.reset()
        with self.assertRaises(RuntimeError):
            kept["turn"]
        self.assertEqual(e.last()[4]["turn"]["seat"], e.to_move())

    def test_seeded_games_and_spaces_play_the_same(self):
        for game, players in [("bolo5", 3), ("rolit", 4), ("volle-lotte", 2),
                              ("black-pot", 2)]:
            runs = []
            for _ in range(2):
                e = arena_env.env(game, players)
                e.reset(seed=42)
                for i, agent in enumerate(e.agents):
                    e.action_space(agent).seed(42 + i)
                moves = []
                for agent in e.agent_iter():
                    obs, _, done, _, _ = e.last()
                    a = None if done else \
                        e.action_space(agent).sample(obs["action_mask"])
                    moves.append((agent, a, list(obs["observation"])))
                    e.step(a)
                runs.append(moves)
            self.assertEqual(runs[0], runs[1])

    def test_every_id_of_a_table_names_one_action(self):
        for game in EVERY_ID:
            e = arena_env.env(game)
            e.reset(seed=1)
            actions = [e.action_json(i) for i in range(TABLE[game])]
            self.assertEqual(len({json.dumps(a) for a in actions}),
                             TABLE[game])
            for i, a in enumerate(actions):
                self.assertEqual(e.action_id(a), i)
        e = arena_env.env("rolit", size=6)
        e.reset(seed=1)
        self.assertEqual(e.action_space("player_0").n, 36)
        self.assertEqual([e.action_json(i) for i in (0, 5, 6, 35)],
                         ["A1", "F1", "A2", "F6"])
        e = arena_env.env("bolo")
        e.reset(seed=1)
        self.assertEqual([e.action_json(i) for i in (0, 5, 6, 7, 26, 1715,
                                                     1716)],
                         [{"keep": [1]}, {"keep": [6]}, {"keep": [1, 1]},
                          {"keep": [1, 2]}, {"keep": [6, 6]},
                          "bank", "roll"])
        with self.assertRaises(ValueError) as cm:
            e.action_json(1717)
        self.assertEqual(str(cm.exception), "bolo has no action of id 1717 "
                         "now: its ids are 0 to 1716, and a game without a "
                         "table of every action (Black-Pot) names its legal "
                         "ones only")
        with self.assertRaises(ValueError) as cm:
            e.action_id({"keep": [7]})
        self.assertEqual(str(cm.exception), '{"keep":[7]} is not an action '
                         "of bolo's table of ids")

    def test_black_pot_ids_are_its_move_ids(self):
        """Black-Pot's ids are its rules' move ids, one for each set of
        cells, whatever the expression: the mask and legal_ids() give
        them for every legal move of random games; action_id() takes any
        expression of the roll naming the same cells; action_json() names
        the legal ones only; step(id) fills the id's cells."""
        self.assertEqual((len(BOARD), BOARD[0], BOARD[14], BOARD[108]),
                         (109, "C1", "I2", "I11"))
        self.assertEqual((black_pot_id(["C1", "I2"]),
                          black_pot_id(["C1", "I2", "I4"])), (201, 12632))
        for players in (2, 4):
            e = arena_env.env("black-pot", players)
            self.assertEqual(e.action_space("player_0").n, 215930)

            def turn(agent, obs, info):
                legal, ids = e.legal(), e.legal_ids()
                self.assertEqual(ids, sorted(black_pot_id(a["cells"])
                                             for a in legal))
                self.assertEqual([i for i in ids if obs["action_mask"][i]],
                                 ids)
                self.assertEqual(sum(obs["action_mask"]), len(ids))
                k = len(e.facts()["actions"]) % len(ids)
                mark = "XO"[info["turn"]["state"]["you"]]
                e.step(black_pot_id(legal[k]["cells"]))
                self.assertEqual(e.facts()["actions"][-1], legal[k])
                board = json.loads(e.render())["board"]
                for cell in legal[k]["cells"]:
                    self.assertEqual(board[int(cell[1:]) - 1][
                        "ABCDEFGHIJK".index(cell[0])], mark)
            self.assertGreater(play_black_pot(e, (30, 31), turn), 100)

    def test_black_pot_names_actions_by_their_cells(self):
        e = arena_env.env("black-pot", draws="keyed")   # the roll below
        e.reset(seed=3)
        self.assertEqual(e.infos["player_0"]["turn"]["state"]["roll"],
                         [5, 6, 6])
        self.assertEqual(e.legal()[:2], [{"expr": "5-(6+6)", "cells": []},
                                         {"expr": "5-6,6", "cells": ["C1"]}])
        # the same moves by other expressions of the roll: C1 is 6
        self.assertEqual(e.action_id({"expr": "6-5-6", "cells": []}), 0)
        self.assertEqual(e.action_id({"expr": "6*(6-5)", "cells": ["C1"]}),
                         1)
        for action, why in [
                ({"expr": "5+6+6", "cells": ["C1"]},
                 'C1 is numbered 6, not 17 (group 1 of "5+6+6")'),
                ({"expr": "5+6+6", "cells": ["A1"]},
                 "A1 is off the board (the corners lose 3 cells each)"),
                ("C1", 'the action must be an object {"expr": "6+4-2", '
                 '"cells": ["C5"]}')]:
            with self.assertRaises(ValueError) as cm:
                e.action_id(action)
            self.assertEqual(str(cm.exception), why)
        legal = set(e.legal_ids())
        not_legal = next(i for i in range(215930) if i not in legal)
        with self.assertRaises(ValueError) as cm:
            e.action_json(not_legal)
        self.assertEqual(str(cm.exception), "black-pot has no action of id "
                         "%d now: its ids are 0 to 215929, and a game "
                         "without a table of every action (Black-Pot) "
                         "names its legal ones only" % not_legal)
        with self.assertRaises(ValueError) as cm:
            e.step(not_legal)
        self.assertEqual(str(cm.exception), "action %d is not legal now: "
                         "the mask and legal_ids() give the %d legal ones"
                         % (not_legal, len(legal)))


class CompleteObservations(unittest.TestCase):
    """Two turns whose views differ (anything the rules read that the
    seat may see: the `state` of its turn) never give one observation:
    every observation seen in random games stands for one view only."""

    def test_black_pot_observation_is_its_view(self):
        for players in (2, 4):
            e = arena_env.env("black-pot", players)
            self.assertEqual(e.observation_size(), 858 + players)
            lines = []

            def turn(agent, obs, info):
                seat = e.possible_agents.index(agent)
                want = black_pot_numbers(info["turn"]["state"], seat,
                                         players)
                got = list(obs["observation"])
                self.assertIn(got[857], range(players))   # first seat
                want[857] = got[857]
                self.assertEqual(got, want)
                lines.append(len(info["turn"]["state"]["lines"]))
                e.step(e.legal_ids()[-1])   # the most pawns, in lines
            turns = play_black_pot(e, (50, 51, 52), turn)
            self.assertGreater(turns, 50)
            self.assertGreater(max(lines), 0)

    def test_no_two_views_share_an_observation(self):
        forms = [("bolo", 2, {}), ("bolo", 3, {"target": 2000}),
                 ("bolo5", 2, {}), ("bolo5", 3, {"target": 2000}),
                 ("volle-lotte", 2, {}), ("volle-lotte", 4, {}),
                 ("rolit", 2, {}), ("rolit", 3, {}), ("rolit", 4, {}),
                 ("rolit", 2, {"size": 4}),
                 ("black-pot", 2, {}), ("black-pot", 4, {})]
        for game, players, options in forms:
            with self.subTest(game=game, players=players, options=options):
                e = arena_env.env(game, players, **options)
                seen, turns = {}, 0
                for k in range(3 if game == "black-pot" else 12):
                    e.reset(seed=7 + k)
                    for agent in e.agent_iter():
                        obs, _, done, _, info = e.last()
                        if done:
                            e.step(None)
                            continue
                        view = json.dumps(info["turn"]["state"],
                                          sort_keys=True)
                        key = (agent, tuple(obs["observation"]))
                        self.assertEqual(seen.setdefault(key, view), view)
                        turns += 1
                        e.step(e.action_space(agent).sample(
                            obs["action_mask"]))
                self.assertGreater(turns, 100)


def play_black_pot(e, seeds, turn):
    """Plays e's game of each seed, turn(agent, obs, info) stepping each
    live turn and the loop each dead one; returns how many live turns."""
    turns = 0
    for seed in seeds:
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, done, _, info = e.last()
            if done:
                e.step(None)
            else:
                turn(agent, obs, info)
                turns += 1
    return turns


def black_pot_numbers(view, seat, players):
    """Black-Pot's observation of the seat to move from its view, as
    docs/ENVIRONMENT.md lays it out, but for the roll's first seat (not in
    the view: None)."""
    you, cells = view["you"], 121
    marks = "".join(view["board"])
    out = [n for row in view["numbers"] for n in row]
    out += [float(m == "XO"[you]) for m in marks]
    out += [float(m == "XO"[1 - you]) for m in marks]
    scored = [0.0] * (4 * cells)
    for line in view["lines"]:
        at = [(int(c[1:]) - 1) * 11 + "ABCDEFGHIJK".index(c[0])
              for c in line["cells"]]
        step = {1: 0, 11: 1, 12: 2, 10: 3}[at[1] - at[0]]
        for a in at:
            scored[step * cells + a] = 1.0
    out += scored + view["roll"] + [view["rolls"], view["max_rolls"]]
    out += [view["pawns"][you], view["pawns"][1 - you],
            view["points"][you], view["points"][1 - you]]
    out += [(view["to_move"] - seat) % players, None]
    return out + [float((seat + i) % players in view["forfeited"])
                  for i in range(players)]


def first_legal(turn):
    return turn["legal"][0]


def last_legal(turn):
    return turn["legal"][-1]


class GymEnv(unittest.TestCase):
    def test_the_learner_rotates_seats_and_is_rewarded_at_the_end(self):
        g = arena_env.gym_env("rolit", [first_legal, last_legal])
        seats = []
        for k in range(4):
            obs, info = g.reset(seed=5) if k == 0 else g.reset()
            seats.append(info["seat"])
            self.assertEqual(g.env.to_move(), info["seat"])
            done, steps = False, 0
            while not done:
                self.assertEqual(reward if steps else 0.0, 0.0)
                ids = set_ids(obs["action_mask"])
                self.assertEqual(sorted(g.env.legal_ids()), ids)
                obs, reward, done, truncated, info = g.step(ids[0])
                self.assertFalse(truncated)
                steps += 1
            ranks = g.env.result()[0]
            mine = ranks[info["seat"]]
            self.assertEqual(reward, (sum(r > mine for r in ranks) -
                                      sum(r < mine for r in ranks)) / 2)
            with self.assertRaises(ValueError) as cm:
                g.step(ids[0])
            self.assertEqual(str(cm.exception), "the episode is over: "
                             "reset() starts the next")
        self.assertEqual(seats, [0, 1, 2, 0])
        self.assertEqual(g.action_space.n, 64)

    def test_an_illegal_id_ends_the_episode_as_a_forfeit(self):
        g = arena_env.gym_env("bolo", [first_legal])
        obs, info = g.reset(seed=1)
        illegal = [i for i, m in enumerate(obs["action_mask"]) if not m][0]
        obs, reward, done, truncated, info = g.step(illegal)
        self.assertEqual((reward, done, truncated), (-1.0, True, False))
        self.assertEqual(info["illegal"], "action %d is not legal now: the "
                         "episode ends as a forfeit, reward -1" % illegal)

    def test_opponents_are_callables(self):
        with self.assertRaises(ValueError) as cm:
            arena_env.gym_env("bolo", ["bots/random-bot"])
        self.assertEqual(str(cm.exception), "opponent 0 is 'bots/random-bot'"
                         ": gym_env's opponents are callables of the turn "
                         "message (a bot's command line is not run in "
                         "process; arena_env.run() plays bot programs)")

    @unittest.skipIf(gymnasium is None, WHY_NOT_GYMNASIUM or "")
    def test_gymnasiums_own_check_env_passes(self):
        print("# running Gymnasium %s's own check_env"
              % gymnasium.__version__)
        for game, opponents in [("bolo", 1), ("bolo5", 2),
                                ("volle-lotte", 3), ("rolit", 3),
                                ("black-pot", 1), ("black-pot", 3)]:
            with self.subTest(game=game, opponents=opponents):
                g = arena_env.gym_env(game, [first_legal] * opponents)
                self.assertIsInstance(g, gymnasium.Env)
                check_env(g)


@unittest.skipIf(pettingzoo is None, WHY_NOT_PETTINGZOO or "")
class PettingZooOwnTests(unittest.TestCase):
    def test_api_test_and_seed_test_pass_on_every_form(self):
        print("# running PettingZoo %s's own api_test and seed_test"
              % pettingzoo.__version__)
        for game, players in FORMS:
            with self.subTest(game=game, players=players):
                api_test(arena_env.env(game, players), num_cycles=200)
                seed_test(lambda: arena_env.env(game, players),
                          num_cycles=100)


if __name__ == "__main__":
    sys.exit(unittest_tap.run(sys.modules[__name__]))
