#!/usr/bin/env python3
"""The masks of arena_env.env()'s observations and sampling from them
(sdk/python/arena_env/mask.c, spaces.py): a mask is read-only, stays
what it was while later observations are made (their bytes are reused
only once it is gone), and is exactly legal_ids(); a sample of one is
the id that Gymnasium's Discrete.sample(mask) draws from the same
generator (its np_random.choice() of the set ids: numpy's own, checked
here without Gymnasium, and against Gymnasium's Discrete where it is
importable), and our Discrete's the id that random.choice() of the set
ids would give.  Prints TAP.
"""

import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import env_paths  # noqa: E402  (in tests/tools; sets the path)
import unittest_tap  # noqa: E402  (in tests/tools)
import arena_env  # noqa: E402
from arena_env import _core  # noqa: E402

numpy = env_paths.optional("numpy")
gymnasium = env_paths.optional("gymnasium")

GAMES = ("bolo", "bolo5", "volle-lotte", "rolit", "black-pot")


def sample_bits(rng, n):
    """_core.mask_sample()'s bits (mask.h) of a numpy Generator, for a
    space of n ids from 0 whose scalars are numpy.int64's."""
    source = rng.bit_generator
    return (rng, n, source.capsule, source.lock, 0, {}, numpy.int64)


def positions(game, count, seed=1):
    """count observations of the agent to move in random play of game:
    (env, observation, legal ids) each, the env at that point."""
    e = arena_env.env(game, 2)
    e.reset(seed=seed)
    rng = random.Random(seed)
    while count:
        if not e.agents:
            e.reset()
        obs, reward, done, truncated, info = e.last()
        if done:
            e.step(None)
            continue
        ids = e.legal_ids()
        yield e, obs, ids
        count -= 1
        e.step(rng.choice(ids))


@unittest.skipIf(numpy is None, "masks are numpy arrays with numpy only")
class TestMasks(unittest.TestCase):
    def test_masks_are_the_legal_ids_and_stay_as_made(self):
        for game in GAMES:
            kept = []
            for e, obs, ids in positions(game, 300):
                mask = obs["action_mask"]
                self.assertEqual(mask.dtype, numpy.int8)
                self.assertFalse(mask.flags.writeable)
                self.assertEqual(sorted(numpy.flatnonzero(mask)),
                                 sorted(ids))
                self.assertEqual(int(mask.sum()), len(ids))
                other = e.observe(e.possible_agents[1 - e.to_move()])
                self.assertEqual(int(other["action_mask"].sum()), 0)
                kept.append((mask, mask.copy()))
                kept = kept[-7:]
                for old, copy in kept:   # older masks are never reused
                    self.assertTrue((old == copy).all(), game)
            with self.assertRaisesRegex(ValueError, "read-only"):
                mask[0] = 1

    def test_our_discrete_samples_as_random_choice_did(self):
        for game in GAMES:
            space = arena_env.OwnDiscrete(
                len(next(positions(game, 1))[1]["action_mask"]), seed=7)
            rng = random.Random(7)
            for e, obs, ids in positions(game, 200, seed=2):
                self.assertEqual(space.sample(obs["action_mask"]),
                                 rng.choice(sorted(ids)))

    def test_gymnasiums_draw_from_the_same_generator(self):
        for game in GAMES:
            for seed in (1, 5):
                rng = numpy.random.default_rng(seed)
                ours = numpy.random.default_rng(seed)
                bits = ours.bit_generator
                for e, obs, ids in positions(game, 200, seed=seed):
                    mask = obs["action_mask"]
                    want = rng.choice(numpy.where(mask == 1)[0])
                    self.assertEqual(_core.mask_sample(
                        mask, sample_bits(ours, len(mask))), want)
                self.assertEqual(rng.integers(1 << 30),
                                 ours.integers(1 << 30))

    def test_other_masks_are_left_to_gymnasium(self):
        rng = numpy.random.default_rng(1)
        mask = next(positions("bolo", 1))[1]["action_mask"]
        for other in (mask.copy(), mask[:100], mask.view(numpy.uint8),
                      list(mask)):
            self.assertIsNone(_core.mask_sample(other,
                                                sample_bits(rng, len(other))))
        self.assertIsNone(_core.mask_sample(mask,
                                            sample_bits(rng, len(mask) + 1)))

    @unittest.skipIf(gymnasium is None, "gymnasium is not importable: its "
                     "Discrete is not compared")
    def test_the_same_ids_as_gymnasiums_discrete(self):
        for game in GAMES:
            e = arena_env.env(game, 2)
            n = e.action_space("player_0").n
            ours = e.action_space("player_0")
            ours.seed(3)
            theirs = gymnasium.spaces.Discrete(n, seed=3)
            self.assertIsInstance(ours, gymnasium.spaces.Discrete)
            self.assertEqual(ours, theirs)
            for e, obs, ids in positions(game, 300):
                mask = obs["action_mask"]
                drawn = ours.sample(mask)
                self.assertEqual(drawn, theirs.sample(mask.copy()))
                self.assertIs(type(drawn), numpy.int64)
            self.assertEqual(ours.sample(), theirs.sample())
            with self.assertRaises(AssertionError):   # gymnasium's check
                ours.sample(numpy.zeros(n, numpy.int64))


if __name__ == "__main__":
    sys.exit(unittest_tap.run(sys.modules[__name__]))
