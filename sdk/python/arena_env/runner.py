"""Agents against each other, as Kaggle's env.run: arena_env.run().

An agent is a Python callable taking the `turn` message (a dict, exactly
as a bot's decide() receives it) and returning an action (an element of
turn["legal"]), or a bot's command line (a str), run by the referee
through the protocol (`referee play`, which the callables then join as
bots: arena_bot.run() makes each a bot program).  Both ways game k seats
the agents as `referee play` does, rotated by one seat each game, and
reports ranks and scores one per agent, in the order the agents are given,
and the forfeits of each game with their reasons.  A callable that cannot
run as a bot program (a lambda, a closure, a script without a __main__
guard) is refused before the first game; its bot program imports a copy
of its module's file, which the sandbox shows it.
"""

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from typing import Any, Callable, Dict, List, Sequence

from .env import Env, seed_hex


def _seating(game: int, players: int) -> List[int]:
    """The agent in each seat of game `game` (from 1): `referee play`
    seats bot (s + game - 1) % players in seat s (referee/run/play_match.c)."""
    return [(s + game - 1) % players for s in range(players)]


def _by_agent(values: List, seating: List[int]) -> List:
    """Per-seat values (a log's ranks or scores) in the agents' order."""
    out = [None] * len(seating)
    for seat, agent in enumerate(seating):
        out[agent] = values[seat]
    return out


def _play_callables(game: str, agents: Sequence[Callable[[Dict], Any]],
                    seed: Any, games: int, options: Dict[str, Any]) -> List:
    # the referee's keyed draws, so that game k deals referee play's
    e = Env(game, len(agents), draws="keyed", **options)
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
                        "first_seat": e.facts()["first_seat"],
                        "forfeits": []})   # a bad action raises instead
    return results


def _referee() -> str:
    found = os.environ.get("ARENA_REFEREE") or shutil.which("referee")
    if not found:
        raise RuntimeError("a bot given by its command line is run by the "
                           "referee: put it on PATH or name it in "
                           "ARENA_REFEREE")
    return found


def _sdk() -> List[str]:
    """The folders of arena_bot and arena_env, which a callable's bot reads
    and imports: two of each in a build outside the source tree (the
    Python files in the source tree's, the extensions in the build
    tree's: their __path__ holds both)."""
    import arena_bot
    packages = (arena_bot, sys.modules[__package__])
    return list(dict.fromkeys(os.path.abspath(folder) for package in
                              packages for folder in package.__path__))

_GUARD = re.compile(r"""^if\s+__name__\s*==\s*['"]__main__['"]\s*:""", re.M)


def _refusal(agent: Any, index: int) -> str:
    """Why the callable `agent` cannot run as a bot program, and what to
    do; "" when it can.  Its bot program imports it by name from a copy
    of its module's file, in a fresh process (the sandbox's, unless
    --no-sandbox)."""
    name = getattr(agent, "__qualname__", None)
    module = getattr(agent, "__module__", None)
    what = "agent %d (%s)" % (index, name or repr(agent))
    if name is None or module is None:
        return "%s is not a function or class a bot program can import " \
            "by name: give a function defined with def at the top level " \
            "of a module, or a bot's command line" % what
    if name == "<lambda>" or name.endswith(".<lambda>"):
        return "%s is a lambda, which a bot program cannot import by " \
            "name: define it with def at the top level of a module" % what
    if "<locals>" in name or getattr(agent, "__closure__", None):
        return "%s is defined inside a function (a closure), which a bot " \
            "program cannot import: define it at the top level of a " \
            "module, taking what it needs from there" % what
    if "." in name:
        return "%s is a method, which a bot program cannot import by " \
            "name: define a function at the top level of a module" % what
    source = getattr(sys.modules.get(module), "__file__", None)
    if not source:
        return "%s is defined in an interactive session, not in a file a " \
            "bot program can import: define it in a module's file" % what
    if module == "__main__":
        try:
            with open(source, encoding="utf-8") as f:
                text = f.read()
        except OSError as error:
            return "%s: its script %s cannot be read (%s)" % (
                what, source, error.strerror)
        if not _GUARD.search(text):
            return "%s is in the script %s, which has no `if __name__ == " \
                "\"__main__\":` guard: its bot program imports the " \
                "script, which would play the whole script again; put " \
                "what the script does under that guard" % (what, source)
    return ""


