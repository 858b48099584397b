#!/usr/bin/env python3
"""Tests of arena_env (sdk/python/arena_env), the games as environments.

The examples of docs/ENVIRONMENT.md print what it shows; the AEC API
(agents, agent_iter, last, step, observe, masks, rewards, the end of a
game), seeds, errors with the rules' own messages, clone and
serialize, vector() against env() game for game, run() in process and
through the referee, arena_bot.run() of a callable, and the example that
learns (bots/examples/learn_bolo5.py): its policy in numpy is its policy
as a bot, and one tiny generation of training makes a bot that plays.  That the games
are the referee's, move for move, is tests/e2e/env_referee.sh.  Run as a
script it prints TAP, one line per test, for automake's driver.
"""

import contextlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from env_paths import TOP_BUILD, optional  # noqa: E402  (in tests/tools; sets the path)
import unittest_tap  # noqa: E402  (in tests/tools)
import arena_bot  # noqa: E402
import arena_env  # noqa: E402
from arena_env._core import mask_ids  # noqa: E402

numpy = optional("numpy")


def play_out(e, choose=None):
    """Plays e to its end with choose (default: the first legal id);
    returns the agents in turn order and each agent's rewards summed
    over every step, as a training loop sums them."""
    order, totals = [], dict.fromkeys(e.agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, truncated, info = e.last()
        order.append(agent)
        e.step(None if done else choose(agent, obs, info) if choose
               else e.legal_ids()[0])
        for a, r in e.rewards.items():
            totals[a] += r
    return order, totals


def crc_choice(turn):
    """legal[crc32(the turn as the referee prints it) % len(legal)]."""
    line = json.dumps(turn, separators=(",", ":"))
    return turn["legal"][zlib.crc32(line.encode()) % len(turn["legal"])]


class TestAEC(unittest.TestCase):
    def test_a_game_of_bolo5_through_the_aec_loop(self):
        e = arena_env.env("bolo5")
        e.reset(seed=1)
        self.assertEqual(e.possible_agents, ["player_0", "player_1"])
        self.assertEqual(e.agents, ["player_0", "player_1"])
        obs, reward, done, truncated, info = e.last()
        self.assertEqual((reward, done, truncated), (0.0, False, False))
        self.assertEqual(len(obs["observation"]), 2 + 15 + 3 + 12)
        self.assertEqual(len(obs["action_mask"]), 461 + 3)
        self.assertEqual(e.action_space("player_0").n, 461 + 3)
        turn = info["turn"]
        self.assertEqual(turn["type"], "turn")
        self.assertEqual(e.agent_selection, "player_%d" % turn["seat"])
        self.assertEqual(turn["legal"], e.legal())
        self.assertEqual(list(obs["action_mask"]).count(1), len(turn["legal"]))
        self.assertEqual([i for i, m in enumerate(obs["action_mask"]) if m],
                         sorted(e.legal_ids()))
        self.assertEqual([e.action_json(i) for i in e.legal_ids()],
                         turn["legal"])
        self.assertEqual(json.loads(info["turn_line"]), turn)
        self.assertEqual(turn["time_left_ms"], 1000)
        view = turn["state"]
        you = view["you"]
        faces = lambda dice: [dice.count(f) for f in range(1, 7)]  # noqa: E731
        mine_first = lambda seats: [seats[you], seats[1 - you]]  # noqa: E731
        self.assertEqual(list(obs["observation"]), [
            view["scores"][you], view["scores"][1 - you],
            view["turn_total"], view["dice_left"]] + faces(view["roll"]) +
            faces(view["set_aside"]) + [view["target"], 1] +
            mine_first([s in view["forfeited"] for s in (0, 1)]) +
            mine_first(view["on_board"]) +
            [view["must_roll"], view["yahtzee_clause"]] +
            [f in view["triples"] for f in range(1, 7)] +
            [view["rerolled"], view["winner"]])
        mover = e.agent_selection
        other = [a for a in e.agents if a != mover][0]
        self.assertIsNone(e.infos[other]["turn"])
        self.assertEqual(list(e.observe(other)["action_mask"]).count(1), 0)
        order, totals = play_out(e, lambda a, o, i: e.action_space(a).sample(
            o["action_mask"]))
        self.assertEqual(e.agents, [])
        self.assertEqual(sorted(order[-2:]), ["player_0", "player_1"])
        self.assertEqual(sorted(totals.values()), [-1.0, 1.0])
        ranks, scores = e.result()
        winner = ranks.index(1)
        self.assertEqual(totals["player_%d" % winner], 1.0)
        self.assertGreaterEqual(scores[winner], 5000)

    def test_observations_are_numpy_arrays_or_lists(self):
        e = arena_env.env("rolit", 3)
        e.reset(seed=2)
        obs = e.last()[0]
        if numpy is None:
            self.assertIsInstance(obs["observation"], list)
            self.assertIsInstance(obs["action_mask"], list)
        else:
            self.assertEqual(obs["observation"].dtype, numpy.float32)
            self.assertEqual(obs["observation"].shape, (8 * 8 * 4,))
        # the seat's own colour is plane 0: it has the balls the view says
        turn = e.infos[e.agent_selection]["turn"]
        counts = turn["state"]["counts"]
        self.assertEqual(sum(obs["observation"][:64]),
                         counts[turn["state"]["you"]])

    def test_rewards_of_four_players_by_rank(self):
        e = arena_env.env("rolit", 4)
        e.reset(seed=3)
        totals = play_out(e)[1]
        ranks, _ = e.result()
        for seat, rank in enumerate(ranks):
            below = sum(r > rank for r in ranks)
            above = sum(r < rank for r in ranks)
            self.assertAlmostEqual(totals["player_%d" % seat],
                                   (below - above) / 3)

    def test_black_pot_two_against_two_rewards_partners_alike(self):
        e = arena_env.env("black-pot", 4)
        e.reset(seed=4)
        totals = play_out(e)[1]
        self.assertEqual(totals["player_0"], totals["player_2"])
        self.assertEqual(totals["player_1"], totals["player_3"])
        self.assertEqual(totals["player_0"], -totals["player_1"])

    def test_step_after_the_end_needs_none(self):
        e = arena_env.env("rolit", size=4)
        e.reset(seed=5)
        while e.to_move() >= 0:
            e.step(e.legal_ids()[0])
        with self.assertRaises(ValueError) as cm:
            e.step(0)
        self.assertEqual(str(cm.exception),
                         "the game is over: step(None) for %s"
                         % e.agent_selection)


class TestDocExamples(unittest.TestCase):
    def test_the_examples_print_what_the_doc_shows(self):
        """Each Python example of docs/ENVIRONMENT.md whose print lines show
        their output in a comment ("print(x)   # output") prints that, with
        our own spaces; Gymnasium's, used when it is importable, draw other
        samples from the same seed: the examples then print as many
        lines."""
        doc = os.path.join(HERE, "..", "..", "docs", "ENVIRONMENT.md")
        with open(doc, encoding="utf-8") as f:
            blocks = f.read().split("```python\n")[1:]
        checked = 0
        for block in (b.split("```")[0] for b in blocks):
            shown = [line.split("  # ", 1)[1].strip()
                     for line in block.splitlines()
                     if line.startswith("print(") and "  # " in line]
            if not shown:
                continue
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(block, doc, "exec"), {})
            if arena_env.spaces.gymnasium is None:
                self.assertEqual(out.getvalue().splitlines(), shown)
            else:
                self.assertEqual(len(out.getvalue().splitlines()),
                                 len(shown))
            checked += 1
        self.assertGreaterEqual(checked, 1)


