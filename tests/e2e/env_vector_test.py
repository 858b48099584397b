#!/usr/bin/env python3
"""arena_env.vector() as a Gymnasium vector environment
(sdk/python/arena_env/vector.py): its spaces (single and batched,
Gymnasium's own batch_space where gymnasium is importable), a declared
same-step autoreset, reset(seed=) dealing games 1 to n of the seed again,
and step()'s tuple checked game for game against env() games of the same
numbers: each reward the mover's, terminations the games that ended,
their final observations (the mover's side) and every seat's rewards,
and the observations and masks of the games begun in their place.
Prints TAP.
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

numpy = env_paths.optional("numpy")
gymnasium = env_paths.optional("gymnasium", "gymnasium.vector")

FORMS = (("bolo5", 2, {}), ("rolit", 2, {"size": 4}), ("black-pot", 2, {}),
         ("volle-lotte", 3, {}))


def env_game(game, players, options, seed, number):
    """env() at the start of game `number` of seed."""
    e = arena_env.env(game, players, **options)
    e.reset(seed=seed)
    for _ in range(number - 1):
        e.reset()
    return e


@unittest.skipIf(numpy is None, "step() returns Gymnasium's tuple with "
                 "numpy only")
class TestVectorEnv(unittest.TestCase):
    def test_spaces_and_autoreset_mode(self):
        for game, players, options in FORMS:
            v = arena_env.vector(game, 3, players, seed=1, **options)
            e = arena_env.env(game, players, **options)
            self.assertEqual(v.num_envs, 3)
            self.assertEqual(v.single_action_space.n,
                             e.action_space("player_0").n)
            self.assertEqual(v.single_observation_space["observation"].shape,
                             (e.observation_size(),))
            self.assertEqual(v.observation_space["observation"].shape,
                             (3, e.observation_size()))
            self.assertEqual(v.observation_space["action_mask"].shape,
                             (3, v.action_n))
            self.assertEqual(v.action_space.shape, (3,))
            mode = v.metadata["autoreset_mode"]
            self.assertEqual(getattr(mode, "value", mode), "SameStep")
            obs, info = v.reset(seed=2)
            self.assertTrue(v.observation_space.contains(obs))
            self.assertTrue(v.action_space.contains(
                numpy.array([v.legal_ids[i, 0] for i in range(3)],
                            v.action_space.dtype)))
            v.close()
            self.assertTrue(v.closed)

    def test_reset_deals_the_seeds_games_again(self):
        v = arena_env.vector("bolo", 4, seed=5)
        first = v.reset(seed=9)[0]["observation"].copy()
        v.step(v.legal_ids[:, 0])
        again, info = v.reset(seed=9)
        self.assertTrue((again["observation"] == first).all())
        self.assertEqual(list(info["to_move"]), list(v.to_move))

    def test_steps_are_the_env_games_of_their_numbers(self):
        for game, players, options in FORMS:
            n, rng = 3, random.Random(4)
            v = arena_env.vector(game, n, players, seed=7, **options)
            obs, info = v.reset(seed=7)
            mirrors = [env_game(game, players, options, 7, i + 1)
                       for i in range(n)]
            number, ended = n, 0
            while ended < 2 * n:
                actions = [rng.choice(m.legal_ids()) for m in mirrors]
                movers = list(v.to_move)
                for m, a in zip(mirrors, actions):
                    m.step(a)
                obs, rewards, done, cut, info = v.step(actions)
                self.assertFalse(cut.any())
                for i, m in enumerate(mirrors):
                    self.assertEqual(bool(done[i]), m.to_move() < 0)
                    if not done[i]:
                        self.assertEqual(rewards[i], 0)
                        continue
                    ended += 1
                    won = m._game.rewards()
                    self.assertEqual(rewards[i], won[movers[i]])
                    self.assertEqual(list(info["rewards"][i]), list(won))
                    self.assertTrue(info["_final_obs"][i])
                    last = m.observe(m.possible_agents[movers[i]])
                    self.assertEqual(list(info["final_obs"][i]["observation"]),
                                     list(last["observation"]))
                    number += 1
                    mirrors[i] = env_game(game, players, options, 7, number)
                for i, m in enumerate(mirrors):
                    seat = m.to_move()
                    self.assertEqual(info["to_move"][i], seat)
                    mine = m.observe(m.possible_agents[seat])
                    self.assertEqual(list(obs["observation"][i]),
                                     list(mine["observation"]))
                    self.assertEqual(sorted(numpy.flatnonzero(
                        obs["action_mask"][i])), sorted(m.legal_ids()))

    @unittest.skipIf(gymnasium is None, "gymnasium is not importable: its "
                     "VectorEnv and batch_space are not checked")
    def test_a_gymnasium_vector_env(self):
        v = arena_env.vector("rolit", 2, seed=1, size=4)
        self.assertIsInstance(v, gymnasium.vector.VectorEnv)
        self.assertIs(v.metadata["autoreset_mode"],
                      gymnasium.vector.AutoresetMode.SAME_STEP)
        self.assertEqual(v.observation_space, gymnasium.vector.utils
                         .batch_space(v.single_observation_space, 2))
        self.assertEqual(v.action_space,
                         gymnasium.spaces.MultiDiscrete([16, 16]))
        v.close()


if __name__ == "__main__":
    sys.exit(unittest_tap.run(sys.modules[__name__]))
