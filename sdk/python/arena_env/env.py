"""One game as a PettingZoo AEC environment: an AECEnv when pettingzoo is
importable, with Gymnasium's spaces when gymnasium is; else classes of
its own with the same members (spaces.py).

Agents are "player_0", "player_1", ... (seat i).  An action is an id of
the game's fixed table (docs/ENVIRONMENT.md, "Action ids": the same move
in every state and seat); the observation is {"observation": numbers,
"action_mask": 1 for each legal id} (numpy arrays when numpy is
installed, lists otherwise), and
info["turn"] is the exact `turn` message the referee would send that seat
(info["turn_line"] the line itself), so that a policy of turn messages
runs as a bot unchanged.  Game k of seed s draws its dice from a fast
generator seeded by s (training); with draws="keyed" it deals the dice
of game k of `referee play --seed s` (docs/ENVIRONMENT.md).
"""

import array
import itertools
import json
import math
import os
from typing import Any, Dict, Iterator, List, Optional

from . import _core
from .spaces import discrete, observation_space

try:
    from pettingzoo import AECEnv as _Base
except ImportError:  # the same members, without PettingZoo
    _Base = object

try:
    import numpy
except ImportError:  # lists instead
    numpy = None

# What _core.Aec makes an observation's array with: numpy.empty and the
# dtype, as a dtype (a type would be looked up at each call); unused
# without numpy: observe() makes lists then.
_NUMPY_NEW = (numpy.empty, numpy.dtype(numpy.float32)) \
    if numpy is not None else (None, None)


def seed_hex(seed: Any) -> str:
    """The referee's --seed text of a seed: an int as its bytes in
    lowercase hex (0 is "00", 256 "0100"), a str as it is, bytes in hex."""
    if isinstance(seed, bool) or seed is None:
        raise ValueError("a seed is an int, hex text or bytes, not %r" % seed)
    if isinstance(seed, int):
        if seed < 0:
            raise ValueError("a seed is a non-negative int, not %d" % seed)
        text = "%x" % seed
        return "0" * (len(text) % 2) + text
    if isinstance(seed, (bytes, bytearray)):
        return bytes(seed).hex()
    return str(seed)


class _Info(dict):
    """An agent's info: "turn" and "turn_line" made only when asked for.
    _core.Aec makes the mover's after each action, setting its game and
    seat (no __init__: a call of Python code a step), and sets the one
    before it to refuse to be read (_game False)."""

    __slots__ = ("_game", "_seat")

    def _fill(self) -> None:
        if self._game is False:   # its turn was played before it was read
            raise RuntimeError("this info is of a turn played since: its "
                               "\"turn\" is made when first read, so read "
                               "it before step()")
        if self._game is None or dict.__contains__(self, "turn_line"):
            return
        line = self._game.turn() if self._game.to_move() == self._seat \
            else None
        dict.__setitem__(self, "turn_line", line)
        dict.__setitem__(self, "turn", json.loads(line) if line else None)
        self._game = None

    def __missing__(self, key: str) -> Any:
        if key in ("turn", "turn_line"):
            self._fill()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return key in ("turn", "turn_line") or dict.__contains__(self, key)

    def __iter__(self) -> Iterator[str]:
        self._fill()
        return dict.__iter__(self)

    def keys(self):  # type: ignore[override]
        self._fill()
        return dict.keys(self)

    def items(self):  # type: ignore[override]
        self._fill()
        return dict.items(self)

    def values(self):  # type: ignore[override]
        self._fill()
        return dict.values(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        return dict.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]


# What an environment is given at most (docs/ENVIRONMENT.md, "Bounds"),
# checked before anything is made of it: a serialized game is a few kB,
# and a hostile one must cost no more than a long game does.
MAX_TEXT = 1 << 23          # characters of a serialized game
MAX_ACTIONS = 100000        # actions of a game (random play: 4,244 at most)
MAX_OPTIONS = 16            # options given (a game has 4 at most)
MAX_OPTION_TEXT = 127       # characters of an option's name or text value
MAX_NUMBER = 2 ** 64 - 1    # a game's number in its seed's run


def _shown(value: Any) -> str:
    """A value as a message shows it: its repr, cut to 40 characters (an
    int too long to print as its bits)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return "an int of %d bits" % value.bit_length()
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(name: str, value: Any, low: int, high: int) -> int:
    """value, an int (not a bool) from low to high; TypeError or
    ValueError naming the field and its range."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s is an int from %d to %d, not %s"
                        % (name, low, high, _shown(value)))
    if not low <= value <= high:
        raise ValueError("%s is an int from %d to %d, not %s"
                         % (name, low, high, _shown(value)))
    return value


