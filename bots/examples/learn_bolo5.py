#!/usr/bin/env python3
"""learn_bolo5: learns when to bank in bolo5 by self-play, then plays it.

    learn_bolo5.py train TABLE.json [SECONDS]   # self-play, numpy alone
    learn_bolo5.py play TABLE.json              # the bot (arena_bot.run)

The policy: after a roll, set aside the last keep of "legal" (the one of
the most dice); between rolls, bank when the turn total has reached the
threshold learned for the number of dice left (1 to 5), or when banking
wins the game, and roll otherwise.  Training is the cross-entropy method
on the five thresholds, each generation's candidates playing games
against the current mean policy (self-play) in arena_env.vector(), all
games stepped in C; it writes the thresholds to TABLE.json.  The game is
bolo5 with the options of tournaments/bolo5.json (yahtzee_clause=off),
where the bank-at-threshold bots (bots/threshold_bot.c) play; the
tournament tournaments/learned-bolo5.json plays the learned bot against
them.  docs/ENVIRONMENT.md tells the whole story and its results.
"""

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)

OPTIONS = {"yahtzee_clause": "off"}
# Columns of a dice game's observation (docs/ENVIRONMENT.md): the seat's
# score, the other's, the turn total, dice left, the roll's faces 1-6.
ME, TOTAL, LEFT, ROLL, TARGET = 0, 2, 3, slice(4, 10), 16


def actions_of(numpy, v, thresholds):
    """Each game's action under the thresholds of its seat to move
    (thresholds: one row of five a game)."""
    obs = v.observations
    rolled = obs[:, ROLL].sum(axis=1) > 0
    left = numpy.clip(obs[:, LEFT].astype(int), 1, 5) - 1
    limit = thresholds[numpy.arange(v.n), left]
    bank = (obs[:, TOTAL] >= limit) | (obs[:, ME] + obs[:, TOTAL] >= obs[:, TARGET])
    between = numpy.where((v.legal_counts == 2) & ~bank, 1, 0)
    return numpy.where(rolled, v.legal_counts - 1, between).astype(numpy.int32)


def score(numpy, arena_env, candidates, mean, games_per, rng):
    """The share of games each candidate wins against the mean policy,
    seats alternating: slot i holds candidate i % K in seat (i // K) % 2."""
    k = len(candidates)
    n = k * 2 * games_per // 4
    n -= n % (2 * k)
    v = arena_env.vector("bolo5", n, seed=int(rng.integers(1 << 30)),
                         **OPTIONS)
    who = numpy.arange(n) % k
    seat = (numpy.arange(n) // k) % 2
    wins = numpy.zeros(k)
    played = numpy.zeros(k)
    while played.min() < games_per:
        mine = v.to_move == seat
        table = numpy.where(mine[:, None], candidates[who], mean[None, :])
        v.step(actions_of(numpy, v, table))
        done = v.dones.copy()
        if done.any():
            reward = v.rewards[numpy.arange(n), seat]
            numpy.add.at(wins, who[done], (reward[done] + 1) / 2)
            numpy.add.at(played, who[done], 1)
    return wins / played


def train(path, seconds):
    import numpy
    import arena_env
    rng = numpy.random.default_rng(1)
    mean = numpy.full(5, 400.0)
    sigma = numpy.full(5, 300.0)
    start, generation = time.time(), 0
    while time.time() - start < seconds:
        generation += 1
        candidates = numpy.clip(mean + sigma * rng.standard_normal((8, 5)),
                                50, 3000)
        wins = score(numpy, arena_env, candidates, mean, 1000, rng)
        elite = candidates[numpy.argsort(wins)[-2:]]
        mean = elite.mean(axis=0)
        sigma = numpy.maximum(elite.std(axis=0) + 20, 25)
        print("generation %d: best %.3f, thresholds %s" % (
            generation, wins.max(), " ".join("%.0f" % t for t in mean)),
            file=sys.stderr)
    table = {"thresholds": [round(float(t)) for t in mean],
             "generations": generation, "options": OPTIONS}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(table, f)
        f.write("\n")
    print("learn_bolo5: %d generations in %.0f s: bank at %s with 1 to 5 "
          "dice left" % (generation, time.time() - start,
                         table["thresholds"]))
    return 0


def policy(thresholds):
    """The learned policy as a function of the turn message."""
    def learned_bolo5(turn):
        legal, view = turn["legal"], turn["state"]
        if view["roll"]:
            return legal[-1]
        if "bank" not in legal:
            return legal[0]
        left = min(max(view["dice_left"], 1), 5)
        total = view["turn_total"]
        if total >= thresholds[left - 1] or \
                view["scores"][view["you"]] + total >= view["target"]:
            return "bank"
        return "roll"
    return learned_bolo5


def main(argv):
    if len(argv) < 3 or argv[1] not in ("train", "play") or \
            {"-h", "--help"} & set(argv[1:]):
        print(__doc__)
        return 0 if {"-h", "--help"} & set(argv[1:]) else 2
    if argv[1] == "train":
        return train(argv[2], float(argv[3]) if len(argv) > 3 else 120)
    with open(argv[2], encoding="utf-8") as f:
        thresholds = json.load(f)["thresholds"]
    return arena_bot.run(policy(thresholds), "learned-bolo5", "1")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
