#!/usr/bin/env python3
"""Saves an environment game as a log, for tests/e2e/env_log.sh.

    env_log.py GAME PLAYERS SEED OUT [REFEREE_LOG] [KEY=VALUE...]

Plays game 1 of SEED in arena_env.env(draws="keyed"), each choice made
as tests/tools/env-choice-bot makes it (env_referee.py's choose()), and
writes it with save_log() to OUT.  With REFEREE_LOG (a log of `referee
play --seed SEED` between such bots), checks that OUT holds the referee's
records from the commitment to the reveal, in order: the same records
but for their chain, the times of the actions ("us", "cpu_us") and the
signature; prints "same records" or the first difference and exits 1.
"""

import json
import sys

from env_referee import arena_env, choose


def records(path):
    """The records from the commitment on, without chain, times or
    signature."""
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f][1:]
    return [{k: v for k, v in r.items()
             if k not in ("seq", "prev", "us", "cpu_us")}
            for r in lines if r["type"] != "signature"]


def main(argv):
    game, players, seed, out = argv[1], int(argv[2]), argv[3], argv[4]
    rest = argv[5:]
    referee_log = rest.pop(0) if rest and "=" not in rest[0] else None
    # the referee's keyed draws: a log of fast ones would not verify
    e = arena_env.env(game, players, draws="keyed",
                      **dict(w.split("=", 1) for w in rest))
    e.reset(seed=seed)
    for agent in e.agent_iter():
        obs, reward, done, truncated, info = e.last(observe=False)
        e.step(None if done else e.action_id(choose(info["turn_line"])))
    e.save_log(out)
    if referee_log is None:
        return 0
    mine, theirs = records(out), records(referee_log)
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            print("record %d: %s here, %s in the referee's log"
                  % (i + 1, json.dumps(a), json.dumps(b)))
            return 1
    if len(mine) != len(theirs):
        print("%d records here, %d in the referee's log"
              % (len(mine), len(theirs)))
        return 1
    print("same records")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