def _players(players: Any) -> int:
    """players, an int (not a bool, not a float): the game's own range is
    checked by the C core, before anything is made of it."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise TypeError("players is an int (the number of seats), not %s"
                        % _shown(players))
    return players


def _checked_options(options: Dict[str, Any]) -> Dict[str, Any]:
    """The options given, at most MAX_OPTIONS, each value a text of at
    most MAX_OPTION_TEXT characters or an int; their names and ranges
    are the game's, which the C core checks (its messages name them)."""
    if not isinstance(options, dict):
        raise TypeError("options is a dict of the game's options, not %s"
                        % _shown(options))
    if len(options) > MAX_OPTIONS:
        raise ValueError("%d options given: a game takes at most %d"
                         % (len(options), MAX_OPTIONS))
    for name, value in options.items():
        if not isinstance(name, str) or len(name) > MAX_OPTION_TEXT:
            raise ValueError("option %s is no option's name (referee games "
                             "GAME lists them)" % _shown(name))
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise TypeError("option '%s' is a text or an int, not %s"
                            % (name, _shown(value)))
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT or \
                isinstance(value, int) and abs(value) >= 2 ** 63:
            raise ValueError("option '%s' is given %s: no option takes "
                             "one so long" % (name, _shown(value)))
    return dict(options)


def _options_json(options: Dict[str, Any]) -> Optional[str]:
    return json.dumps(_checked_options(options)) if options else None


def _word(name: str, value: Optional[str], default: str, other: str) -> str:
    """An option of two words: `value`, the default for None; ValueError
    for anything else."""
    if value is None:
        return default
    if value in (default, other):
        return value
    raise ValueError('%s is "%s" (the default) or "%s", not %r'
                     % (name, default, other, value))


def draws_mode(draws: Optional[str]) -> int:
    """draws=: "fast" (the default) a fast generator seeded by the seed,
    for training; "keyed" the referee's draws from the seed, which a log
    needs.  The C mode bit: FAST_DRAWS for "fast"."""
    return _core.FAST_DRAWS \
        if _word("draws", draws, "fast", "keyed") == "fast" else 0


def _chance_mode(chance: Optional[str]) -> int:
    """chance=: "implicit", the draws made inside step(); "explicit",
    each a turn of the agent "chance"."""
    return _core.EXPLICIT_CHANCE \
        if _word("chance", chance, "implicit", "explicit") == "explicit" else 0


# The values opened, for every Env of the same game, players, options and
# tables folder: another target's tables are solved once a process.
_VALUES: Dict[tuple, "_core.Values"] = {}