class TestSpaces(unittest.TestCase):
    def test_sample_draws_only_what_the_mask_allows(self):
        space = arena_env.OwnDiscrete(5, seed=1)
        masks = [[1, 1, 1, 0, 0], [0, 1, 0, 1, 0], [0, 0, 0, 0, 1],
                 [0, 2, 0, 1, 0]]
        for mask in masks:
            allowed = {i for i, m in enumerate(mask) if m}
            drawn = {space.sample(mask) for _ in range(200)}
            self.assertEqual(drawn, allowed)
            if numpy is not None:
                drawn = {space.sample(numpy.array(mask, numpy.int8))
                         for _ in range(200)}
                self.assertEqual(drawn, allowed)
        if numpy is not None:   # wider items, bools, a strided view
            for mask in (numpy.array([0, 1, 0, 1, 0], numpy.int64),
                         numpy.array([0, 1, 0, 1, 0], bool),
                         numpy.array([0, 0, 1, 0, 0, 0, 1, 0, 0, 0],
                                     numpy.int8)[::2]):
                self.assertEqual({space.sample(mask) for _ in range(200)},
                                 {1, 3})
        self.assertEqual({space.sample(bytearray([0, 0, 3, 0, 0]))
                          for _ in range(50)}, {2})
        # a long mask (Black-Pot's 215,930) read a word at a time in C
        long_mask = bytearray(215930)
        for i in (0, 7, 8, 9, 64, 1000, 215921, 215929):
            long_mask[i] = 1
        self.assertEqual(mask_ids(long_mask),
                         [0, 7, 8, 9, 64, 1000, 215921, 215929])
        self.assertEqual(mask_ids(bytes(13)), [])
        with self.assertRaisesRegex(TypeError, "^a mask of bytes, not of "
                                    "items of 4 bytes$"):
            mask_ids(memoryview(bytes(8)).cast("i"))
        self.assertEqual({space.sample() for _ in range(300)}, set(range(5)))
        self.assertEqual(space.sample([0] * 5), 0)   # as gymnasium's
        space.seed(7)
        drawn = [space.sample([1, 1, 0, 1, 1]) for _ in range(20)]
        space.seed(7)
        self.assertEqual([space.sample([1, 1, 0, 1, 1]) for _ in range(20)],
                         drawn)


class TestSeeds(unittest.TestCase):
    def test_seed_hex(self):
        self.assertEqual(arena_env.seed_hex(0), "00")
        self.assertEqual(arena_env.seed_hex(255), "ff")
        self.assertEqual(arena_env.seed_hex(256), "0100")
        self.assertEqual(arena_env.seed_hex(b"\x01\x02"), "0102")
        self.assertEqual(arena_env.seed_hex("abcd"), "abcd")
        with self.assertRaises(ValueError):
            arena_env.seed_hex(-1)

    def test_a_seed_deals_the_same_games_and_resets_go_on(self):
        a, b = arena_env.env("bolo"), arena_env.env("bolo")
        a.reset(seed=9)
        b.reset(seed=9)
        play_out(a)
        play_out(b)
        self.assertEqual(a.facts(), b.facts())
        self.assertEqual(a.facts()["number"], 1)
        a.reset()
        self.assertEqual(a.facts()["number"], 2)
        self.assertNotEqual(a.facts()["game_id"], b.facts()["game_id"])
        # game 1 of seed 00 is game-0001 of `referee play --seed 00`
        c = arena_env.env("bolo")
        c.reset(seed=0)
        self.assertEqual(c.facts()["game_id"],
                         "4352f3d4244e84e0388102af16b648c8")

    def test_fast_draws_are_the_default_and_keyed_ones_asked_for(self):
        """env() and vector() draw fast unless asked for draws="keyed"
        (the referee's, which a log needs)."""
        def views(**draws):
            e = arena_env.env("bolo", **draws)
            e.reset(seed=5)
            seen = []
            while e.to_move() >= 0 and len(seen) < 30:
                e.step(e.legal_ids()[-1])
                seen.append(e.render())
            return seen

        def observations(**draws):
            v = arena_env.vector("bolo", 4, seed=5, **draws)
            seen = []
            for _ in range(30):
                v.step([v.legal_ids[i][v.legal_counts[i] - 1]
                        for i in range(4)])
                seen.append([bytes(v.observations[i]) for i in range(4)])
            return seen

        self.assertEqual(arena_env.env("bolo").draws, "fast")
        self.assertEqual(views(), views(draws="fast"))
        self.assertNotEqual(views(), views(draws="keyed"))
        self.assertEqual(observations(), observations(draws="fast"))
        self.assertNotEqual(observations(), observations(draws="keyed"))
        e = arena_env.env("rolit")
        e.reset(seed=1)
        play_out(e)
        with self.assertRaises(ValueError) as cm:
            e.save_log(os.path.join(HERE, "never-written.jsonl"))
        self.assertEqual(str(cm.exception), 'the game\'s draws were drawn '
                         'fast (draws="fast", the default), not the seed\'s '
                         'keyed draws: no log of it would verify; play it '
                         'with draws="keyed" to save it')
        for make in (arena_env.env, lambda game, **draws:
                     arena_env.vector(game, 1, **draws)):
            with self.assertRaises(ValueError) as cm:
                make("bolo", draws="verifiable")
            self.assertEqual(str(cm.exception), 'draws is "fast" (the '
                             'default) or "keyed", not \'verifiable\'')

    def test_bad_seed(self):
        e = arena_env.env("bolo")
        with self.assertRaises(ValueError) as cm:
            e.reset(seed="XYZ")
        self.assertEqual(str(cm.exception), "the seed 'XYZ' is not 1 to "
                         "64 bytes in lowercase hex")


