/*
 * The turn solver of dice_policy.h.  A keep always adds points, so the
 * value of a state depends only on states with a larger turn total: one
 * pass from the largest total down fills the table, each state being the
 * average over the rolls of n dice of the best keep (then bank or roll
 * on) plus the chance of a roll that scores nothing times `bust`.  What a
 * keep leads to depends only on the dice it leaves, whether a bank may
 * follow and the new total, so those values are kept a row at a time
 * (after[]) and a keep is one look-up: the solver's inner loop.
 */
#include "dice_policy.h"

#include <stdlib.h>
#include <string.h>

#include "games/support.h"

#define DICE_POLICY_REACH_EPSILON 1e-15

/* How many keeps the rolls of a table offer in all. */
static int dice_policy_keeps(const struct roll_table *r)
{
	return r->rolls ? r->entry[r->rolls - 1].first +
				  r->entry[r->rolls - 1].keeps : 0;
}

/* Whether a bank may follow a keep leaving `left` of its dice, if the total
 * allows one (docs/games/bolo.md rule 1.4, docs/games/bolo5.md rule 2.3). */
static bool dice_policy_may_follow(const struct dice_policy_game *g, int left,
				   bool quiet)
{
	return left ? !g->needs_quiet || quiet : g->hot_may_bank;
}

/* g->reach by fixed-point iteration from 0: a keep that allows a bank
 * reaches one, any other is worth the reach of the dice it leaves (all
 * of them again when none). */
static void dice_policy_reach(struct dice_policy_game *g)
{
	double change;

	do {
		change = 0;
		for (int n = 1; n <= g->dice; n++) {
			const struct roll_table *r = &g->roll[n];
			double q = 0;

			for (int e = 0; e < r->rolls; e++) {
				double best = 0;

				for (int k = r->entry[e].first;
				     k < r->entry[e].first + r->entry[e].keeps;
				     k++) {
					int left = n - r->keep[k].dice;
					bool bank = dice_policy_may_follow(
						g, left, r->keep[k].quiet);
					double a = bank ? 1 :
						g->reach[left ? left : g->dice];

					if (a > best)
						best = a;
				}
				q += r->entry[e].p * best;
			}
			if (q - g->reach[n] > change)
				change = q - g->reach[n];
			g->reach[n] = q;
		}
	} while (change > DICE_POLICY_REACH_EPSILON);
}

int dice_policy_game_init(struct dice_policy_game *g, const char *game)
{
	memset(g, 0, sizeof *g);
	if (strcmp(game, "bolo") == 0) {
		g->rules = DICE_BOLO;
		g->dice = 7;
		g->hot_may_bank = true;
	} else if (strcmp(game, "bolo5") == 0) {
		g->rules = DICE_BOLO5;
		g->dice = 5;
		g->needs_quiet = true;
	} else {
		return -1;
	}
	g->least_bust = 1;
	for (int n = 1; n <= g->dice; n++) {
		struct roll_table *r = &g->roll[n];
		int keeps;

		dice_rolls_build(r, g->rules, n);
		if (r->bust < g->least_bust)
			g->least_bust = r->bust;
		keeps = dice_policy_keeps(r);
		g->move[n] = arena_games_xcalloc((size_t)keeps,
					       sizeof *g->move[n]);
		for (int k = 0; k < keeps; k++) {
			int left = n - r->keep[k].dice;
			int jump = (int)(r->keep[k].points / DICE_POLICY_STEP);

			g->move[n][k] = (struct dice_policy_move){
				.slot = 2 * left + dice_policy_may_follow(
						g, left, r->keep[k].quiet),
				.jump = jump,
			};
			if (jump > g->jump)
				g->jump = jump;
		}
	}
	dice_policy_reach(g);
	return 0;
}

void dice_policy_game_free(struct dice_policy_game *g)
{
	for (int n = 1; n <= g->dice; n++) {
		dice_rolls_free(&g->roll[n]);
		free(g->move[n]);
	}
}

/* The table index of a turn total, capped at the last row. */
static int dice_policy_index(const struct dice_policy_turn *t, long total)
{
	long i = total / DICE_POLICY_STEP;

	return i < t->steps ? (int)i : t->steps;
}

