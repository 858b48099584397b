"""n games stepped in one C call (EnvPool's shape, auto-reset).

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

from typing import Any, Optional

from . import _core
from .env import _options_json, draws_mode, seed_hex

try:
    import numpy
except ImportError:
    numpy = None


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


class Vector:
    """See the module's documentation."""

    def __init__(self, game: str, n: int, players: int = 2, seed: Any = 0,
                 draws: Optional[str] = None, **options: Any) -> None:
        self.game_name, self.n, self.players = game, n, players
        self._core = _core.Vector(game, n, players, _options_json(options),
                                  seed_hex(seed), draws_mode(draws) != 0)
        (obs, mask, rewards, dones, to_move, legal, ids, self.obs_size,
         self.action_n, width) = self._core.outputs()
        if numpy is not None:
            self.observations = numpy.frombuffer(obs, numpy.float32) \
                .reshape(n, self.obs_size)
            self.masks = numpy.frombuffer(mask, numpy.int8) \
                .reshape(n, self.action_n)
            self.rewards = numpy.frombuffer(rewards, numpy.float32) \
                .reshape(n, players)
            self.dones = numpy.frombuffer(dones, numpy.bool_)
            self.to_move = numpy.frombuffer(to_move, numpy.int32)
            self.legal_counts = numpy.frombuffer(legal, numpy.int32)
            self.legal_ids = numpy.frombuffer(ids, numpy.int32) \
                .reshape(n, width)
        else:
            self.observations = _Rows(memoryview(obs).cast("f"),
                                      self.obs_size)
            self.masks = _Rows(memoryview(mask).cast("b"), self.action_n)
            self.rewards = _Rows(memoryview(rewards).cast("f"), players)
            self.dones = memoryview(dones).cast("B")
            self.to_move = memoryview(to_move).cast("i")
            self.legal_counts = memoryview(legal).cast("i")
            self.legal_ids = _Rows(memoryview(ids).cast("i"), width)

    def step(self, actions: Any) -> None:
        """Plays actions[i] (an action id legal in game i: its mask's, the
        first legal_counts[i] of legal_ids[i]; an int32 or int64 array,
        or a list) in every game at once."""
        if isinstance(actions, (list, tuple)):
            import array
            actions = array.array("i", actions)
        self._core.step(actions)

    def turn(self, i: int) -> str:
        """The turn message of game i's seat to move (its line)."""
        return self._core.turn(i)


def vector(game: str, n: int, players: int = 2, **options: Any) -> Vector:
    """n games of `game`; seed=... (default 0) seeds them all;
    draws="fast" draws their dice from a fast generator seeded by the
    seed rather than from the referee's keyed draws."""
    return Vector(game, n, players, **options)