class TestErrors(unittest.TestCase):
    def check(self, message, *args, **kw):
        with self.assertRaises(ValueError) as cm:
            arena_env.env(*args, **kw)
        self.assertEqual(str(cm.exception), message)

    def test_bad_games_players_and_options(self):
        self.check("there is no game 'chess' (referee games lists them)",
                   "chess")
        self.check("rolit is played by 2 to 4 players, not 5", "rolit", 5)
        self.check("Black-Pot is for 2 players, or 4 in two teams, not 3",
                   "black-pot", 3)
        self.check("size must be 8, 6 or 4", "rolit", size=5)
        self.check("unknown option 'colour' for bolo (its options: "
                   "target, first)", "bolo", colour="red")

    def test_illegal_actions_get_the_rules_reasons(self):
        e = arena_env.env("rolit", draws="keyed")   # the legal moves below
        e.reset(seed=0)
        with self.assertRaises(ValueError) as cm:
            e.step(0)
        self.assertEqual(str(cm.exception), "action 0 is not legal now: the "
                         "mask and legal_ids() give the 3 legal ones")
        with self.assertRaises(ValueError) as cm:
            e.apply("Z9")
        self.assertEqual(str(cm.exception), "Z9 is off the 8x8 board "
                         "(A1 to H8)")
        self.assertEqual(e.legal(), ["F4", "D6", "F6"])


class TestCloneSerialize(unittest.TestCase):
    def test_clone_is_independent(self):
        e = arena_env.env("volle-lotte", 3)
        e.reset(seed=6)
        for _ in range(10):
            e.step(e.legal_ids()[0])
        before = e.serialize()
        line = e.infos[e.agent_selection]["turn_line"]
        c = e.clone()
        self.assertEqual(c.infos[c.agent_selection]["turn_line"], line)
        play_out(c)
        self.assertEqual(c.agents, [])
        self.assertEqual(e.serialize(), before)
        self.assertEqual(e.infos[e.agent_selection]["turn_line"], line)
        e.step(e.legal_ids()[0])        # a turn whose info is not read yet
        c = e.clone()                   # leaves the original's readable
        self.assertEqual(e.last()[4]["turn_line"], c.last()[4]["turn_line"])
        self.assertIsNotNone(c.last()[4]["turn"])

    def test_deserialize_plays_the_game_again(self):
        e = arena_env.env("black-pot", layout="random")
        e.reset(seed=7)
        e.reset()
        for _ in range(5):
            e.step(e.legal_ids()[-1])
        d = arena_env.Env.deserialize(e.serialize())
        self.assertEqual(d.facts(), e.facts())
        self.assertEqual(d.facts()["number"], 2)
        self.assertEqual(d.infos[d.agent_selection]["turn_line"],
                         e.infos[e.agent_selection]["turn_line"])


