/*
 * Explicit chance: every draw of the rules a node of its own whose
 * outcomes are listed with their exact probabilities and chosen one by
 * one, as OpenSpiel and search over chance nodes (expectimax, MCTS with
 * chance, stochastic MuZero) want them.  A step is tried on a copy of
 * the state with a script as the draws' source (draws.h): the script
 * hands out the outcomes chosen so far and notes the first draw it has
 * none for, the chance node; once it has every one the step is played.
 * Which outcomes a draw has:
 *   - dice: the multisets of its faces (C(n + 5, 5): 792 for 7 dice),
 *     each dealt in ascending order, with multinomial probabilities; in
 *     a game whose rules show the dice's order (rules->dice_in_order,
 *     Black-Pot) one die at a time, 6 outcomes of 1/6 each;
 *   - a uniform value in [0, m): m outcomes of 1/m (who starts, a card
 *     of volle-lotte drawn as in a duplicate set, among those left);
 *   - a shuffle of n cards: its n - 1 Fisher-Yates steps (docs/FAIRNESS.md)
 *     one node each, the step from the bottom with j cards left having j
 *     outcomes: the position k whose card moves down.
 * The environment (sdk/python/arena_env) and C bots that simulate both
 * use it.
 */
#ifndef ARENA_CHANCE_H
#define ARENA_CHANCE_H

#include <stdbool.h>
#include <stdint.h>

#include "draws.h"
#include "draws_fast.h"
#include "game.h"

/* The most values one step draws: Black-Pot's first with its random
 * layout (who starts, a shuffle of 109, three dice) and many turns of
 * volle-lotte lost at once, with room to spare. */
#define CHANCE_MAX_VALUES 2048
/* The most outcomes a chance node has: 7 dice's multisets. */
#define CHANCE_MAX_OUTCOMES 792

/* The draw a chance node deals: its kind, its parameter (draws.h's: how
 * many dice, m, how many cards) and the value of it asked for. */
struct chance_request {
	enum draw_kind kind;
	uint32_t param;
	int at;
};

struct chance_script {
	bool dice_in_order;             /* the rules' */
	int values[CHANCE_MAX_VALUES];  /* chosen so far, in draw order */
	int count;
	int next;                       /* the next value handed out */
	bool asked;                     /* a draw found no value left */
	struct chance_request request;  /* the first that found none */
	/* The values after it: any would do, since the trial is dropped,
	 * but one fixed value could loop for ever (volle-lotte's Stop card
	 * again and again), so they are random. */
	struct draws_fast rest;
};

/* An empty script for a game of `rules`. */
void arena_chance_script_init(struct chance_script *script,
			      const struct game_rules *rules);
/* Starts a trial of the step: the values are handed out from the first
 * again, to draws that read them from the script from now on. */
void arena_chance_trial(struct chance_script *script, struct draws *draws);
/* After a trial that asked: how many outcomes its node has. */
int arena_chance_outcomes(const struct chance_script *script);
/* The exact probability of outcome i (0 <= i < outcomes). */
double arena_chance_probability(const struct chance_script *script, int i);
/* Chooses outcome i of the node: its values join the script.  -1 when i
 * is not an outcome of it. */
int arena_chance_choose(struct chance_script *script, int i);
/* The faces of outcome i of a roll of n dice dealt as a multiset,
 * ascending. */
void arena_chance_faces(int n, int i, int *faces);

/* One step of a game with explicit chance: `state` copied into `out`
 * (rules->state_size bytes) plays `move` (apply_move()) with the draws
 * of the script (a trial).  True when the script had every value: `out`
 * is the state after it; false at a chance node (`out` half played:
 * drop it), whose outcomes the script lists. */
bool arena_chance_apply_move(const struct game_rules *rules,
			     const void *state, int move,
			     struct chance_script *script,
			     struct draws *draws, void *out);

#endif
