#!/usr/bin/env python3
"""`make bench-env`: steps per second of random play, three ways.

- env: arena_env.env(), one Python call a step as an agent loop makes
  them (last() with the observation and mask, then step()), a random
  legal action each time drawn by action_space(agent).sample(mask), the
  documented loop: "env" with our own Discrete, "env (gym)" with the
  env's own space, Gymnasium's when it is importable (else "-"); both
  with env()'s default draws, the fast generator for training;
- vector: arena_env.vector() of 1024 games on one core, the random legal
  actions drawn with numpy when it is there (else the random module), one
  C call a step of all 1024: "vector/core" with its default draws (fast),
  "vector keyed" with draws="keyed", the referee's verifiable draws;
- pure Python: the same games played with the SDK's rules helpers as
  they were in Python before they called the C rules (bench/pure_games.py,
  kept as this peer only; what a Python author had before arena_env): a
  minimal loop of the game's turns on Python's random dice (bolo: the
  keeps of each roll by dice_keeps, a random keep, then roll or bank;
  rolit: rolit_legal_moves and rolit_apply).  Those loops skip parts of
  the rules (no views, no end-game rounds), so their rate is an upper
  bound of pure Python's;
- games (C): the same loops on arena_bot.games as it is now, each helper
  one call into the referee's rules.

Each figure is the best of ROUNDS rounds of SECONDS seconds (environment
variables; 3 and 2 by default).  Prints a table and the goals of
docs/ENVIRONMENT.md.
"""

import array
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "tests", "tools"))
import env_paths  # noqa: E402  (the tests' path to arena_env, and optional())
import arena_env  # noqa: E402
from arena_bot import games  # noqa: E402
import pure_games  # noqa: E402  (beside this file)

numpy = env_paths.optional("numpy")
gymnasium = env_paths.optional("gymnasium")

ROUNDS = int(os.environ.get("ROUNDS", "3"))
SECONDS = float(os.environ.get("SECONDS", "2"))


def best_rate(step_batch):
    """The best steps/s of ROUNDS rounds; step_batch() plays some steps
    and returns how many."""
    best = 0.0
    for _ in range(ROUNDS):
        steps, start = 0, time.process_time()
        while time.process_time() - start < SECONDS:
            steps += step_batch()
        best = max(best, steps / (time.process_time() - start))
    return best


def env_rate(game, players, own):
    e = arena_env.env(game, players)
    e.reset(seed=1)
    n = e.action_space("player_0").n
    spaces = {a: arena_env.OwnDiscrete(n, seed=i) if own else
              e.action_space(a) for i, a in enumerate(e.possible_agents)}

    def batch():
        steps = 0
        for agent in e.agent_iter():
            obs, reward, done, truncated, info = e.last()
            if done:
                e.step(None)
                continue
            e.step(spaces[agent].sample(obs["action_mask"]))
            steps += 1
        e.reset()
        return steps
    return best_rate(batch)


def vector_rate(game, players, n=1024, draws=None):
    v = arena_env.vector(game, n, players, seed=1, draws=draws)
    if numpy is not None:
        rng = numpy.random.default_rng(1)

        rows = numpy.arange(n)

        def batch():
            for _ in range(10):
                k = (rng.random(n) * v.legal_counts).astype(numpy.int32)
                v.step(v.legal_ids[rows, k])
            return 10 * n
    else:
        rng = random.Random(1)

        def batch():
            v.step(array.array("i", [v.legal_ids[i][rng.randrange(c)]
                                     for i, c in enumerate(v.legal_counts)]))
            return n
    return best_rate(batch)


def pure_bolo(games):
    """A game of bolo by the helpers of games: steps taken."""
    rng = random.Random()
    scores, seat, steps = [0, 0], 0, 0
    while max(scores) < 10000:
        turn, left = 0, 7
        while True:
            roll = sorted(rng.randint(1, 6) for _ in range(left))
            keeps = games.dice_keeps("bolo", roll)
            if not keeps:
                break
            keep = rng.choice(keeps)
            steps += 1
            turn += keep["points"]
            left -= len(keep["keep"])
            left = left or 7
            steps += 1
            if turn >= 350 and rng.random() < 0.3:
                scores[seat] += turn
                break
        seat = 1 - seat
    return steps


def pure_rolit(games):
    rng = random.Random()
    board = ["........"] * 3 + ["...RG...", "...GR..."] + ["........"] * 3
    colours, steps = ["red", "green"], 0
    while "." in "".join(board):
        moves = games.rolit_legal_moves(board, colours[steps % 2])
        board = games.rolit_apply(board, rng.choice(moves),
                                  colours[steps % 2])
        steps += 1
    return steps


GAMES = [("bolo", 2, pure_bolo), ("bolo5", 2, None),
         ("volle-lotte", 2, None), ("rolit", 2, pure_rolit),
         ("black-pot", 2, None)]


def main():
    print("arena_env: random play, steps/s (best of %d rounds of %g s of CPU; "
          "vector: 1024 games, one core; numpy %s, gymnasium %s)"
          % (ROUNDS, SECONDS, "yes" if numpy is not None else "no",
             gymnasium.__version__ if gymnasium else "no"))
    print("%-12s %10s %10s %12s %12s %12s %9s %10s" % (
        "game", "env", "env (gym)", "vector/core", "vector keyed",
        "pure Python", "env/pure", "games (C)"))
    for game, players, pure in GAMES:
        e = env_rate(game, players, True)
        g = env_rate(game, players, False) if gymnasium else None
        v = vector_rate(game, players)
        keyed = vector_rate(game, players, draws="keyed")
        p = best_rate(lambda: pure(pure_games)) if pure else None
        c = best_rate(lambda: pure(games)) if pure else None
        print("%-12s %10.0f %10s %12.0f %12.0f %12s %9s %10s" % (
            game, e, "%.0f" % g if g else "-", v, keyed,
            "%.0f" % p if p else "-", "%.1fx" % (e / p) if p else "-",
            "%.0f" % c if c else "-"))
    print("goals: env (with gymnasium too) >= 200,000/s, black-pot "
          ">= 150,000/s; env >= 10x pure Python; vector >= 2,000,000/s "
          "a core (bolo), 600,000/s (rolit), 150,000/s (black-pot)")


if __name__ == "__main__":
    main()