class TestBounds(unittest.TestCase):
    """Every input of an environment checked before anything is made of
    it (docs/ENVIRONMENT.md, "Bounds"): a serialized game of 148 bytes
    naming 4294967297 players took 212 s and 2.4 GB to fail."""

    def refused(self, error, message, text):
        with self.assertRaises(error) as cm:
            arena_env.Env.deserialize(text)
        self.assertEqual(str(cm.exception), message)

    def text(self, **fields):
        e = arena_env.env("bolo")
        e.reset(seed=1)
        data = json.loads(e.serialize())
        data.update(fields)
        return json.dumps(data)

    def test_players_of_the_games_range_and_an_int(self):
        for players, error, message in (
                (4294967297, ValueError, "bolo is played by 2 to 8 players, "
                 "not 4294967297"),
                (-1, ValueError, "bolo is played by 2 to 8 players, not -1"),
                (9, ValueError, "bolo is played by 2 to 8 players, not 9"),
                (True, TypeError, "players is an int (the number of seats), "
                 "not True"),
                (2.0, TypeError, "players is an int (the number of seats), "
                 "not 2.0")):
            start = time.monotonic()
            self.refused(error, message, self.text(players=players))
            self.assertLess(time.monotonic() - start, 1.0, players)
        with self.assertRaises(ValueError) as cm:   # the C core's own check
            arena_env._core.Game("bolo", 2 ** 70)
        self.assertEqual(str(cm.exception), "players is past every game's "
                         "number of seats (8 at most)")
        with self.assertRaises(TypeError) as cm:
            arena_env._core.Game("bolo", True)
        self.assertEqual(str(cm.exception), "players is an int (the number "
                         "of seats), not a bool")

    def test_options_known_and_bounded(self):
        self.refused(ValueError, "unknown option 'colour' for bolo (its "
                     "options: target, first)", self.text(options={
                         "colour": "red"}))
        self.refused(ValueError, "option 'target' is given 1000000000000000"
                     "000000000000000: no option takes one so long",
                     self.text(options={"target": 10 ** 30}))
        self.refused(ValueError, "option 'target' must be an integer "
                     "1000..1000000, not '99999999'",
                     self.text(options={"target": 99999999}))
        self.refused(TypeError, "option 'target' is a text or an int, not "
                     "[1]", self.text(options={"target": [1]}))
        self.refused(ValueError, "17 options given: a game takes at most 16",
                     self.text(options={str(i): 1 for i in range(17)}))

    def test_number_actions_and_text_bounded(self):
        self.refused(ValueError, "number is an int from 1 to "
                     "18446744073709551615, not 0", self.text(number=0))
        self.refused(ValueError, "number is an int from 1 to "
                     "18446744073709551615, not 18446744073709551616",
                     self.text(number=2 ** 64))
        self.refused(ValueError, "100001 actions: a game has at most 100000",
                     self.text(actions=["roll"] * 100001))
        self.refused(ValueError, "the text is 8388609 characters: a "
                     "serialized game is at most 8388608",
                     " " * 8388609)
        self.refused(ValueError, "the text nests too deep to be a "
                     "serialized game", "[" * 100000)
        self.refused(ValueError, "a load's step is an int from 0 to 0, not 5",
                     self.text(loads=[[5, [1, 2]]]))
        self.refused(ValueError, "a die shows 1 to 6, not 4294967297",
                     self.text(loads=[[0, [4294967297]]]))

    def test_an_action_out_of_range(self):
        e = arena_env.env("bolo")
        e.reset(seed=1)
        for action in (1717, -1, 2 ** 40):
            with self.assertRaises(ValueError) as cm:
                e.step(action)
            self.assertEqual(str(cm.exception), "action %d is not legal "
                             "now: the mask and legal_ids() give the 8 legal "
                             "ones" % action)
        with self.assertRaises(ValueError) as cm:
            e.step(2 ** 70)
        self.assertEqual(str(cm.exception), "an action id is 0 to 1716 (the "
                         "mask's), not one past a C long")
        with self.assertRaises(TypeError) as cm:
            e.step(0.0)
        self.assertEqual(str(cm.exception), "step() takes an action id, an "
                         "int, not a float")
        c = arena_env.env("rolit", chance="explicit")
        c.reset(seed=1)
        for outcome in (1e300, 1.5, -1, 2):
            with self.assertRaises(ValueError) as cm:
                c.apply({"chance": outcome})
            self.assertEqual(str(cm.exception), "the chance agent is to "
                             "move: its actions are {\"chance\": id}, id one "
                             "of the 2 of chance_outcomes()")

    def test_a_vector_of_more_games_than_the_machine_holds(self):
        start = time.monotonic()
        with self.assertRaises(ValueError) as cm:
            arena_env.vector("black-pot", 2 ** 24)
        self.assertLess(time.monotonic() - start, 5.0)
        self.assertRegex(str(cm.exception), r"^n is 1 to \d+ games of "
                         r"black-pot here: each takes \d+ bytes, and half "
                         r"the machine's memory \(\d+ MB\) holds \d+$")

    def test_mutated_texts_load_or_are_refused_at_once(self):
        """2,000 mutations of serialized games, from a fixed seed: each
        loads, or is refused with ValueError or TypeError, within a
        second; never a MemoryError, a crash or a hang."""
        texts = []
        for game, players, chance in (("bolo", 3, None),
                                      ("volle-lotte", 2, None),
                                      ("rolit", 2, "explicit"),
                                      ("black-pot", 2, None)):
            e = arena_env.env(game, players, chance=chance)
            e.reset(seed=3)
            for _ in range(12):
                e.step(e.legal_ids()[-1])
            if game == "bolo":
                e.step(e.legal_ids()[0])
                e.apply("roll", (1, 1, 5, 5, 2, 3)[:e._game.roll_size(
                    '"roll"')])
            texts.append(e.serialize())
        hostile = ['4294967297', '-1', 'true', '2.0', '1e300', '""', '[]',
                   '{}', 'null', '"%s"' % ("x" * 300), '1' * 40,
                   '[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]']
        rng = random.Random(20261128)
        outcomes = {}
        for case in range(2000):
            text = mutate(rng, rng.choice(texts), hostile)
            start = time.monotonic()
            try:
                arena_env.Env.deserialize(text)
                outcome = "loaded"
            except (ValueError, TypeError) as error:
                outcome = type(error).__name__
            took = time.monotonic() - start
            self.assertLess(took, 1.0, "case %d took %.1f s: %r"
                            % (case, took, text[:300]))
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        # enough of each: loaded, refused by a check, and not JSON
        self.assertGreater(outcomes.get("loaded", 0), 10, outcomes)
        self.assertGreater(outcomes.get("ValueError", 0), 300, outcomes)
        self.assertGreater(outcomes.get("JSONDecodeError", 0), 300, outcomes)


def mutate(rng, text, hostile):
    """text mutated once or twice: a character changed, a span dropped or
    doubled, or a JSON value (a number, a string, a list) replaced by a
    hostile one."""
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice((0, 1, 2, 3, 3, 3, 3, 3))
        at = rng.randrange(len(text))
        if kind == 0:
            text = text[:at] + rng.choice('0123456789[]{}",:-.e tfn') + \
                text[at + 1:]
        elif kind == 1:
            text = text[:at] + text[at + rng.randint(1, 20):]
        elif kind == 2:
            span = text[at:at + rng.randint(1, 40)]
            text = text[:at] + span * rng.randint(2, 5) + text[at:]
        else:
            values = [m.span() for m in re.finditer(
                r'-?\d+(\.\d+)?|"[^"]*"|\[[^\[\]]*\]', text)]
            begin, end = rng.choice(values)
            text = text[:begin] + rng.choice(hostile) + text[end:]
    return text


class TestChance(unittest.TestCase):
    def test_outcomes_of_a_roll_and_a_chosen_one(self):
        e = arena_env.env("bolo")
        e.reset(seed=1)
        self.assertEqual(e.legal()[0], {"keep": [1]})
        self.assertEqual(e.chance_outcomes(0), [])   # a keep rolls nothing
        e.step(0)
        self.assertEqual(e.legal(), ["roll"])
        outcomes = e.chance_outcomes("roll")
        self.assertEqual(len(outcomes), 462)         # 6 dice left
        self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
        self.assertEqual(outcomes[0], ((1,) * 6, 1 / 6 ** 6))
        self.assertAlmostEqual(dict(outcomes)[(1, 2, 3, 4, 5, 6)],
                               720 / 6 ** 6)
        c = e.clone()
        c.apply("roll", (1, 1, 1, 1, 5, 5))
        roll = lambda x: x.infos[x.agent_selection]["turn"]["state"]["roll"]  # noqa: E731
        self.assertEqual(roll(c), [1, 1, 1, 1, 5, 5])
        self.assertEqual(roll(c.clone()), [1, 1, 1, 1, 5, 5])
        self.assertEqual(roll(arena_env.Env.deserialize(c.serialize())),
                         [1, 1, 1, 1, 5, 5])
        with self.assertRaises(ValueError) as cm:
            e.apply("roll", (1, 2))
        self.assertEqual(str(cm.exception),
                         '"roll" rolls 6 dice, not the 2 of (1, 2)')

    def test_only_the_dice_games_chance_is_chosen(self):
        e = arena_env.env("rolit")
        e.reset(seed=1)
        with self.assertRaises(ValueError) as cm:
            e.chance_outcomes(0)
        self.assertEqual(str(cm.exception), "the chance of rolit cannot be "
                         "chosen: only the dice games' rolls can")


