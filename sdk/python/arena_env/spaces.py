"""The spaces of the environments: Gymnasium's own when it is importable
(gymnasium.spaces.Box and Dict, and Discrete with a faster sample(mask):
ArenaDiscrete), else small classes of our own with
the members a training loop uses (n, shape, dtype, low, high, spaces,
seed(), sample(), contains()), so that the package needs no more than
Python.  numpy is used when installed: our Box's samples are then arrays.
"""

import math
import random
from typing import Any, Dict as DictType, Optional

from . import _core

try:
    import numpy
except ImportError:  # lists instead
    numpy = None

try:
    import gymnasium
    import gymnasium.vector
except ImportError:
    gymnasium = None

# The bound of every observation number: float32 holds each integer up
# to it exactly, and no game's numbers (scores, dice, cells) reach it.
OBS_BOUND = float(2 ** 24)


class OwnDiscrete:
    """n actions, 0 to n - 1 (gymnasium.spaces.Discrete's members)."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n, self.start, self.shape = n, 0, ()
        self.dtype = numpy.dtype(numpy.int64) if numpy is not None else int
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> list:
        self._rng.seed(seed)
        return [seed]

    def sample(self, mask: Any = None, probability: Any = None) -> int:
        """A random action, among those mask sets when given (none set:
        0, as gymnasium's)."""
        if probability is not None:
            raise ValueError("this Discrete samples with a mask only")
        if mask is None:
            return self._rng.randrange(self.n)
        try:  # a mask of bytes (the environments'), read in C
            return _core.mask_choice(mask, self._rng.randrange)
        except (TypeError, ValueError, BufferError):  # a list, wider items
            allowed = [i for i, m in enumerate(mask) if m]
        return self._rng.choice(allowed) if allowed else 0

    def contains(self, x: Any) -> bool:
        if numpy is not None and isinstance(x, numpy.integer):
            x = int(x)
        return isinstance(x, int) and not isinstance(x, bool) \
            and 0 <= x < self.n

    __contains__ = contains

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, OwnDiscrete) and other.n == self.n

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n


class OwnBox:
    """Numbers of one shape between low and high (gymnasium's Box)."""

    def __init__(self, low: float, high: float, shape: tuple,
                 dtype: Any) -> None:
        self.low, self.high, self.shape, self.dtype = low, high, shape, dtype
        self._rng = random.Random()

    def seed(self, seed: Optional[int] = None) -> list:
        self._rng.seed(seed)
        return [seed]

    def sample(self, mask: Any = None) -> Any:
        size = math.prod(self.shape)
        if self.high - self.low <= 1 or self.dtype is int or (
                numpy is not None and numpy.dtype(self.dtype).kind in "iu"):
            values = [self._rng.randint(int(self.low), int(self.high))
                      for _ in range(size)]
        else:
            values = [self._rng.uniform(self.low, self.high)
                      for _ in range(size)]
        return numpy.array(values, self.dtype).reshape(self.shape) \
            if numpy is not None else values

    def contains(self, x: Any) -> bool:
        # An array is checked whole: element by element in Python, one
        # check of Black-Pot's mask of 215,930 took 0.4 s.
        if numpy is not None and isinstance(x, numpy.ndarray):
            return x.shape == self.shape and bool(
                ((x >= self.low) & (x <= self.high)).all())
        try:
            return len(x) == self.shape[0] and \
                all(self.low <= v <= self.high for v in x)
        except TypeError:
            return False

    __contains__ = contains

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, OwnBox) and (
            other.low, other.high, other.shape) == (
            self.low, self.high, self.shape)

    def __repr__(self) -> str:
        return "Box(%s, %s, %s)" % (self.low, self.high, self.shape)


class OwnDict:
    """Named spaces (gymnasium's Dict)."""

    def __init__(self, spaces: DictType[str, Any]) -> None:
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def __iter__(self):
        return iter(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def seed(self, seed: Optional[int] = None) -> list:
        return [space.seed(None if seed is None else seed + i)
                for i, space in enumerate(self.spaces.values())]

    def sample(self, mask: Any = None) -> dict:
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and \
            all(s.contains(x[k]) for k, s in self.spaces.items())

    __contains__ = contains

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, OwnDict) and other.spaces == self.spaces

    def __repr__(self) -> str:
        return "Dict(%r)" % self.spaces


if gymnasium is not None:
    class ArenaDiscrete(gymnasium.spaces.Discrete):
        """gymnasium's Discrete, whose sample(mask) of an environment's
        mask reads the ids the mask knows (mask.c) where gymnasium's own
        reads every byte in numpy (7 to 10 times a step's time): the same
        id from the same np_random, drawn as its np_random.choice()
        does; any other mask or argument is gymnasium's own."""

        # (np_random, n, its capsule and lock, start, the ids' numpy
        # scalars made so far, their type), for the draw (mask.h)
        _bits: Any = (None,)

        def sample(self, mask: Any = None, probability: Any = None) -> Any:
            if mask is not None and probability is None:
                # the np_random property is a Python call: only unseeded
                gen, bits = self._np_random or self.np_random, self._bits
                if gen is not bits[0]:
                    source = gen.bit_generator
                    bits = self._bits = (gen, int(self.n), source.capsule,
                                         source.lock, int(self.start), {},
                                         self.dtype.type)
                drawn = _core.mask_sample(mask, bits)
                if drawn is not None:
                    return drawn
            return super().sample(mask, probability)


def discrete(n: int) -> Any:
    """The action space of a table of n ids."""
    if gymnasium is not None:
        return ArenaDiscrete(n)
    return OwnDiscrete(n)


def box(size: int, low: float, high: float, mask: bool = False) -> Any:
    """size numbers from low to high: float32, or int8 for a mask."""
    if gymnasium is not None:
        dtype = numpy.int8 if mask else numpy.float32
        return gymnasium.spaces.Box(low, high, (size,), dtype)
    if numpy is not None:
        return OwnBox(low, high, (size,),
                      numpy.int8 if mask else numpy.float32)
    return OwnBox(low, high, (size,), int if mask else float)


def batched(space: Any, n: int) -> Any:
    """n of `space` (a vector's spaces): gymnasium's batch_space, or our
    Box of n rows (a MultiDiscrete's bounds, for actions)."""
    if gymnasium is not None:
        return gymnasium.vector.utils.batch_space(space, n)
    if isinstance(space, OwnDiscrete):
        return OwnBox(0, space.n - 1, (n,), space.dtype)
    return OwnDict({k: OwnBox(s.low, s.high, (n,) + s.shape, s.dtype)
                    for k, s in space.spaces.items()})


def observation_space(obs_size: int, action_n: int) -> Any:
    """{"observation": numbers, "action_mask": 0/1 an action id}."""
    spaces = {"observation": box(obs_size, -OBS_BOUND, OBS_BOUND),
              "action_mask": box(action_n, 0, 1, mask=True)}
    if gymnasium is not None:
        return gymnasium.spaces.Dict(spaces)
    return OwnDict(spaces)