class Env(_Base):
    """One game of the referee's rules; see the module's documentation."""

    def __init__(self, game: str, players: int = 2,
                 chance: Optional[str] = None, draws: Optional[str] = None,
                 **options: Any) -> None:
        self.game_name = game
        self.players = _players(players)
        self.options = _checked_options(options)
        self.chance_mode, self.draws = chance or "implicit", draws or "fast"
        self._modes = _chance_mode(chance) | draws_mode(draws)
        self.metadata = {"name": game, "is_parallelizable": False,
                         "render_modes": ["ansi"]}
        self.render_mode = "ansi"
        self._seed = seed_hex(int.from_bytes(os.urandom(8), "little"))
        self._number = 0
        # the game first: the C core checks the players against the
        # game's range before a list of agents is made of them
        self._new_core()
        self.possible_agents = ["player_%d" % i for i in range(players)] + \
            (["chance"] if self._modes & _core.EXPLICIT_CHANCE else [])
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self._new_aec()
        obs_size, self._action_n = self._game.sizes()
        self._obs_size = obs_size
        self.action_spaces = self._action_spaces()
        self.observation_spaces = {
            a: observation_space(obs_size, self._ids(a))
            for a in self.possible_agents}
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.agent_selection = self.possible_agents[0]

    # --- the AEC API -------------------------------------------------------
    def reset(self, seed: Any = None, options: Any = None) -> None:
        """Game 1 of seed (an int, hex or bytes); without one, the next
        game of the seed given last (a random seed at first).  A seed
        also seeds the action spaces (agent i's with the seed's number
        plus i), so that their samples repeat too."""
        if seed is not None:
            self._seed = seed_hex(seed)
            self._number = 0
            self._new_game()
            base = int(self._seed, 16) % 2 ** 31
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(base + i)
        self._number += 1
        self._game.reset(self._number)
        self._begin()

    def _ids(self, agent: str) -> int:
        """The size of an agent's table of ids: the game's, or the chance
        agent's (the most outcomes a draw has)."""
        return _core.CHANCE_IDS if agent == "chance" else self._action_n

    def _action_spaces(self) -> Dict[str, Any]:
        return {a: discrete(self._ids(a)) for a in self.possible_agents}

    def _new_game(self) -> None:
        """Game 1 of the seed, and the C bookkeeping of its AEC dicts."""
        self._new_core()
        self._new_aec()

    def _new_core(self) -> None:
        self._game = _core.Game(self.game_name, self.players,
                                _options_json(self.options), self._seed, 1,
                                modes=self._modes)

    def _new_aec(self) -> None:
        self._aec = _core.Aec(self._game, tuple(self.possible_agents),
                              _Info, *_NUMPY_NEW)

    def _bind(self) -> None:
        """Hands this game's list of agents and dicts to the C side."""
        self._aec.bind(self.agents, self.rewards, self._cumulative_rewards,
                       self.terminations, self.truncations, self.infos)

    def _begin(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict(self.rewards)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict(self.terminations)
        self.infos = {}
        self._bind()
        self._after_step()

    def _after_step(self) -> None:
        """After an action: the agent to move, or at the end of the game
        every agent's reward (into rewards and _cumulative_rewards), its
        termination, and the first agent left selected for its dead step;
        the infos made again (_core.Aec.after)."""
        self.agent_selection = self._aec.after(self.agent_selection)

    def step(self, action: Optional[int]) -> None:
        """The agent selected plays the legal action of id `action`; once
        the game is over, None removes it (PettingZoo's dead step: its
        entries leave every dict, and rewards are cleared).  The
        bookkeeping is _core.Aec.step's, in C."""
        self.agent_selection = self._aec.step(self.agent_selection, action)

    def observe(self, agent: str) -> Dict[str, Any]:
        seat = self._seats[agent]
        if numpy is not None:
            return self._aec.observe(seat)
        obs = array.array("f", bytes(4 * self._obs_size))
        mask = bytearray(self._ids(agent))
        self._game.observe(seat, obs, mask)
        return {"observation": obs.tolist(), "action_mask": list(mask)}

    def last(self, observe: bool = True) -> tuple:
        agent = self.agent_selection
        if numpy is not None:   # observe()'s, made by the same C call
            return self._aec.last(agent, True if observe else None)
        return self._aec.last(agent, self.observe(agent) if observe
                              else None)

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "Env":
        return self

    def __str__(self) -> str:
        return self.game_name

    def action_space(self, agent: str) -> Any:
        """Discrete(n): n the size of the game's table of ids."""
        return self.action_spaces[agent]

    def observation_space(self, agent: str) -> Any:
        """Dict of "observation" (a float32 Box) and "action_mask" (an
        int8 Box of 0 and 1, one an action id)."""
        return self.observation_spaces[agent]

    def observation_size(self) -> int:
        return self._obs_size

    def close(self) -> None:
        pass

    def render(self) -> str:
        return self._game.view(-1)

    # --- beyond AEC: the rules' own terms, for search -----------------------
    def legal(self) -> List[Any]:
        """The legal actions of the agent to move, as the referee lists
        them (the JSON values a bot sends)."""
        return json.loads(self._game.legal())

    def legal_ids(self) -> List[int]:
        """The ids of legal(), ascending (OpenSpiel's order; legal()'s
        own in every game but Black-Pot)."""
        return self._game.legal_ids()

    def action_json(self, action_id: int) -> Any:
        """The action of an id as a bot sends it (the dice games and Rolit:
        any id of the table; Black-Pot: a legal one); ValueError else."""
        text = self._game.action_json(int(action_id))
        if text is None:
            raise ValueError("%s has no action of id %r now: its ids are 0 "
                             "to %d, and a game without a table of every "
                             "action (Black-Pot) names its legal ones only"
                             % (self.game_name, action_id,
                                self._action_n - 1))
        return json.loads(text)

    def action_id(self, action: Any) -> int:
        """The id of an action given as a bot sends it (a JSON value): in
        the dice games and Rolit its id in the table; in Black-Pot the id
        of the cells it fills, when the rules would take it now (any
        expression of the roll naming them).  ValueError else, saying
        why."""
        return self._game.action_id(json.dumps(action))

    def apply(self, action: Any, outcome: Any = None) -> None:
        """The agent to move plays this action (a JSON value, checked by
        the rules); ValueError with the referee's reason if illegal.  With
        an outcome (faces, from chance_outcomes()), the first roll the
        action makes throws those faces instead of drawing them."""
        if outcome is not None:
            dice = self._game.roll_size(json.dumps(action))
            if len(outcome) != dice:
                raise ValueError("%s rolls %d dice, not the %d of %r" % (
                    json.dumps(action), dice, len(outcome), outcome))
            self._game.load(list(outcome))
        self._game.apply(json.dumps(action))
        self._after_step()

    def chance_outcomes(self, action: Any = None) -> List[tuple]:
        """Without an action, with explicit chance: the outcomes of the
        chance node, (id, exact probability) for each id the chance agent
        may play, in id order ([] where a player is to move).  With an
        action (an id or a JSON value, the dice games, implicit chance):
        the outcomes of the first roll it makes, (faces, probability) for
        every sorted set of faces, [] when it makes no roll."""
        if action is None:
            return self._game.chance_outcomes()
        if isinstance(action, int) and not isinstance(action, bool):
            action = self.action_json(action)
        dice = self._game.roll_size(json.dumps(action))
        outcomes = []
        for faces in itertools.combinations_with_replacement(range(1, 7),
                                                             dice):
            ways = math.factorial(dice)
            for face in set(faces):
                ways //= math.factorial(faces.count(face))
            outcomes.append((faces, ways / 6 ** dice))
        return outcomes if dice else []

    # --- the exact values of the solved games (docs/ENVIRONMENT.md) --------
    def _values(self, tables: Optional[str]) -> "_core.Values":
        key = (self.game_name, self.players, _options_json(self.options),
               tables)
        if key not in _VALUES:
            _VALUES[key] = _core.Values(self._game, tables)
        return _VALUES[key]

    def values(self, tables: Optional[str] = None) -> Dict[str, Any]:
        """The exact values of this state, from the values library that
        `referee grade` uses (two-player bolo, and bolo5 without the
        Yahtzee clause): {"exact": True, "how": where the values came
        from, "chance": each seat's chance to win (a draw counts half; the
        result once over), "actions": for each legal action in legal()'s
        order {"id", "action", "value": the chance to win of the seat to
        move after it, "chance": whether dice are rolled after it}}.
        `tables`: a folder where the tables of a target other than 10000
        are kept (solved once, then read).  ValueError, with the reason,
        for a game that has no exact values."""
        v = self._values(None if tables is None else os.fspath(tables))
        legal = self.legal()
        return {"exact": True, "how": v.how(), "chance": v.state(self._game),
                "actions": [{"id": i, "action": action, "value": value,
                             "chance": rolls} for (i, value, rolls), action
                            in zip(v.actions(self._game), legal)]}

    def chance_values(self, action: Any,
                      tables: Optional[str] = None) -> List[tuple]:
        """The outcomes of the roll that `action` (an id or a JSON action
        of the seat to move) makes, each with its exact probability and
        each seat's chance to win after it: (faces, probability, chances),
        the faces sorted, in the order of chance_outcomes(); [] for an
        action that rolls no dice.  A bank's roll is the next turn's,
        after which values() answers: ValueError for it, as for a game
        without exact values."""
        if isinstance(action, int) and not isinstance(action, bool):
            action = self.action_json(action)
        v = self._values(None if tables is None else os.fspath(tables))
        if not self._game.roll_size(json.dumps(action)):
            return []
        found = v.outcomes(self._game, self.action_id(action))
        if found is None:
            raise ValueError("%s: the values of its outcomes are not given "
                             "(the roll is the next turn's: ask values() "
                             "after it)" % json.dumps(action))
        outcomes, of = found
        return sorted((faces, ways / of, chances) for faces, ways, chances
                      in outcomes)

    def to_move(self) -> int:
        """The seat to move, -1 once the game is over."""
        return self._game.to_move()

    def result(self) -> Optional[tuple]:
        """(ranks, scores) of a finished game, as the referee ranks it."""
        return self._game.result()

    def facts(self) -> Dict[str, Any]:
        """The game's number, game_id, rules version, options, first seat
        and the actions played so far."""
        return json.loads(self._game.info())

    def save_log(self, path: str) -> None:
        """Writes the finished game to a new file at `path` as a game log
        that `referee replay` shows and `referee verify --unsigned` checks
        through the rules: unsigned, its dice from the seed, its header
        marked "refereed": false.  ValueError for a game still on, a game
        whose dice were not the seed's keyed draws (draws="fast", the
        default, explicit chance, or apply() with an outcome) or a file
        that exists or cannot be written."""
        self._game.save_log(os.fspath(path),
                            list(self.possible_agents[:self.players]))

    def clone(self) -> "Env":
        """An independent copy of the environment at this point."""
        copy = Env.__new__(Env)
        copy.__dict__.update(self.__dict__)
        copy._game = self._game.clone()
        copy._aec = _core.Aec(copy._game, tuple(self.possible_agents),
                              _Info, *_NUMPY_NEW)
        copy.action_spaces = self._action_spaces()
        copy.agents = list(self.agents)
        for name in ("rewards", "terminations", "truncations",
                     "_cumulative_rewards"):
            setattr(copy, name, dict(getattr(self, name)))
        copy.infos = {}
        copy._bind()
        copy._aec.infos()
        return copy

    def serialize(self) -> str:
        """The game as text: its game, players, options, seed, number and
        the actions played; deserialize() plays them again."""
        return json.dumps({"game": self.game_name, "players": self.players,
                           "options": self.options, "seed": self._seed,
                           "chance": self.chance_mode, "draws": self.draws,
                           "number": self._number,
                           "actions": self.facts()["actions"],
                           "loads": self.facts()["loads"]})

    @staticmethod
    def deserialize(text: str) -> "Env":
        """The game of a text of serialize(), played again.  Every field
        is checked before anything is made of it (docs/ENVIRONMENT.md,
        "Bounds"): ValueError or TypeError naming the field and what it
        takes, for a text that is no such game or is past the bounds."""
        data = _serialized(text)
        e = Env(data["game"], data["players"], data.get("chance"),
                data.get("draws"), **data["options"])
        e.reset(seed=data["seed"])
        if data["number"] != 1:
            e._number = data["number"] - 1
            e.reset()
        loads = dict(_loads(data.get("loads", []), len(data["actions"])))
        for step, action in enumerate(data["actions"]):
            e.apply(action, loads.get(step))
        if len(data["actions"]) in loads:
            e._game.load(loads[len(data["actions"])])
        return e


def _serialized(text: Any) -> Dict[str, Any]:
    """The fields of a serialized game, each of its type and within its
    bounds; the game's own checks (players, options, seed, actions) are
    the C core's, made before anything is allocated by them."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError("a serialized game is a text, not %s" % _shown(text))
    if len(text) > MAX_TEXT:
        raise ValueError("the text is %d characters: a serialized game is "
                         "at most %d" % (len(text), MAX_TEXT))
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("the text nests too deep to be a serialized game") \
            from None
    if not isinstance(data, dict):
        raise TypeError("a serialized game is a JSON object, not %s"
                        % _shown(data))
    for name in ("game", "players", "options", "seed", "number", "actions"):
        if name not in data:
            raise ValueError("the serialized game has no \"%s\"" % name)
    for name in ("game", "seed"):
        if not isinstance(data[name], str):
            raise TypeError("%s is a text, not %s" % (name, _shown(data[name])))
    _players(data["players"])
    _checked_options(data["options"])
    _whole("number", data["number"], 1, MAX_NUMBER)
    if not isinstance(data["actions"], list):
        raise TypeError("actions is a list, not %s" % _shown(data["actions"]))
    if len(data["actions"]) > MAX_ACTIONS:
        raise ValueError("%d actions: a game has at most %d"
                         % (len(data["actions"]), MAX_ACTIONS))
    return data


def _loads(loads: Any, actions: int) -> Iterator[tuple]:
    """The dice chosen of a serialized game: (step, faces) pairs, step 0
    to the number of actions, faces a list (the C core checks them)."""
    if not isinstance(loads, list) or len(loads) > actions + 1:
        raise ValueError("loads is a list of at most %d [step, faces] "
                         "pairs, not %s" % (actions + 1, _shown(loads)))
    for pair in loads:
        if not isinstance(pair, list) or len(pair) != 2 or \
                not isinstance(pair[1], list):
            raise ValueError("a load is a pair [step, faces], not %s"
                             % _shown(pair))
        yield _whole("a load's step", pair[0], 0, actions), pair[1]


def env(game: str, players: int = 2, chance: Optional[str] = None,
        draws: Optional[str] = None, **options: Any) -> Env:
    """One game of `game` for `players`, with the game's options
    (referee games GAME lists them: target=5000, size=6, ...);
    chance="explicit" makes every draw a turn of the agent "chance";
    the dice come from a fast generator seeded by the seed (draws="fast",
    the default), or with draws="keyed" from the referee's verifiable
    draws, as `referee play --seed` deals them and save_log() needs
    (docs/ENVIRONMENT.md)."""
    return Env(game, players, chance, draws, **options)
