"""One seat against fixed opponents as a single-agent Gymnasium
environment: arena_env.gym_env() (a gymnasium.Env when gymnasium is
importable, the same members otherwise).

Episode k of a seed puts the learner in seat (k - 1) mod players (so it
plays every seat in turn, as `referee play` rotates its bots), game k of
the seed dealt as env()'s; the opponents, callables of the turn message,
play the other seats (opponent j the j-th seat after the learner's)
until the learner is to move or the game is over.  The observation and
the action ids are env()'s (docs/ENVIRONMENT.md); the reward comes at the
end: the learner's env() reward.  An illegal id ends the episode with
reward -1, as the referee forfeits a bot that plays an illegal move.
"""

import random
from typing import Any, Callable, Dict, Sequence, Tuple

from .env import Env
from .spaces import discrete

try:
    import gymnasium
    _Base = gymnasium.Env
except ImportError:  # the same members, without Gymnasium
    gymnasium = None
    _Base = object


class GymEnv(_Base):
    """See the module's documentation."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponents: Sequence[Callable[[Dict], Any]],
                 **options: Any) -> None:
        for i, opponent in enumerate(opponents):
            if not callable(opponent):
                raise ValueError(
                    "opponent %d is %r: gym_env's opponents are callables "
                    "of the turn message (a bot's command line is not run "
                    "in process; arena_env.run() plays bot programs)"
                    % (i, opponent))
        self.opponents = list(opponents)
        self.players = len(opponents) + 1
        self.env = Env(game, self.players, **options)
        self.observation_space = self.env.observation_space("player_0")
        self.action_space = discrete(self.env.action_space("player_0").n)
        self.render_mode = "ansi"
        self.seat = 0
        self._episode = 0
        self._over = True
        self._chance = random.Random()  # explicit chance's draws

    def reset(self, *, seed: Any = None,
              options: Any = None) -> Tuple[Dict, Dict]:
        """Episode 1 of seed (the learner in seat 0); without one, the
        next episode (the next game, the next seat)."""
        if gymnasium is not None:
            super().reset(seed=seed if isinstance(seed, int) else None)
        if seed is not None:
            self._chance.seed(seed)
            self.env.reset(seed=seed)
            self._episode = 1
        else:
            self.env.reset()
            self._episode += 1
        self.seat = (self._episode - 1) % self.players
        self._over = False
        return self._play_others()[0], self._info()

    def _info(self) -> Dict[str, Any]:
        return {"seat": self.seat, "turn": self.env.infos.get(
            self.env.possible_agents[self.seat], {}).get("turn")}

    def _play_others(self) -> Tuple[Dict, float, bool]:
        """The opponents play until the learner is to move or the game
        is over: the learner's observation, reward and whether it ended."""
        e = self.env
        while 0 <= e.to_move() != self.seat:
            mover = e.to_move()
            if mover == self.players:  # chance="explicit": by its odds
                ids, odds = zip(*e.chance_outcomes())
                e.step(self._chance.choices(ids, odds)[0])
                continue
            turn = e.infos[e.possible_agents[mover]]["turn"]
            e.apply(self.opponents[(mover - self.seat - 1) % self.players](
                turn))
        obs = e.observe(e.possible_agents[self.seat])
        if e.to_move() >= 0:
            return obs, 0.0, False
        self._over = True
        return obs, float(e._game.rewards()[self.seat]), True

    def step(self, action: Any) -> Tuple[Dict, float, bool, bool, Dict]:
        """The learner plays the action of id `action`; then the
        opponents until its next turn or the end."""
        if self._over:
            raise ValueError("the episode is over: reset() starts the next")
        if int(action) not in self.env.legal_ids():
            self._over = True
            info = self._info()
            info["illegal"] = "action %d is not legal now: the episode ends " \
                "as a forfeit, reward -1" % int(action)
            return self.env.observe(self.env.possible_agents[self.seat]), \
                -1.0, True, False, info
        self.env.step(int(action))
        obs, reward, done = self._play_others()
        return obs, reward, done, False, self._info()

    def render(self) -> str:
        return self.env.render()

    def close(self) -> None:
        pass


def gym_env(game: str, opponents: Sequence[Callable[[Dict], Any]],
            **options: Any) -> GymEnv:
    """A single-agent environment of `game` for the seat it rotates
    through, against `opponents` (one for each other seat; the number of
    players is theirs plus one), with the game's options."""
    return GymEnv(game, opponents, **options)