class TestSaveLog(unittest.TestCase):
    """save_log()'s refusals; the logs it writes are checked by
    tests/e2e/env_log.sh against the referee's and by referee verify."""

    def test_save_log_refusals(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "game.jsonl")
            e = arena_env.env("bolo", draws="keyed")
            e.reset(seed=1)
            with self.assertRaises(ValueError) as cm:
                e.save_log(path)
            self.assertEqual(str(cm.exception), "the game is not over: a "
                             "game is saved as a log once it has ended")
            c = e.clone()
            play_out(e)
            e.save_log(path)
            with open(path, encoding="utf-8") as f:
                header = json.loads(f.readline())
            self.assertEqual((header["refereed"], header["seeded"],
                              header["game_id"]),
                             (False, True, e.facts()["game_id"]))
            with self.assertRaises(ValueError) as cm:
                e.save_log(path)
            self.assertTrue(str(cm.exception).startswith(
                "cannot create log '%s': " % path), str(cm.exception))
            c.step(0)
            c.apply("roll", (1, 1, 1, 1, 5, 5))
            play_out(c)
            with self.assertRaises(ValueError) as cm:
                c.save_log(os.path.join(folder, "chosen.jsonl"))
            self.assertEqual(str(cm.exception), "the game's dice were chosen "
                             "(apply() with an outcome), not drawn from its "
                             "seed: no log of it would verify")


class TestVector(unittest.TestCase):
    def vector_matches_env(self, game, players, n=3, **options):
        """The vector's games, stepped by ids without JSON, are env()
        games of the same numbers played through the rules' JSON
        (action_json() and apply()): observations, masks, seats, legal counts, turn
        messages, rewards and ends alike until each has finished one."""
        v = arena_env.vector(game, n, players, seed=5, **options)
        envs = []
        for i in range(n):
            e = arena_env.env(game, players, **options)
            e.reset(seed=5)
            for _ in range(i):
                e.reset()
            envs.append(e)
        rng = random.Random(5)
        for _ in range(5000):
            for i, e in enumerate(envs):
                if e is None:
                    continue
                obs = e.observe(e.agent_selection)
                self.assertEqual(list(v.observations[i]),
                                 list(obs["observation"]))
                self.assertEqual(bytes(v.masks[i]),
                                 bytes(obs["action_mask"]))
                self.assertEqual(v.to_move[i], e.to_move())
                self.assertEqual(v.legal_counts[i], len(e.legal()))
                self.assertEqual(v.turn(i),
                                 e.infos[e.agent_selection]["turn_line"])
            actions = [int(rng.choice(v.legal_ids[i][:v.legal_counts[i]]))
                       for i in range(n)]
            self.assertEqual([v.masks[i][a] for i, a in enumerate(actions)],
                             [1] * n)
            v.step(actions)
            for i, e in enumerate(envs):
                if e is None:
                    continue
                e.apply(e.action_json(actions[i]))
                if e.to_move() < 0:
                    self.assertTrue(v.dones[i])
                    self.assertEqual(  # float32 in the vector
                        [round(float(r), 6) for r in v.rewards[i]],
                        [round(e.rewards[a], 6) for a in e.possible_agents])
                    envs[i] = None  # the vector's next game is another number
                else:
                    self.assertFalse(v.dones[i])
                    self.assertEqual(list(v.rewards[i]), [0.0] * players)
            if envs == [None] * n:
                return
        self.fail("a %s game did not end in 5000 steps" % game)

    def test_vector_games_are_the_env_games_of_their_numbers(self):
        for game, players, options in [
                ("bolo", 2, {}), ("bolo", 3, {"target": 3000}),
                ("bolo5", 2, {}), ("volle-lotte", 3, {}),
                ("rolit", 2, {}), ("rolit", 4, {}), ("rolit", 2, {"size": 6}),
                ("black-pot", 2, {}), ("black-pot", 4, {})]:
            with self.subTest(game=game, players=players, options=options):
                self.vector_matches_env(game, players, **options)

    def test_rolit_planes_are_the_views_balls(self):
        """Rolit's observation, read from the state, holds every ball the
        view's board shows, four planes whatever the players: plane p for
        the colour p places after the observer's in the order of play
        (red, yellow, green, blue), the colours no seat plays included."""
        for players in (2, 3):
            v = arena_env.vector("rolit", 2, players, seed=9)
            for step in range(40):
                for i in range(2):
                    turn = json.loads(v.turn(i))
                    view = turn["state"]
                    first = "RYGB".index(view["you"][0].upper())
                    planes = []
                    for p in range(4):
                        letter = "RYGB"[(first + p) % 4]
                        planes += [float(c == letter)
                                   for row in view["board"] for c in row]
                    self.assertEqual(list(v.observations[i]), planes)
                    self.assertGreaterEqual(sum(planes), 4)
            v.step([sorted(j for j, m in enumerate(v.masks[i]) if m)[
                step % v.legal_counts[i]] for i in range(2)])

    def test_vector_refuses_bad_actions(self):
        v = arena_env.vector("rolit", 2)
        first = [j for j, m in enumerate(v.masks[0]) if m][0]
        with self.assertRaises(ValueError) as cm:
            v.step([first, 0])                  # A1: not legal at the start
        self.assertEqual(str(cm.exception),
                         "game 1: action 0 is not one of its %d legal ones"
                         % v.legal_counts[1])
        with self.assertRaises(ValueError) as cm:
            v.step([0])
        self.assertEqual(str(cm.exception), "the actions are 2 integers "
                         "(int32 or int64), one a game")


