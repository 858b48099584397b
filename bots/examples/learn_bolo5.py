#!/usr/bin/env python3
"""learn_bolo5: learns how to play bolo5's turns by self-play, then plays.

    learn_bolo5.py train TABLE.json [SECONDS]   # self-play, numpy alone
    learn_bolo5.py play TABLE.json              # the bot (arena_bot.run)

The policy has eleven numbers.  After a roll it sets aside the keep
(of the roll's "keeps", in the order of "legal") worth the most of its
points plus a learned value of the dice it leaves to roll (1 to 5; 5
when it uses them all); between rolls it banks when the turn total has
reached a threshold learned for the dice left (1 to 5), moved by a
learned shift for each 1000 points the other seat leads by, or when
banking wins the game, and rolls otherwise.  Training is the
cross-entropy method on the eleven numbers, each generation's
candidates playing games against the current mean policy (self-play)
and against the bank-at-threshold policies of bots/threshold_bot.c
(keep the most points, bank at 350, 700, 1000) in arena_env.vector(),
all games stepped in C; the keeps of each roll come from the rules
once, through arena_env.env() with chosen dice.  At the end it plays
the learned policy against the three bank policies and writes the
table to TABLE.json.  The game is bolo5 with the options of
tournaments/bolo5.json (yahtzee_clause=off);
tournaments/learned-bolo5.json plays the learned bot against those
bots.  docs/ENVIRONMENT.md tells the results.
"""

import itertools
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
ME, OTHER, TOTAL, LEFT, ROLL, TARGET = 0, 1, 2, 3, slice(4, 10), 16
CODE = [6 ** f for f in range(6)]     # a roll's face counts as one number
MOST_KEEPS = 32
BANKS = (350, 700, 1000)        # bots/threshold_bot.c's thresholds
WEIGHTS = (0.25, 0.5, 0.125, 0.125)  # self-play, bank-350, 700, 1000


def keep_table(numpy, arena_env):
    """For every roll of 1 to 5 dice (by its code), each legal keep's
    points, the dice it leaves to roll and its action id, as the rules
    give them: a
    turn is brought to k dice left, then each roll of k dice is thrown
    with its faces chosen (chance outcomes) and its view's keeps read."""
    points = numpy.full((6 ** 6, MOST_KEEPS), -1e9)
    after = numpy.zeros((6 ** 6, MOST_KEEPS), dtype=int)
    ids = numpy.zeros((6 ** 6, MOST_KEEPS), dtype=numpy.int32)
    env = arena_env.env("bolo5", players=2, **OPTIONS)
    env.reset(seed=1)
    env.apply(env.legal()[0])
    env.apply("roll", outcome=[1] * int(env.last()[0]["observation"][LEFT]))
    env.apply(env.legal()[-1])                 # all dice set aside: 5 left
    for k in range(1, 6):
        ready = env.clone()                    # keep 5 - k ones: k left
        if k < 5:
            ready.apply("roll", outcome=[1] * (5 - k) + [2, 3, 4, 6][:k])
            ready.apply({"keep": [1] * (5 - k)})
        for faces in itertools.combinations_with_replacement(range(1, 7), k):
            rolled = ready.clone()
            rolled.apply("roll", outcome=list(faces))
            if rolled.to_move() != ready.to_move():
                continue                       # a bolo: the turn passed
            turn = rolled.last()[4]["turn"]
            code = sum(CODE[f - 1] for f in faces)
            for j, keep in enumerate(turn["state"]["keeps"]):
                points[code, j] = keep["points"]
                after[code, j] = k - len(keep["keep"]) or 5
                ids[code, j] = rolled.action_id({"keep": keep["keep"]})
    return points, after, ids, env.action_id("bank"), env.action_id("roll")


def actions_of(numpy, v, table, params, to_win):
    """Each game's action under the policy of its seat to move (params:
    one row a game: the five thresholds, the five values, the shift of
    the thresholds for each 1000 points the other seat leads by; to_win:
    whether that policy banks whenever banking wins the game)."""
    points, after, ids, bank_id, roll_id = table
    obs = v.observations
    rows = numpy.arange(v.n)
    code = obs[:, ROLL].astype(int) @ CODE
    worth = points[code] + numpy.take_along_axis(
        params[:, 5:], after[code] - 1, axis=1)
    keep = worth.argmax(axis=1)
    left = numpy.clip(obs[:, LEFT].astype(int), 1, 5) - 1
    behind = (obs[:, OTHER] - obs[:, ME]) / 1000
    limit = params[rows, left] + params[:, 10] * behind
    bank = (obs[:, TOTAL] >= limit) | \
        (to_win & (obs[:, ME] + obs[:, TOTAL] >= obs[:, TARGET]))
    between = numpy.where((v.masks[:, bank_id] == 1) & bank, bank_id,
                          roll_id)
    rolled = obs[:, ROLL].sum(axis=1) > 0
    return numpy.where(rolled, ids[code, keep], between).astype(numpy.int32)


def bank_policies(numpy):
    """bots/threshold_bot.c at 350, 700 and 1000 as rows of params: the
    keep of the most points, the fewest dice on a tie (a tiny value of
    each die left to roll, none for 5 left: that keep used every die, as
    the full house 3 3 5 5 5 does beside 5 5 5), banking at T whatever
    the scores."""
    return numpy.array([[t] * 5 + [0.001 * d for d in range(1, 5)] + [0, 0]
                        for t in BANKS], float)


