/*
 * The values of a state of two-player bolo or bolo5 (values.h): where its
 * turn starts as the tables see it (struct win_spot), that turn solved
 * (dice_policy.h), and from it what each legal action is worth to the
 * seat to move.  The other seat's chance is the rest: the game is zero
 * sum, a draw counting half.  Every value is the turn solver's own, so
 * that a bot playing the solver's best play (win-bot) loses nothing.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dice_rolls.h"
#include "estimate_result.h"
#include "values_turn.h"

/* Bolo's own numbers (games/bolo.c, bolo_numbers(); docs/ENVIRONMENT.md)
 * with two players: each seat opened, the phase (play, final round,
 * sudden death, over), the leader, its score, the seats owed the final
 * round, the contenders, then the sudden-death turns played. */
enum { BOLO_FINAL_ROUND = 3, BOLO_SUDDEN_DEATH = 4, BOLO_TURNS = 12,
       BOLO_NUMBERS = 13 };

/* Where the turn of the seat to move started. */
static struct win_spot values_spot(const struct values *v,
				   const struct dice_game *g)
{
	int me = g->to_move;
	struct win_spot s = {
		.phase = WIN_PLAY, .mine = g->score[me], .theirs = g->score[1 - me],
	};
	double own[BOLO_NUMBERS];

	if (v->model.game.rules != DICE_BOLO ||
	    g->hooks->numbers(g, me, NULL) != BOLO_NUMBERS)
		return s;
	g->hooks->numbers(g, me, own);
	if (own[BOLO_FINAL_ROUND] > 0) {
		s.phase = WIN_FINAL;	/* theirs: the leader's score */
	} else if (own[BOLO_SUDDEN_DEATH] > 0) {
		s.phase = WIN_SUDDEN;
		s.turns = (int)own[BOLO_TURNS];
	}
	return s;
}

static bool values_same_spot(const struct win_spot *a, const struct win_spot *b)
{
	return a->phase == b->phase && a->mine == b->mine &&
	       a->theirs == b->theirs && a->turns == b->turns;
}

/* The entry of solved[] that holds spot s if any holds it: a hash of
 * the spot (the turns kept are a direct-mapped cache). */
static struct values_solved *values_slot(struct values *v,
					 const struct win_spot *s)
{
	uint64_t k = (uint64_t)s->mine * 0x9e3779b97f4a7c15u ^
		     (uint64_t)s->theirs * 0xc2b2ae3d27d4eb4fu ^
		     (uint64_t)(s->phase * WIN_SUDDEN_TURNS + s->turns) *
			     0x165667b19e3779f9u;

	return &v->solved[(k ^ k >> 31) % VALUES_TURNS];
}

/* The turn starting at spot s, solved once while it is kept. */
static const struct dice_policy_turn *values_turn(struct values *v,
						  const struct win_spot *s)
{
	struct values_solved *e = values_slot(v, s);

	if (e->used && values_same_spot(&e->at, s))
		return &e->turn.turn;
	if (e->used)
		win_policy_turn_free(&e->turn);
	e->used = true;
	e->at = *s;
	if (!v->work)
		v->work = dice_policy_work_new(&v->model.game);
	win_policy_turn_values(&v->model, s, v->work, &e->turn);
	return &e->turn.turn;
}

void values_turn_free(struct values *v)
{
	for (int i = 0; i < VALUES_TURNS; i++)
		if (v->solved[i].used)
			win_policy_turn_free(&v->solved[i].turn);
	memset(v->solved, 0, sizeof v->solved);
	dice_policy_work_free(v->work);
	v->work = NULL;
}

/* Roll e of the table of n dice, rolled at `total`: its best keep. */
static double values_entry(const struct dice_policy_turn *t, int n,
			   long total, int e)
{
	const struct roll_table *r = &t->game->roll[n];
	const struct roll_entry *en = &r->entry[e];
	double best = dice_policy_turn_after(t, n, total, &r->keep[en->first]);

	for (int k = en->first + 1; k < en->first + en->keeps; k++) {
		double after = dice_policy_turn_after(t, n, total, &r->keep[k]);

		if (after > best)
			best = after;
	}
	return best;
}

/* Rolling n dice (0: all) at `total`: the solver's value where it solved
 * the turn; from the row `settled` on, where it holds only a bound that a
 * bank beats (dice_policy.h), one roll ahead: each roll's best keep,
 * whose banks there are exact. */