double dice_policy_turn_bank(const struct dice_policy_turn *t, long total)
{
	return t->bank[dice_policy_index(t, total)];
}

/* Rolling n dice at row i: solved below `settled`, the bound from it on. */
static double dice_policy_cell(const struct dice_policy_turn *t, int n, int i)
{
	const struct dice_policy_game *g = t->game;

	if (i >= t->settled)
		return g->reach[n] * t->bank[i] + (1 - g->reach[n]) * t->bust;
	return t->value[(n - 1) * t->settled + i];
}

/* The chance of losing the turn from there, the same way. */
static double dice_policy_cell_lost(const struct dice_policy_turn *t, int n,
				    int i)
{
	if (i >= t->settled)
		return 1 - t->game->reach[n];
	return t->lost[(n - 1) * t->settled + i];
}

double dice_policy_turn_roll(const struct dice_policy_turn *t, int n,
			     long total)
{
	return dice_policy_cell(t, n > 0 ? n : t->game->dice,
				dice_policy_index(t, total));
}

double dice_policy_turn_lost(const struct dice_policy_turn *t, int n,
			     long total)
{
	return dice_policy_cell_lost(t, n > 0 ? n : t->game->dice,
				     dice_policy_index(t, total));
}

double dice_policy_turn_after(const struct dice_policy_turn *t, int n,
			      long total, const struct roll_keep *k)
{
	int left = n - k->dice;
	long after = total + k->points;
	double roll = dice_policy_turn_roll(t, left, after);

	if (after >= t->threshold &&
	    dice_policy_may_follow(t->game, left, k->quiet) &&
	    dice_policy_turn_bank(t, after) > roll)
		return dice_policy_turn_bank(t, after);
	return roll;
}

/* The keeps' look-ups: for each slot of struct dice_policy_move, a row of
 * what a keep leads to at each total (and the chance of losing the turn
 * from there), padded past the last row with the last row's. */
struct dice_policy_work {
	const struct dice_policy_game *game;
	int width;		/* steps + 1 + the game's jump */
	size_t room, lost_room;	/* doubles allocated in value[], lost[] */
	double *value, *lost;
	/* [n]: each keep of roll[n]'s look-up at row 0 (slot, then jump):
	 * at row i, value[at[n][k] + i] */
	int *at[DICE_MAX + 1];
};

struct dice_policy_work *dice_policy_work_new(const struct dice_policy_game *g)
{
	struct dice_policy_work *a = arena_games_xcalloc(1, sizeof *a);

	a->game = g;
	for (int n = 1; n <= g->dice; n++)
		a->at[n] = arena_games_xcalloc((size_t)dice_policy_keeps(&g->roll[n]),
					     sizeof *a->at[n]);
	return a;
}

void dice_policy_work_free(struct dice_policy_work *a)
{
	if (!a)
		return;
	for (int n = 1; n <= a->game->dice; n++)
		free(a->at[n]);
	free(a->value);
	free(a->lost);
	free(a);
}

/* `*room` doubles at *p at least, grown to `size`. */
static void dice_policy_room(double **p, size_t *room, size_t size)
{
	if (size <= *room)
		return;
	free(*p);
	*p = arena_games_xcalloc(size, sizeof **p);
	*room = size;
}

/* The rows of a as turn t needs them, and its keeps' look-ups. */
static void dice_policy_work_fit(struct dice_policy_work *a,
				 const struct dice_policy_turn *t)
{
	const struct dice_policy_game *g = t->game;
	int width = t->steps + 1 + g->jump;
	size_t size = 2 * (size_t)g->dice * (size_t)width;

	dice_policy_room(&a->value, &a->room, size);
	if (!t->values_only)
		dice_policy_room(&a->lost, &a->lost_room, size);
	if (width == a->width)
		return;
	a->width = width;
	for (int n = 1; n <= g->dice; n++)
		for (int k = 0; k < dice_policy_keeps(&g->roll[n]); k++)
			a->at[n][k] = g->move[n][k].slot * width +
				      g->move[n][k].jump;
}

