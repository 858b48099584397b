"""Agents against each other, as Kaggle's env.run: arena_env.run().

An agent is a Python callable taking the `turn` message (a dict, exactly
as a bot's decide() receives it) and returning an action (an element of
turn["legal"]), or a bot's command line (a str), run by the referee
through the protocol (`referee play`, which the callables then join as
bots: arena_bot.run() makes each a bot program).  Both ways game k seats
the agents as `referee play` does, rotated by one seat each game, and
reports ranks and scores one per agent, in the order the agents are given.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from typing import Any, Callable, Dict, List, Sequence

from .env import Env, seed_hex


def _seating(game: int, players: int) -> List[int]:
    """The agent in each seat of game `game` (from 1): `referee play`
    seats bot (s + game - 1) % players in seat s (referee/play_match.c)."""
    return [(s + game - 1) % players for s in range(players)]


def _by_agent(values: List, seating: List[int]) -> List:
    """Per-seat values (a log's ranks or scores) in the agents' order."""
    out = [None] * len(seating)
    for seat, agent in enumerate(seating):
        out[agent] = values[seat]
    return out


def _play_callables(game: str, agents: Sequence[Callable[[Dict], Any]],
                    seed: Any, games: int, options: Dict[str, Any]) -> List:
    e = Env(game, len(agents), **options)
    results = []
    for k in range(games):
        if k == 0:
            e.reset(seed=seed)
        else:
            e.reset()
        seating = _seating(k + 1, len(agents))
        while e.to_move() >= 0:
            seat = e.to_move()
            turn = e.infos[e.possible_agents[seat]]["turn"]
            e.apply(agents[seating[seat]](turn))
        ranks, scores = e.result()
        results.append({"game": k + 1, "seating": seating,
                        "ranks": _by_agent(ranks, seating),
                        "scores": _by_agent(scores, seating),
                        "first_seat": e.facts()["first_seat"]})
    return results


def _referee() -> str:
    found = os.environ.get("ARENA_REFEREE") or shutil.which("referee")
    if not found:
        raise RuntimeError("a bot given by its command line is run by the "
                           "referee: put it on PATH or name it in "
                           "ARENA_REFEREE")
    return found


def _bot_command(agent: Any, folder: str, index: int) -> str:
    """A command line for an agent: its own, or a script that runs a
    callable through arena_bot.run() (the callable must be importable:
    a function of a module, not a lambda)."""
    if isinstance(agent, str):
        return agent
    module, name = agent.__module__, agent.__qualname__
    path = os.path.join(folder, "agent%d.py" % index)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    source = sys.modules[module].__file__ if module in sys.modules else None
    with open(path, "w", encoding="utf-8") as f:
        f.write("import sys\nsys.path[:0] = %r\n" % [
            here, os.path.dirname(os.path.abspath(source or "."))])
        f.write("import arena_bot, importlib\n")
        f.write("m = importlib.import_module(%r if %r != '__main__' else "
                "%r)\n" % (module, module, os.path.splitext(
                    os.path.basename(source or "x"))[0]))
        f.write("sys.exit(arena_bot.run(getattr(m, %r)))\n" % name)
    return "%s %s" % (sys.executable, path)


def _play_referee(game: str, agents: Sequence[Any], seed: Any, games: int,
                  options: Dict[str, Any], referee_args: Sequence[str]) -> List:
    with tempfile.TemporaryDirectory(prefix="arena-env-") as folder:
        out = os.path.join(folder, "out")
        command = [_referee(), "play", game, "--games", str(games),
                   "--seed", seed_hex(seed), "--out", out]
        for key, value in options.items():
            command += ["-o", "%s=%s" % (key, value)]
        command += list(referee_args)
        command += [_bot_command(a, folder, i) for i, a in enumerate(agents)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0 and not os.path.isdir(out):
            raise RuntimeError("referee play failed (%d): %s"
                               % (done.returncode, done.stderr.strip()))
        results = []
        for k in range(1, games + 1):
            path = os.path.join(out, "game-%06d.jsonl" % k)
            with open(path, encoding="utf-8") as f:
                records = [json.loads(line) for line in f]
            result = [r for r in records if r.get("type") == "result"]
            seating = _seating(k, len(agents))
            entry = {"game": k, "log": path, "seating": seating}
            if result:
                entry.update(ranks=_by_agent(result[-1]["ranks"], seating),
                             scores=_by_agent(result[-1]["scores"], seating))
            results.append(entry)
        return results


def run(game: str, agents: Sequence[Any], seed: Any = 0, games: int = 1,
        referee_args: Sequence[str] = (), **options: Any) -> List[Dict]:
    """Plays `games` games of `game` between agents (one a seat), game k
    dealt and seated as game k of `referee play --seed SEED` (agent
    (s + k - 1) % n in seat s); returns each game's seating (the agent in
    each seat) and its ranks and scores, one per agent in agents' order.
    All callables: in process.  Any command line among them: every agent
    through the referee (referee_args are added to its command, e.g.
    ["--no-sandbox"])."""
    if all(callable(a) for a in agents):
        return _play_callables(game, agents, seed, games, options)
    return _play_referee(game, agents, seed, games, options, referee_args)