class TestRun(unittest.TestCase):
    def test_callables_in_process(self):
        first = lambda turn: turn["legal"][0]  # noqa: E731
        results = arena_env.run("rolit", [first, first], seed=3, games=2)
        self.assertEqual([r["game"] for r in results], [1, 2])
        e = arena_env.env("rolit", draws="keyed")   # run()'s, the referee's
        e.reset(seed=3)
        play_out(e)
        self.assertEqual(results[0]["ranks"], e.result()[0])
        self.assertEqual(results[0]["scores"], e.result()[1])

    def test_bot_command_lines_through_the_referee_play_the_same_games(self):
        referee = os.path.join(TOP_BUILD, "referee", "referee")
        bot = os.path.join(TOP_BUILD, "tests", "tools", "env-choice-bot")
        os.environ["ARENA_REFEREE"] = referee
        here = arena_env.run("bolo5", [crc_choice, crc_choice], seed=8,
                             games=3)
        there = arena_env.run("bolo5", [bot, bot], seed=8, games=3,
                              referee_args=["--no-sandbox", "--no-limits"])
        self.assertEqual([(r["ranks"], r["scores"]) for r in here],
                         [(r["ranks"], r["scores"]) for r in there])

    def test_run_reads_compressed_logs(self):
        """run() with --compress reads each game's gzip-compressed log (a
        series of gzip members, docs/LOGS.md) as it reads a plain one."""
        referee = os.path.join(TOP_BUILD, "referee", "referee")
        bot = os.path.join(TOP_BUILD, "tests", "tools", "env-choice-bot")
        os.environ["ARENA_REFEREE"] = referee
        args = ["--no-sandbox", "--no-limits"]
        plain = arena_env.run("rolit", [bot, bot], seed=4, games=2,
                              referee_args=args, size=4)
        packed = arena_env.run("rolit", [bot, bot], seed=4, games=2,
                               referee_args=args + ["--compress"], size=4,
                               out=tempfile.mkdtemp())
        for r in packed:
            with open(r["log"], "rb") as f:
                self.assertEqual(f.read(2), b"\x1f\x8b")
        self.assertEqual([(r["ranks"], r["scores"], r["forfeits"])
                          for r in packed],
                         [(r["ranks"], r["scores"], r["forfeits"])
                          for r in plain])
        self.assertEqual(len(packed), 2)
        with open(packed[0]["log"], "r+b") as f:   # cut short
            f.truncate(20)
        with self.assertRaises(ValueError) as cm:
            arena_env.runner.read_log(packed[0]["log"])
        self.assertEqual(str(cm.exception), "%s: corrupt compressed data: "
                         "the log's gzip data do not read from line 1 on (a "
                         "damaged file, or one cut short)" % packed[0]["log"])

    def test_in_process_the_seats_rotate_as_referee_plays_them(self):
        def first(turn):
            return turn["legal"][0]
        results = arena_env.run("bolo5", [crc_choice, first], seed=3,
                                games=2)
        e = arena_env.env("bolo5", draws="keyed")   # run()'s, the referee's
        for k, seated in enumerate([[crc_choice, first], [first, crc_choice]]):
            if k == 0:
                e.reset(seed=3)
            else:
                e.reset()
            while e.to_move() >= 0:
                turn = e.infos[e.possible_agents[e.to_move()]]["turn"]
                e.apply(seated[e.to_move()](turn))
            ranks, scores = e.result()
            if k == 1:                      # seat 0 held agent 1
                ranks, scores = ranks[::-1], scores[::-1]
            self.assertEqual((results[k]["ranks"], results[k]["scores"]),
                             (ranks, scores))
        self.assertEqual([r["seating"] for r in results], [[0, 1], [1, 0]])

    def test_through_the_referee_ranks_are_the_agents_not_the_seats(self):
        os.environ["ARENA_REFEREE"] = os.path.join(TOP_BUILD, "referee",
                                                   "referee")
        bot = os.path.join(TOP_BUILD, "tests", "tools", "env-choice-bot")
        out = tempfile.mkdtemp()
        results = arena_env.run("bolo5", [bot, "/bin/false"], seed=8,
                                games=2, out=out, referee_args=[
                                    "--no-sandbox", "--no-limits"])
        self.assertEqual([(r["ranks"], r["scores"][1]) for r in results],
                         [([1, 2], 0), ([1, 2], 0)])   # /bin/false forfeits
        self.assertEqual([r["seating"] for r in results], [[0, 1], [1, 0]])
        self.assertEqual([r["forfeits"] for r in results], [
            [{"agent": 1, "seat": seat, "reason": "exit", "detail":
              'the bot exited with status 1 before answering "hello"'}]
            for seat in (1, 0)])
        for r in results:                      # the logs are kept
            self.assertTrue(r["log"].startswith(out), r["log"])
            self.assertTrue(os.path.isfile(r["log"]), r["log"])

    def test_run_refuses_callables_that_cannot_be_bots(self):
        def inner(turn):
            return turn["legal"][0]
        bot = "/bin/true"
        cases = [
            (lambda turn: turn["legal"][0], "agent 0 (TestRun.test_run_"
             "refuses_callables_that_cannot_be_bots.<locals>.<lambda>) is a "
             "lambda, which a bot program cannot import by name: define it "
             "with def at the top level of a module"),
            (inner, "agent 0 (TestRun.test_run_refuses_callables_that_cannot"
             "_be_bots.<locals>.inner) is defined inside a function (a "
             "closure), which a bot program cannot import: define it at the "
             "top level of a module, taking what it needs from there"),
            (self.id, "agent 0 (TestCase.id) is a method, which a bot "
             "program cannot import by name: define a function at the top "
             "level of a module"),
        ]
        for agent, message in cases:
            with self.assertRaises(ValueError) as cm:
                arena_env.run("bolo5", [agent, bot], referee_args=[
                    "--no-sandbox"])
            self.assertEqual(str(cm.exception), message)

    def test_run_refuses_a_script_without_a_main_guard(self):
        with tempfile.TemporaryDirectory() as folder:
            script = os.path.join(folder, "unguarded.py")
            with open(script, "w", encoding="utf-8") as f:
                f.write("import sys\nsys.path[:0] = %r\n" % sys.path[:3])
                f.write("import arena_env\n"
                        "def first(turn):\n    return turn['legal'][0]\n"
                        "try:\n    arena_env.run('bolo5', [first, "
                        "'/bin/true'], referee_args=['--no-sandbox'])\n"
                        "except ValueError as error:\n    print(error)\n")
            done = subprocess.run([sys.executable, script],
                                  capture_output=True, text=True)
            self.assertEqual(done.stdout, "agent 0 (first) is in the script "
                             "%s, which has no `if __name__ == \"__main__\":"
                             "` guard: its bot program imports the script, "
                             "which would play the whole script again; put "
                             "what the script does under that guard\n"
                             % script)

    def test_a_function_of_a_module_wins_through_the_sandbox(self):
        """A top-level function of a module in a folder others cannot
        read plays through the sandbox (its bot imports a copy of the
        module) in Rolit against env-choice-bot, without a forfeit, and wins some;
        no folder of run()'s is left in the temporary folder."""
        os.environ["ARENA_REFEREE"] = os.path.join(TOP_BUILD, "referee",
                                                   "referee")
        bot = os.path.join(TOP_BUILD, "tests", "tools", "env-choice-bot")
        folder = tempfile.mkdtemp()               # mode 0700
        before = set(os.listdir(tempfile.gettempdir()))
        try:
            with open(os.path.join(folder, "hidden_agent.py"), "w",
                      encoding="utf-8") as f:
                f.write("import arena_env\n"
                        "def first(turn):\n    return turn['legal'][0]\n")
            sys.path.insert(0, folder)
            import hidden_agent
            results = arena_env.run("rolit", [hidden_agent.first, bot],
                                    seed=2, games=6)
        finally:
            sys.path.remove(folder)
            shutil.rmtree(folder)
        self.assertEqual([(r["forfeits"], r["log"]) for r in results],
                         [([], None)] * 6)
        self.assertIn(1, [r["ranks"][0] for r in results])
        self.assertEqual(set(os.listdir(tempfile.gettempdir())) - before,
                         set())

    def test_arena_bot_runs_a_callable(self):
        lines = [{"type": "hello", "protocol": 1},
                 {"type": "turn", "seat": 0, "state": {},
                  "legal": ["a", "b"], "time_left_ms": 1000},
                 {"type": "goodbye"}]
        out = io.StringIO()
        stdin = io.StringIO("".join(json.dumps(m) + "\n" for m in lines))

        def last_one(turn):
            return turn["legal"][-1]
        self.assertEqual(arena_bot.run(last_one, stdin=stdin, stdout=out), 0)
        self.assertEqual(out.getvalue(),
                         '{"name":"last_one"}\n{"action":"b"}\n{}\n')