def score(numpy, arena_env, table, candidates, opponents, games_per, seed):
    """The share of games each candidate wins against each opponent (a
    row of params, and whether it banks to win), seats alternating: slot
    i holds candidate i % K in seat (i // K) % 2 against opponent
    (i // 2K) % M and counts its first 2 games only (counting every game
    that ends in time would favour the policies that win short games).
    Returns a K x M array."""
    rivals, rivals_win = opponents
    k, m = len(candidates), len(rivals)
    n = max(k * games_per // 2, 2 * k * m)
    n -= n % (2 * k * m)
    v = arena_env.vector("bolo5", n, seed=seed, **OPTIONS)
    who = numpy.arange(n) % k
    seat = (numpy.arange(n) // k) % 2
    rival = (numpy.arange(n) // (2 * k)) % m
    wins = numpy.zeros((k, m))
    played = numpy.zeros(n, dtype=int)
    while played.min() < 2:
        mine = v.to_move == seat
        params = numpy.where(mine[:, None], candidates[who], rivals[rival])
        to_win = mine | rivals_win[rival]
        v.step(actions_of(numpy, v, table, params, to_win))
        done = v.dones & (played < 2)
        reward = v.rewards[numpy.arange(n), seat]
        numpy.add.at(wins, (who[done], rival[done]), (reward[done] + 1) / 2)
        played += done
    return wins / (n // (k * m) * 2)


def train(path, seconds, candidates_per=12, games_per=2000):
    import numpy
    import arena_env
    rng = numpy.random.default_rng(1)
    table = keep_table(numpy, arena_env)
    mean = numpy.array([400.0] * 5 + [0.0] * 5 + [0.0])
    sigma = numpy.array([300.0] * 5 + [200.0] * 5 + [100.0])
    banks = bank_policies(numpy)
    # Each candidate plays the current mean (self-play) and the three
    # bank-at-threshold policies; its fitness weighs them as WEIGHTS do.
    weights = numpy.array(WEIGHTS)
    start, generation = time.time(), 0
    while generation == 0 or time.time() - start < seconds:
        generation += 1
        candidates = mean + sigma * rng.standard_normal((candidates_per, 11))
        candidates[:, :5] = numpy.clip(candidates[:, :5], 50, 3000)
        opponents = (numpy.vstack([mean, banks]),
                     numpy.array([True, False, False, False]))
        wins = score(numpy, arena_env, table, candidates, opponents,
                     games_per, int(rng.integers(1 << 30))) @ weights
        elite = candidates[numpy.argsort(wins)[-3:]]
        mean = elite.mean(axis=0)
        sigma = numpy.maximum(elite.std(axis=0) + 10, 15)
        print("generation %d: best %.3f, thresholds %s, values %s, "
              "shift %.0f" % (generation, wins.max(),
                              " ".join("%.0f" % t for t in mean[:5]),
                              " ".join("%.0f" % t for t in mean[5:10]),
                              mean[10]), file=sys.stderr)
    learned = {"thresholds": [round(float(t)) for t in mean[:5]],
               "values": [round(float(t)) for t in mean[5:10]],
               "shift": round(float(mean[10])),
               "generations": generation, "options": OPTIONS}
    against = score(numpy, arena_env, table, mean[None, :],
                    (banks, numpy.zeros(3, bool)), 3 * games_per, 2)[0]
    learned["against_bank"] = {str(t): round(float(s), 3)
                               for t, s in zip(BANKS, against)}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(learned, f)
        f.write("\n")
    print("learn_bolo5: %d generations in %.0f s: bank at %s, values %s "
          "with 1 to 5 dice left, shift %d; wins against bank-350, 700, "
          "1000: %s" % (generation, time.time() - start,
                        learned["thresholds"], learned["values"],
                        learned["shift"], learned["against_bank"]))
    return 0


def policy(learned):
    """The learned policy as a function of the turn message."""
    thresholds, values = learned["thresholds"], learned["values"]
    shift = learned["shift"]

    def learned_bolo5(turn):
        legal, view = turn["legal"], turn["state"]
        if view["roll"]:
            rolled = len(view["roll"])
            return max(legal, key=lambda a: next(
                k["points"] + values[(rolled - len(k["keep"]) or 5) - 1]
                for k in view["keeps"] if k["keep"] == a["keep"]))
        if "bank" not in legal:
            return legal[0]
        left = min(max(view["dice_left"], 1), 5)
        total, mine = view["turn_total"], view["scores"][view["you"]]
        others = [s for i, s in enumerate(view["scores"]) if i != view["you"]]
        behind = (max(others) - mine) / 1000
        if total >= thresholds[left - 1] + shift * behind or \
                mine + total >= view["target"]:
            return "bank"
        return "roll"
    return learned_bolo5


def main(argv):
    if len(argv) < 3 or argv[1] not in ("train", "play") or \
            {"-h", "--help"} & set(argv[1:]):
        print(__doc__)
        return 0 if {"-h", "--help"} & set(argv[1:]) else 2
    if argv[1] == "train":
        return train(argv[2], float(argv[3]) if len(argv) > 3 else 240)
    with open(argv[2], encoding="utf-8") as f:
        learned = json.load(f)
    return arena_bot.run(policy(learned), "learned-bolo5", "1")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
