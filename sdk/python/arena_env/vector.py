"""n games stepped in one C call (EnvPool's shape, auto-reset): a
Gymnasium vector environment (gymnasium.vector.VectorEnv when gymnasium
is importable: reset, step, close, the single and batched spaces,
metadata["autoreset_mode"] SAME_STEP), whose arrays are also members.

    v = arena_env.vector("bolo", 1024)
    while True:
        actions = policy(v.observations, v.masks)  # one action id a game
        v.step(actions)
        # v.rewards[i] (a row per game, a reward per seat) and v.dones[i]
        # tell of game i's end; it has started again already.

The arrays are filled in place by every step (numpy arrays over the C
buffers when numpy is installed, memoryviews otherwise): copy what you
keep.  The first n games are games 1 to n of the seed, and each game that
ends is followed by the run's next number, in the order they end
(docs/ENVIRONMENT.md).
"""

import os
from typing import Any, Dict, Optional

from . import _core
from .env import _options_json, draws_mode, seed_hex
from .spaces import batched, discrete, observation_space

try:
    import numpy
except ImportError:
    numpy = None

try:
    import gymnasium.vector
    _Base = gymnasium.vector.VectorEnv
    _SAME_STEP = gymnasium.vector.AutoresetMode.SAME_STEP
except ImportError:  # the same members, without Gymnasium
    _Base = object
    _SAME_STEP = "SameStep"


class _Rows:
    """Rows of a flat memoryview, for when numpy is not installed:
    rows[i] is row i (a memoryview of its values)."""

    def __init__(self, flat: memoryview, width: int) -> None:
        self._flat, self._width = flat, width

    def __len__(self) -> int:
        return len(self._flat) // self._width

    def __getitem__(self, i: int) -> memoryview:
        if not 0 <= i < len(self):
            raise IndexError("there is no row %d" % i)
        return self._flat[i * self._width:(i + 1) * self._width]


class Vector(_Base):
    """See the module's documentation."""

    metadata = {"autoreset_mode": _SAME_STEP}
    render_mode = None
    closed = False

    def __init__(self, game: str, n: int, players: int = 2, seed: Any = 0,
                 draws: Optional[str] = None, **options: Any) -> None:
        self.game_name, self.n, self.players = game, n, players
        self.num_envs = n
        self._options = options
        self._draws = draws
        self._open(seed)
        self.single_observation_space = observation_space(self.obs_size,
                                                          self.action_n)
        self.single_action_space = discrete(self.action_n)
        self.observation_space = batched(self.single_observation_space, n)
        self.action_space = batched(self.single_action_space, n)

    def _open(self, seed: Any) -> None:
        """Games 1 to n of seed, and the arrays over their outputs."""
        n, players = self.n, self.players
        self._core = _core.Vector(self.game_name, n, players,
                                  _options_json(self._options),
                                  seed_hex(seed), draws_mode(self._draws) != 0)
        (obs, mask, rewards, dones, to_move, legal, ids, final,
         self.obs_size, self.action_n, width) = self._core.outputs()
        if numpy is not None:
            self.observations = numpy.frombuffer(obs, numpy.float32) \
                .reshape(n, self.obs_size)
            self.final_observations = numpy.frombuffer(
                final, numpy.float32).reshape(n, self.obs_size)
            self.masks = numpy.frombuffer(mask, numpy.int8) \
                .reshape(n, self.action_n)
            self.rewards = numpy.frombuffer(rewards, numpy.float32) \
                .reshape(n, players)
            # step()'s mover rewards by one flat index, not a pair of
            # them: rewards[arange(n), movers] took a tenth of a step
            self._flat_rewards = self.rewards.reshape(-1)
            self._row_at = numpy.arange(n) * players
            self.dones = numpy.frombuffer(dones, numpy.bool_)
            self.to_move = numpy.frombuffer(to_move, numpy.int32)
            self.legal_counts = numpy.frombuffer(legal, numpy.int32)
            self.legal_ids = numpy.frombuffer(ids, numpy.int32) \
                .reshape(n, width)
        else:
            self.observations = _Rows(memoryview(obs).cast("f"),
                                      self.obs_size)
            self.final_observations = _Rows(memoryview(final).cast("f"),
                                            self.obs_size)
            self.masks = _Rows(memoryview(mask).cast("b"), self.action_n)
            self.rewards = _Rows(memoryview(rewards).cast("f"), players)
            self.dones = memoryview(dones).cast("B")
            self.to_move = memoryview(to_move).cast("i")
            self.legal_counts = memoryview(legal).cast("i")
            self.legal_ids = _Rows(memoryview(ids).cast("i"), width)

    def step(self, actions: Any) -> Any:
        """Plays actions[i] (an action id legal in game i: its mask's, the
        first legal_counts[i] of legal_ids[i]; an int32 or int64 array,
        or a list) in every game at once.  With numpy, returns Gymnasium's
        (observations, rewards, terminations, truncations, infos): each
        game's reward of the seat that moved, whether it ended (and began
        again: same-step autoreset), infos["rewards"] every seat's and
        infos["to_move"] the seat to move now, and for the games that
        ended infos["final_obs"] and "final_info" (their last
        observation, from the mover's side; _final_obs, _final_info set
        for them)."""
        if isinstance(actions, (list, tuple)):
            import array
            actions = array.array("i", actions)
        elif numpy is not None:   # a column of legal_ids, say
            actions = numpy.ascontiguousarray(actions)
        if numpy is None:
            self._core.step(actions)
            return None
        movers_at = self._row_at + self.to_move
        self._core.step(actions)
        rewards = self._flat_rewards[movers_at]
        infos = {"rewards": self.rewards, "to_move": self.to_move}
        if self.dones.any():
            infos.update(self._finals())
        return (self._observation(), rewards, self.dones,
                numpy.zeros(self.n, numpy.bool_), infos)

    def _observation(self) -> Dict[str, Any]:
        return {"observation": self.observations, "action_mask": self.masks}

    def _finals(self) -> Dict[str, Any]:
        """Gymnasium's same-step final_obs and final_info of the games
        that ended this step."""
        final_obs = numpy.empty(self.n, object)   # each None
        final_info = numpy.empty(self.n, object)
        for i in self.dones.nonzero()[0]:
            final_obs[i] = {"observation": self.final_observations[i].copy(),
                            "action_mask": numpy.zeros(self.action_n,
                                                       numpy.int8)}
            final_info[i] = {"rewards": self.rewards[i].copy()}
        return {"final_obs": final_obs, "_final_obs": self.dones.copy(),
                "final_info": final_info, "_final_info": self.dones.copy()}

    def reset(self, *, seed: Any = None, options: Any = None) -> Any:
        """Games 1 to n of seed (a new random seed without one), as a new
        vector of them; returns (observations, infos) with numpy."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self._open(seed)
        if numpy is None:
            return None
        return self._observation(), {"to_move": self.to_move}

    def close(self, **kwargs: Any) -> None:
        self.closed = True

    def turn(self, i: int) -> str:
        """The turn message of game i's seat to move (its line)."""
        return self._core.turn(i)


def vector(game: str, n: int, players: int = 2, **options: Any) -> Vector:
    """n games of `game`; seed=... (default 0) seeds them all; their dice
    come from a fast generator seeded by the seed (draws="fast", the
    default), or with draws="keyed" from the referee's keyed draws."""
    return Vector(game, n, players, **options)