sys.path.insert(0, os.path.join(HERE, "..", "..", "bots", "examples"))
import learn_bolo5  # noqa: E402  (in bots/examples)


def train_twice(test, example, path, **options):
    """Trains one generation or iteration of a learning example (for 0
    seconds) into path, and again into a second file, which must hold the
    same table (training is seeded); returns what it printed and the
    table."""
    again = path + ".again"
    with contextlib.redirect_stdout(io.StringIO()) as out, \
            contextlib.redirect_stderr(io.StringIO()):
        for table in (path, again):
            test.assertEqual(example.train(table, 0, **options), 0)
    with open(path, encoding="utf-8") as f:
        learned = json.load(f)
    with open(again, encoding="utf-8") as f:
        test.assertEqual(json.load(f), learned)
    return out.getvalue(), learned
sys.path.insert(0, os.path.join(HERE, "..", "..", "bots"))
import threshold_bot  # noqa: E402  (in bots)


@unittest.skipIf(numpy is None, "numpy is not installed: learn_bolo5.py "
                 "trains with numpy")
class TestLearnBolo5(unittest.TestCase):
    def test_the_numpy_policy_is_the_bots_policy(self):
        table = learn_bolo5.keep_table(numpy, arena_env)
        self.assertEqual(table[0][6 ** 0 * 1 + 6 ** 4 * 1, :3].tolist(),
                         [100, 50, 150])           # a roll of 1 and 5
        rng = numpy.random.default_rng(3)
        v = arena_env.vector("bolo5", 16, seed=5, **learn_bolo5.OPTIONS)
        params = numpy.concatenate([rng.uniform(100, 1500, (16, 5)),
                                    rng.uniform(-400, 400, (16, 5)),
                                    rng.uniform(-300, 300, (16, 1))], axis=1)
        ref = arena_env.env("bolo5", **learn_bolo5.OPTIONS)
        compared = 0
        for _ in range(400):
            actions = learn_bolo5.actions_of(numpy, v, table, params,
                                             numpy.ones(16, bool))
            for i in range(v.n):
                p = params[i]
                bot = learn_bolo5.policy({"thresholds": p[:5].tolist(),
                                          "values": p[5:10].tolist(),
                                          "shift": float(p[10])})
                turn = json.loads(v.turn(i))
                self.assertEqual(ref.action_json(actions[i]), bot(turn),
                                 "game %d: %s" % (i, turn))
                compared += 1
            v.step(actions)
        self.assertEqual(compared, 6400)

    def test_the_numpy_bank_policies_are_the_bank_bots(self):
        table = learn_bolo5.keep_table(numpy, arena_env)
        banks = learn_bolo5.bank_policies(numpy)
        bots = [threshold_bot.ThresholdBot(t) for t in learn_bolo5.BANKS]
        v = arena_env.vector("bolo5", 12, seed=6, **learn_bolo5.OPTIONS)
        ref = arena_env.env("bolo5", **learn_bolo5.OPTIONS)
        compared = 0
        for _ in range(600):
            actions = learn_bolo5.actions_of(numpy, v, table, banks[
                numpy.arange(12) % 3], numpy.zeros(12, bool))
            for i in range(v.n):
                turn = json.loads(v.turn(i))
                self.assertEqual(ref.action_json(actions[i]),
                                 bots[i % 3].decide(turn),
                                 "game %d: %s" % (i, turn))
                compared += 1
            v.step(actions)
        self.assertEqual(compared, 7200)

    def test_one_generation_learns_a_table_that_plays_as_a_bot(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "learned.json")
            out, learned = train_twice(self, learn_bolo5, path,
                                       candidates_per=4, games_per=10)
            self.assertIn("learn_bolo5: 1 generations in", out)
            self.assertEqual(sorted(learned), ["against_bank", "generations",
                                               "options", "shift",
                                               "thresholds", "values"])
            self.assertEqual((len(learned["thresholds"]),
                              len(learned["values"]), learned["generations"]),
                             (5, 5, 1))
            self.assertEqual(sorted(learned["against_bank"]),
                             ["1000", "350", "700"])
            # 8 games against each bank policy: shares in eighths
            self.assertEqual([learned["against_bank"][t] * 8 % 1
                              for t in ("350", "700", "1000")], [0, 0, 0])
            os.environ["ARENA_REFEREE"] = os.path.join(TOP_BUILD, "referee",
                                                       "referee")
            bot = "%s %s play %s" % (sys.executable, learn_bolo5.__file__,
                                     path)
            bank = os.path.join(TOP_BUILD, "bots", "threshold-bot") + " 350"
            results = arena_env.run("bolo5", [bot, bank], seed=4, games=1,
                                    referee_args=["--no-sandbox"],
                                    **learn_bolo5.OPTIONS)
            self.assertEqual(sorted(results[0]["ranks"]), [1, 2])
            self.assertGreaterEqual(max(results[0]["scores"]), 10000)


