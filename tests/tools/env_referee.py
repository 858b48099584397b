#!/usr/bin/env python3
"""Environment games against the referee's logs of the same games.

    env_referee.py GAME PLAYERS LOGDIR GAMES SEED API_GAMES [KEY=VALUE...]

LOGDIR holds game-000001.jsonl ... of `referee play GAME --seed SEED
--games GAMES` between tests/tools/env-choice-bot bots.  Each game k is
played again by arena_env as game k of SEED (draws="keyed", the
referee's), each choice made as the bot makes it, legal[crc32(turn
line) % len(legal)] from the environment's own turn message, and
compared with the log: the game_id, every draw (kind, values), every
action, in order, and the ranks and scores.  The first
API_GAMES games go through arena_env.env() (info["turn_line"], step()),
the rest through the C game it steps (arena_env._core.Game), which is
faster.  Prints one line of totals, or the first difference and exits 1.
"""

import json
import os
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
BUILT = os.environ.get("ARENA_ENV_PATH") or os.path.join(HERE, "..", "..",
                                                          "sdk", "python")
sys.path.insert(0, BUILT)
import arena_env  # noqa: E402
from arena_env import _core  # noqa: E402


def choose(line):
    """The bot's choice of a turn line: its legal[crc32 % len(legal)]."""
    legal = json.loads(line)["legal"]
    return legal[zlib.crc32(line.encode()) % len(legal)]


def play_api(e, k, seed):
    """Game k through the AEC API: its facts and its result."""
    if k == 1:
        e.reset(seed=seed)
    else:
        e.reset()
    for agent in e.agent_iter():
        obs, reward, done, truncated, info = e.last(observe=False)
        e.step(None if done else e.action_id(choose(info["turn_line"])))
    return e.facts(), e.result()


def play_core(game, players, options, seed, k):
    g = _core.Game(game, players, options, seed, k, True)
    while g.to_move() >= 0:
        g.step(g.action_id(json.dumps(choose(g.turn()))))
    return json.loads(g.info()), g.result()


def log_of(path):
    with open(path, encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    strip = ("seq", "prev")
    return {
        "game_id": [r["game_id"] for r in records if r["type"] == "begin"],
        "draws": [{k: v for k, v in r.items() if k not in strip}
                  for r in records if r["type"] == "draw"],
        "actions": [r["action"] for r in records if r["type"] == "action"],
        "result": [(r["ranks"], r["scores"]) for r in records
                   if r["type"] == "result"],
        "forfeits": [r for r in records if r["type"] == "forfeit"],
    }


def differs(k, facts, result, log):
    if log["forfeits"]:
        return "game %d: the log has a forfeit: %s" % (k, log["forfeits"][0])
    if log["game_id"] != [facts["game_id"]]:
        return "game %d: game_id %s in the log, %s here" % (
            k, log["game_id"], facts["game_id"])
    for i, (a, b) in enumerate(zip(log["actions"], facts["actions"])):
        if a != b:
            return "game %d: action %d is %s in the log, %s here" % (
                k, i + 1, json.dumps(a), json.dumps(b))
    if len(log["actions"]) != len(facts["actions"]):
        return "game %d: %d actions in the log, %d here" % (
            k, len(log["actions"]), len(facts["actions"]))
    if "draws" in facts and log["draws"] != facts["draws"]:
        return "game %d: the draws differ" % k
    if log["result"] != [tuple(result)]:
        return "game %d: result %s in the log, %s here" % (
            k, log["result"], result)
    return None


def main(argv):
    game, players, logdir, games, seed, api_games = argv[1:7]
    players, games, api_games = int(players), int(games), int(api_games)
    options = dict(word.split("=", 1) for word in argv[7:])
    e = arena_env.env(game, players, draws="keyed", **options)
    moves = draws = 0
    for k in range(1, games + 1):
        if k <= api_games:
            facts, result = play_api(e, k, seed)
        else:
            facts, result = play_core(game, players,
                                      json.dumps(options) if options
                                      else None, seed, k)
        log = log_of(os.path.join(logdir, "game-%06d.jsonl" % k))
        why = differs(k, facts, result, log)
        if why:
            print("%s: %s" % (game, why))
            return 1
        moves += len(facts["actions"])
        draws += len(log["draws"])
    print("%s %d players: %d games, %d moves, %d draws: identical"
          % (game, players, games, moves, draws))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
