#!/usr/bin/env python3
"""learn_rolit: learns to play Rolit (8x8, 2 players) with numpy, then plays.

    learn_rolit.py train TABLE.json [SECONDS]   # policy gradient, numpy alone
    learn_rolit.py play TABLE.json              # the bot (arena_bot.run)

The policy is linear on arena_env's fixed action ids (a square's id is
(row - 1) * 8 + column, column A = 0): square a scores b[a] plus, for
every ball on the board, W[plane, square, a], where the planes are those
of arena_env's observation (the seat's own colour, then the colours
after it in the order of play, the neutral ones included); the bot
plays the legal square of the highest score.  So a weight says how much
a ball of some colour on one square makes another square worth taking.

Training is REINFORCE (the policy gradient, with each game's result as
its return): each iteration plays GAMES (512) games of arena_env.vector() at
once, every move of the learner drawn from the softmax of its scores
over the legal ids (the observation's mask), a quarter of the game slots
in each seat against a uniformly random player and a quarter in each
seat against the policy itself (self-play); once the board is full (every
game of Rolit lasts 60 plies, so all end on the same step) each of the
learner's moves is made more likely, or less, in proportion to its
game's result less the mean result of the games against the same kind
of opponent.  At the end the policy, playing its best square, meets the
random player in 1000 games, and the table is written to TABLE.json.
tournaments/learned-rolit.json plays the learned bot against the bundled
Rolit bots; docs/ENVIRONMENT.md tells the results.
"""

import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "sdk", "python"))

import arena_bot  # noqa: E402  (found through the path set up above)

SIZE = 8
SQUARES = SIZE * SIZE
PLIES = SQUARES - 4            # four balls start on the board
COLOURS = ("red", "yellow", "green", "blue")   # the order of play
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
GAMES = 512
RATE = 0.1


def planes(view):
    """The view's balls as arena_env's observation numbers for the seat
    receiving it (docs/ENVIRONMENT.md, "Observations"): one plane of
    SQUARES a colour, its own first, then the colours after it in the
    order of play, around.  Returns the indices set to 1."""
    first = COLOURS.index(view["you"])
    order = [LETTERS[c] for c in COLOURS[first:] + COLOURS[:first]]
    size = view["size"]
    return sorted(order.index(ball) * size * size + row * size + column
                  for row, line in enumerate(view["board"])
                  for column, ball in enumerate(line) if ball != ".")


def square_id(square):
    """A square's action id: "C2" is (2 - 1) * 8 + 2 = 10."""
    return (int(square[1:]) - 1) * SIZE + ord(square[0]) - ord("A")


def scores(table, observations):
    """Each id's score in each row of observations (numpy)."""
    return observations @ table["weights"] + table["bias"]


def best(numpy, table, observations, masks):
    """Each row's legal id of the highest score (the first on a tie)."""
    return numpy.where(masks == 1, scores(table, observations),
                       -numpy.inf).argmax(axis=1).astype(numpy.int32)


def softmax(numpy, table, observations, masks):
    """Each row's probabilities of its legal ids under the policy."""
    z = numpy.where(masks == 1, scores(table, observations), -numpy.inf)
    z = numpy.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def draw(numpy, rng, probabilities):
    """An id drawn from each row's probabilities."""
    below = probabilities.cumsum(axis=1) < rng.random((len(probabilities), 1))
    return numpy.minimum(below.sum(axis=1), SQUARES - 1).astype(numpy.int32)


