"""The arena referee's games as environments, in process, at C speed.

The rules are the referee's own C library (libarena-games, built into
arena_env._core): no rule is written in Python.  env() is one game in
PettingZoo's AEC shape, vector() many games stepped in one C call, run()
plays agents against each other as Kaggle's env.run does.  See
docs/ENVIRONMENT.md.

    import arena_env
    env = arena_env.env("bolo5")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, done, truncated, info = env.last()
        mask = obs["action_mask"]
        env.step(None if done else env.action_space(agent).sample(mask))
"""

import pkgutil

# The package may be spread over two folders on the path, as arena_bot
# is: the source tree's, and a build tree's holding the extension
# (arena_env/_core*.so) when the arena is built outside its source tree.
__path__ = pkgutil.extend_path(__path__, __name__)

from .env import Env, env, seed_hex
from .spaces import OwnBox, OwnDict, OwnDiscrete
from .vector import Vector, vector
from .runner import run
from .gym import GymEnv, gym_env

__all__ = ["Env", "GymEnv", "gym_env", "OwnBox", "OwnDict", "OwnDiscrete", "Vector", "env", "vector", "run", "seed_hex"]