import learn_rolit  # noqa: E402  (in bots/examples)


@unittest.skipIf(numpy is None, "numpy is not installed: learn_rolit.py "
                 "trains with numpy")
class TestLearnRolit(unittest.TestCase):
    def test_the_bots_planes_are_the_observation(self):
        v = arena_env.vector("rolit", 8, seed=7)
        rng = numpy.random.default_rng(4)
        for _ in range(learn_rolit.PLIES):
            for i in range(v.n):
                turn = json.loads(v.turn(i))
                self.assertEqual(learn_rolit.planes(turn["state"]),
                                 numpy.flatnonzero(v.observations[i])
                                 .tolist(), turn)
                self.assertEqual(sorted(learn_rolit.square_id(s)
                                        for s in turn["legal"]),
                                 numpy.flatnonzero(v.masks[i]).tolist())
            k = (rng.random(v.n) * v.legal_counts).astype(numpy.int32)
            v.step(v.legal_ids[numpy.arange(v.n), k])
        self.assertTrue(v.dones.all())

    def test_the_numpy_policy_is_the_bots_policy(self):
        rng = numpy.random.default_rng(3)
        v = arena_env.vector("rolit", 16, seed=5)
        tables = [{"weights": rng.normal(size=(4 * 64, 64)),
                   "bias": rng.normal(size=64)} for _ in range(v.n)]
        bots = [learn_rolit.policy({"size": 8, "weights": t["weights"]
                                    .tolist(), "bias": t["bias"].tolist()})
                for t in tables]
        ref = arena_env.env("rolit")
        compared = 0
        for _ in range(learn_rolit.PLIES):
            actions = numpy.array([learn_rolit.best(
                numpy, t, v.observations[i:i + 1], v.masks[i:i + 1])[0]
                for i, t in enumerate(tables)], numpy.int32)
            for i in range(v.n):
                turn = json.loads(v.turn(i))
                self.assertEqual(ref.action_json(actions[i]), bots[i](turn),
                                 "game %d: %s" % (i, turn))
                compared += 1
            v.step(actions)
        self.assertEqual(compared, 960)
        with self.assertRaisesRegex(ValueError, "^this table plays Rolit on "
                                    "8x8, not 6x6$"):
            bots[0]({"state": {"size": 6}, "legal": ["A1"]})

    def test_one_iteration_learns_a_table_that_plays_as_a_bot(self):
        rng = numpy.random.default_rng(1)
        zero = {"weights": numpy.zeros((4 * 64, 64)),
                "bias": numpy.zeros(64)}   # plays the first legal square
        untrained = learn_rolit.play_games(numpy, arena_env, zero, rng,
                                           2000, 2, False)[0][::2].mean()
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "learned.json")
            out, learned = train_twice(self, learn_rolit, path)
            self.assertRegex(out, r"^learn_rolit: 1 iterations "
                             r"\(512 games\) in \d+ s; its best squares took "
                             r"0\.\d+ of the points against the random "
                             r"player\n")
            self.assertEqual(sorted(learned), [
                "against_random", "bias", "games", "iterations", "players",
                "size", "weights"])
            self.assertEqual((learned["iterations"], learned["games"],
                              len(learned["bias"]), len(learned["weights"]),
                              {len(row) for row in learned["weights"]}),
                             (1, 512, 64, 256, {64}))
            # 1000 games, each worth 0, 1/2 or 1: a share in 2000ths,
            # and one iteration of 512 games already beats the table of
            # zeros (the first legal square) by far
            self.assertEqual(learned["against_random"] * 2000 % 1, 0)
            self.assertGreater(learned["against_random"], untrained + 0.1)
            self.tournament(path, folder)

    def tournament(self, table, folder):
        """tournaments/learned-rolit.json, with its bots that take no
        time of their own, two games a pair: the learned bot plays every
        game to its end without a forfeit."""
        with open(os.path.join(HERE, "..", "..", "tournaments",
                               "learned-rolit.json"), encoding="utf-8") as f:
            spec = json.load(f)
        book = os.path.join(HERE, "..", "..", "tournaments",
                            spec["openings"]["book"])
        spec["openings"]["book"] = os.path.abspath(book)
        commands = {"learned-rolit": "%s %s play %s" % (
            sys.executable, learn_rolit.__file__, table),
            "rolit-example-c": os.path.join(TOP_BUILD, "bots", "examples",
                                            "rolit"),
            "random-c": os.path.join(TOP_BUILD, "bots", "random-bot")}
        spec["bots"] = [dict(b, command=commands[b["name"]], readable=[])
                        for b in spec["bots"] if b["name"] in commands]
        spec["games"] = 2
        path = os.path.join(folder, "t.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(spec, f)
        referee = os.path.join(TOP_BUILD, "referee", "referee")
        out = os.path.join(folder, "out")
        run = subprocess.run([referee, "tournament", path, "--out", out,
                              "--no-sandbox"], capture_output=True,
                             text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        ladder = subprocess.run([referee, "ladder", out, "--format",
                                 "json"], capture_output=True, text=True)
        self.assertEqual(ladder.returncode, 0, ladder.stderr)
        rows = {r["bot"]: r for r in json.loads(ladder.stdout)["ladder"]}
        self.assertEqual(sorted(rows), sorted(commands))
        # each pair plays a line of the book (3 plies) in both seatings,
        # the 57 plies after it shared between its bots
        learned = rows["learned-rolit"]
        self.assertEqual((learned["games"], learned["forfeits"]["total"],
                          learned["reply_ms"]["turns"]), (4, 0, 2 * 57))


if __name__ == "__main__":
    # run() keeps the logs of a run it makes a folder for (its results
    # name them): here those folders go into one that is removed after.
    with tempfile.TemporaryDirectory(prefix="arena-env-test-",
                                     ignore_cleanup_errors=True) as scratch:
        tempfile.tempdir = scratch
        code = unittest_tap.run(sys.modules[__name__])
    sys.exit(code)