/* Fills row i of every slot, from the solved row i of the turn (and the
 * chance of losing the turn when the turn has lost[]). */
static void dice_policy_after_row(const struct dice_policy_turn *t,
				  struct dice_policy_work *a, int i)
{
	const struct dice_policy_game *g = t->game;
	bool bank_ok = (long)i * DICE_POLICY_STEP >= t->threshold;

	for (int left = 0; left < g->dice; left++) {
		int n = left ? left : g->dice, at = 2 * left * a->width + i;
		double roll = dice_policy_cell(t, n, i);
		bool bank = bank_ok && t->bank[i] > roll;

		a->value[at] = roll;
		a->value[at + a->width] = bank ? t->bank[i] : roll;
		if (!t->lost)
			continue;
		a->lost[at] = dice_policy_cell_lost(t, n, i);
		a->lost[at + a->width] = bank ? 0 : a->lost[at];
	}
}

/* Rolling n dice at row i: the best keep of each roll.  Inlined twice,
 * with and without lost[] (`with_lost` a constant): the chance of losing
 * the turn is a second sum the grader does not need. */
static inline __attribute__((always_inline)) void
dice_policy_solve_state(struct dice_policy_turn *t,
			const struct dice_policy_work *a, int n, int i,
			bool with_lost)
{
	const struct roll_table *r = &t->game->roll[n];
	const int *keep = a->at[n];
	/* (lost[] is there only when asked for: no offset of a null.) */
	const double *value = a->value + i, *lost_of = with_lost ? a->lost + i : NULL;
	int at = (n - 1) * t->settled + i;
	double v = r->bust * t->bust, lost = r->bust;

	for (int e = 0; e < r->rolls; e++) {
		const struct roll_entry *en = &r->entry[e];
		int pick = keep[en->first];
		double best = value[pick];

		for (int k = en->first + 1; k < en->first + en->keeps; k++)
			if (value[keep[k]] > best) {
				best = value[keep[k]];
				pick = keep[k];
			}
		v += en->p * best;
		if (with_lost)
			lost += en->p * lost_of[pick];
	}
	t->value[at] = v;
	if (with_lost)
		t->lost[at] = lost;
}

/* Past the last row, keeps land on the last row. */
static void dice_policy_after_pad(const struct dice_policy_turn *t,
				  struct dice_policy_work *a)
{
	for (int s = 0; s < 2 * t->game->dice; s++)
		for (int j = t->steps + 1; j < a->width; j++) {
			a->value[s * a->width + j] =
				a->value[s * a->width + t->steps];
			if (t->lost)
				a->lost[s * a->width + j] =
					a->lost[s * a->width + t->steps];
		}
}

void dice_policy_turn_solve_in(struct dice_policy_turn *t,
				struct dice_policy_work *a)
{
	const struct dice_policy_game *g = t->game;
	/* rows from `settled` on: dice_policy_cell()'s bound, not kept */
	size_t cells = (size_t)g->dice * (size_t)t->settled;

	t->value = arena_games_xcalloc(cells, sizeof *t->value);
	t->lost = t->values_only ? NULL :
		arena_games_xcalloc(cells, sizeof *t->lost);
	dice_policy_work_fit(a, t);
	for (int i = t->steps; i >= 0; i--) {
		for (int n = 1; n <= g->dice && i < t->settled; n++)
			if (t->lost)
				dice_policy_solve_state(t, a, n, i, true);
			else
				dice_policy_solve_state(t, a, n, i, false);
		dice_policy_after_row(t, a, i);
		if (i == t->steps)
			dice_policy_after_pad(t, a);
	}
}

void dice_policy_turn_solve(struct dice_policy_turn *t)
{
	struct dice_policy_work *a = dice_policy_work_new(t->game);

	dice_policy_turn_solve_in(t, a);
	dice_policy_work_free(a);
}

void dice_policy_turn_free(struct dice_policy_turn *t)
{
	free(t->value);
	free(t->lost);
	t->value = NULL;
	t->lost = NULL;
}