static double values_roll(const struct dice_policy_turn *t, int n, long total)
{
	const struct roll_table *r;
	double value;

	if (n <= 0)
		n = t->game->dice;
	if (total / DICE_POLICY_STEP < t->settled)
		return dice_policy_turn_roll(t, n, total);
	r = &t->game->roll[n];
	value = r->bust * t->bust;
	for (int e = 0; e < r->rolls; e++)
		value += r->entry[e].p * values_entry(t, n, total, e);
	return value;
}

int values_actions(struct values *v, const void *state,
		   struct values_action *out)
{
	const struct dice_game *g = state;
	struct win_spot s = values_spot(v, g);
	const struct dice_policy_turn *t = values_turn(v, &s);
	int moves[GAME_MAX_MOVES], n = v->rules->moves(state, moves);

	for (int i = 0; i < n; i++) {
		/* moves() lists the roll's keeps first, in g->set's order */
		int word = g->rolled && i < g->sets ?
			-1 - i : arena_dice_game_legal_word(g, moves[i]);

		out[i] = (struct values_action){.move = moves[i],
						.chance = word >= 0};
		if (word == DICE_BANK) {
			out[i].value = dice_policy_turn_bank(t, g->turn);
		} else if (word == DICE_ROLL) {
			out[i].value = values_roll(t, g->left, g->turn);
		} else if (word < 0) {
			struct roll_keep k = dice_rolls_keep_of(
				v->model.game.rules, g->roll, &g->set[-1 - word]);

			out[i].value = dice_policy_turn_after(t, g->rolled,
							      g->turn, &k);
		}
	}
	return n;
}

void values_split(double chance[VALUES_SEATS], int me, double value)
{
	chance[me] = value;
	chance[1 - me] = 1 - value;
}

void values_state(struct values *v, const void *state,
		  double chance[VALUES_SEATS])
{
	const struct dice_game *g = state;
	struct values_action a[GAME_MAX_MOVES];
	int n;
	double best;

	if (g->to_move < 0) {	/* the result: a draw counts half */
		double shares[GAME_MAX_SEATS];

		estimate_result(v->rules, VALUES_SEATS, state, shares);
		memcpy(chance, shares, VALUES_SEATS * sizeof *chance);
		return;
	}
	n = values_actions(v, state, a);
	best = a[0].value;
	for (int i = 1; i < n; i++)
		if (a[i].value > best)
			best = a[i].value;
	values_split(chance, g->to_move, best);
}

void values_start(struct values *v, int first, double chance[VALUES_SEATS])
{
	struct win_spot s = {.phase = WIN_PLAY};

	values_split(chance, first, values_roll(values_turn(v, &s), 0, 0));
}

/* Whether `move` is one of the rules' moves at `state`. */
static bool values_legal(const struct values *v, const void *state, int move)
{
	int moves[GAME_MAX_MOVES], n = v->rules->moves(state, moves);

	for (int i = 0; i < n; i++)
		if (moves[i] == move)
			return true;
	return false;
}

int values_outcomes(struct values *v, const void *state, int move,
		    struct values_outcome *out, long *of)
{
	const struct dice_game *g = state;
	const struct dice_policy_turn *t;
	const struct roll_table *r;
	struct win_spot s;
	int count[DICE_FACES + 1] = {0}, n = g->left, outcomes = 0;

	if (g->to_move < 0 || !values_legal(v, state, move) ||
	    arena_dice_game_legal_word(g, move) != DICE_ROLL)
		return -1;
	s = values_spot(v, g);
	t = values_turn(v, &s);
	r = &t->game->roll[n];
	*of = 1;
	for (int i = 0; i < n; i++)
		*of *= DICE_FACES;
	count[1] = n;
	do {
		struct values_outcome *o = &out[outcomes++];
		int e = dice_rolls_entry(r, count);

		memcpy(o->count, count, sizeof o->count);
		/* in how many of the 6^n ways: an integer a double holds */
		o->ways = lround(dice_rolls_probability(count, n) * (double)*of);
		/* nothing to set aside: the turn is lost */
		values_split(o->chance, g->to_move,
			     e < 0 ? t->bust : values_entry(t, n, g->turn, e));
	} while (dice_rolls_next(count));
	return outcomes;
}