def _bot_command(agent: Any, folder: str, index: int) -> str:
    """A command line for an agent: its own, or a script in `folder` that
    runs a callable through arena_bot.run() (checked by _refusal()),
    beside a copy of the callable's module: the sandbox shows a bot its
    script's folder, not the module's."""
    if isinstance(agent, str):
        return agent
    module, name = agent.__module__, agent.__qualname__
    source = os.path.abspath(sys.modules[module].__file__)
    if module == "__main__" or "." not in module:
        module = os.path.splitext(os.path.basename(source))[0]
        shutil.copyfile(source, os.path.join(folder, module + ".py"))
        os.chmod(os.path.join(folder, module + ".py"), 0o644)
    path = os.path.join(folder, "agent%d.py" % index)
    sdk = list(dict.fromkeys(os.path.dirname(p) for p in _sdk()))
    with open(path, "w", encoding="utf-8") as f:
        f.write("import sys\nsys.path[:0] = %r\n" % (
            [folder] + sdk + [os.path.dirname(source)]))
        f.write("import arena_bot, importlib\n")
        f.write("m = importlib.import_module(%r)\n" % module)
        f.write("sys.exit(arena_bot.run(getattr(m, %r)))\n" % name)
    os.chmod(path, 0o644)
    return "%s %s" % (sys.executable, path)


def read_log(path: str) -> List[Dict]:
    """The records of a game's log, plain or written by --compress (a
    series of gzip members, told apart by gzip's first two bytes as the
    referee's readers do: docs/LOGS.md); ValueError for gzip data that
    do not read, naming the line they stop at."""
    with open(path, "rb") as f:
        compressed = f.read(2) == b"\x1f\x8b"
    if not compressed:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f]
    records: List[Dict] = []
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                records.append(json.loads(line))
    except (EOFError, OSError, zlib.error):
        raise ValueError("%s: corrupt compressed data: the log's gzip data "
                         "do not read from line %d on (a damaged file, or "
                         "one cut short)" % (path, len(records) + 1)) \
            from None
    return records


def _forfeits(records: List[Dict], seating: List[int]) -> List[Dict]:
    """The game's forfeits: the agent, its seat, the reason and detail."""
    return [{"agent": seating[r["seat"]], "seat": r["seat"],
             "reason": r.get("reason"), "detail": r.get("detail")}
            for r in records if r.get("type") == "forfeit"]


def _play_referee(game: str, agents: Sequence[Any], seed: Any, games: int,
                  options: Dict[str, Any], referee_args: Sequence[str],
                  out: Any) -> List:
    for i, agent in enumerate(agents):
        why = "" if isinstance(agent, str) else _refusal(agent, i)
        if why:
            raise ValueError(why)
    with tempfile.TemporaryDirectory(prefix="arena-env-") as scratch:
        os.chmod(scratch, 0o755)      # the sandboxed bots read their scripts
        logs = os.path.join(os.path.abspath(os.fspath(out)) if out is not
                            None else scratch, "out")
        command = [_referee(), "play", game, "--games", str(games),
                   "--seed", seed_hex(seed), "--out", logs]
        for key, value in options.items():
            command += ["-o", "%s=%s" % (key, value)]
        if not all(isinstance(a, str) for a in agents):
            for package in _sdk():
                command += ["--readable", package]
        command += list(referee_args)
        command += [_bot_command(a, scratch, i) for i, a in enumerate(agents)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0 and not os.path.isdir(logs):
            raise RuntimeError("referee play failed (%d): %s"
                               % (done.returncode, done.stderr.strip()))
        return [_result(logs, k, len(agents), out is not None)
                for k in range(1, games + 1)]


def _result(logs: str, k: int, players: int, kept: bool) -> Dict:
    """Game k's result from its log (named in it when the log is kept)."""
    path = os.path.join(logs, "game-%06d.jsonl" % k)
    records = read_log(path)
    result = [r for r in records if r.get("type") == "result"]
    seating = _seating(k, players)
    entry = {"game": k, "log": path if kept else None, "seating": seating,
             "forfeits": _forfeits(records, seating)}
    if result:
        entry.update(ranks=_by_agent(result[-1]["ranks"], seating),
                     scores=_by_agent(result[-1]["scores"], seating))
    return entry


def run(game: str, agents: Sequence[Any], seed: Any = 0, games: int = 1,
        referee_args: Sequence[str] = (), out: Any = None,
        **options: Any) -> List[Dict]:
    """Plays `games` games of `game` between agents (one a seat), game k
    dealt and seated as game k of `referee play --seed SEED` (agent
    (s + k - 1) % n in seat s); returns each game's seating (the agent in
    each seat) and its ranks and scores, one per agent in agents' order.
    All callables: in process.  Any command line among them: every agent
    through the referee (referee_args are added to its command, e.g.
    ["--no-sandbox"]), its logs kept in out/out when out is given (each
    result's "log" is its game's; else None, and nothing is left), each
    result naming its game's forfeits ("forfeits": agent, seat, reason,
    detail); ValueError before the first game for a callable that cannot
    run as a bot program, saying why and what to do."""
    if all(callable(a) for a in agents):
        return _play_callables(game, agents, seed, games, options)
    return _play_referee(game, agents, seed, games, options, referee_args,
                         out)