def play_games(numpy, arena_env, table, rng, games, seed, learn):
    """`games` games at once: slot i holds the learner in seat (i // 2) % 2
    against a random player (i even) or itself (i odd).  Returns each
    slot's result for the learner (1 a win, 0.5 a draw, 0 a loss) and,
    when learn, the learner's moves: observations, masks, ids, slots."""
    v = arena_env.vector("rolit", games, seed=seed)
    slots = numpy.arange(games)
    seat = (slots // 2) % 2
    itself = slots % 2 == 1
    moves = []
    for _ in range(PLIES):
        obs, masks = v.observations.copy(), v.masks.copy()
        mine = v.to_move == seat
        p = softmax(numpy, table, obs, masks)
        ids = draw(numpy, rng, p) if learn else best(numpy, table, obs, masks)
        rival = numpy.where(itself, draw(numpy, rng, p),
                            draw(numpy, rng, masks / masks.sum(axis=1,
                                                               keepdims=True)))
        if learn:
            moves.append((obs[mine], masks[mine], ids[mine], slots[mine]))
        v.step(numpy.where(mine, ids, rival).astype(numpy.int32))
    assert v.dones.all(), "every game of Rolit ends when the board is full"
    results = (v.rewards[slots, seat] + 1) / 2
    return results, [numpy.concatenate(part) for part in zip(*moves)] \
        if learn else None


def learn_from(numpy, table, results, moves, itself):
    """One step of the policy gradient on the learner's moves."""
    obs, masks, ids, slots = moves
    baseline = numpy.where(itself, results[itself].mean(),
                           results[~itself].mean())
    advantage = (results - baseline)[slots]
    gradient = -softmax(numpy, table, obs, masks)
    gradient[numpy.arange(len(ids)), ids] += 1
    gradient *= advantage[:, None] * (RATE / len(results))
    table["weights"] += obs.T @ gradient
    table["bias"] += gradient.sum(axis=0)


def train(path, seconds=180, games=GAMES, seed=1):
    import numpy
    import arena_env
    rng = numpy.random.default_rng(seed)
    table = {"weights": numpy.zeros((4 * SQUARES, SQUARES)),
             "bias": numpy.zeros(SQUARES)}
    itself = numpy.arange(games) % 2 == 1
    start, iteration = time.time(), 0
    while iteration == 0 or time.time() - start < seconds:
        iteration += 1
        results, moves = play_games(numpy, arena_env, table, rng, games,
                                    int(rng.integers(1 << 30)), True)
        learn_from(numpy, table, results, moves, itself)
        if iteration % 10 == 0:
            print("iteration %d (%.0f s): %.3f of the points against the "
                  "random player" % (iteration, time.time() - start,
                                     results[~itself].mean()),
                  file=sys.stderr)
    learned = {"size": SIZE, "players": 2, "iterations": iteration,
               "games": iteration * games,
               "bias": [round(float(x), 4) for x in table["bias"]],
               "weights": [[round(float(x), 4) for x in row]
                           for row in table["weights"]]}
    rounded = {k: numpy.array(learned[k]) for k in ("weights", "bias")}
    results, _ = play_games(numpy, arena_env, rounded, rng, 2000, 2, False)
    # the even slots: 1000 games against the random player, 500 a seat
    learned["against_random"] = round(float(results[::2].mean()), 4)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(learned, f)
        f.write("\n")
    print("learn_rolit: %d iterations (%d games) in %.0f s; its best "
          "squares took %.3f of the points against the random player"
          % (iteration, learned["games"], time.time() - start,
             learned["against_random"]))
    return 0


def policy(learned):
    """The learned policy as a function of the turn message."""
    weights, bias = learned["weights"], learned["bias"]

    def learned_rolit(turn):
        view = turn["state"]
        if view["size"] != learned["size"]:
            raise ValueError("this table plays Rolit on %dx%d, not %dx%d"
                             % (learned["size"], learned["size"],
                                view["size"], view["size"]))
        balls = [weights[k] for k in planes(view)]

        def score(square):
            a = square_id(square)
            return bias[a] + sum(row[a] for row in balls)
        return max(turn["legal"], key=score)
    return learned_rolit


def main(argv):
    words = argv[1:]
    if {"-h", "--help"} & set(words):
        print(__doc__)
        return 0
    if words[:1] == ["train"] and len(words) in (2, 3):
        return train(words[1], *map(float, words[2:]))
    if words[:1] == ["play"] and len(words) == 2:
        with open(words[1], encoding="utf-8") as f:
            return arena_bot.run(policy(json.load(f)), "learned-rolit", "1")
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
