/*
 * The turn solver of own_turn.h: dice_policy.c's pass from the largest
 * total down, each roll's keep and each bank the player's where its
 * choices tell them, else the best, as dice_policy.c takes it (the first
 * keep of the most value; a bank only when worth more than rolling on).
 * The sums run in dice_policy.c's order, so that without choices the
 * values are its own to the last bit.
 */
#include "own_turn.h"

#include <stdbool.h>
#include <stdlib.h>

/* What a keep leads to, a row at a time: value and the chance of losing
 * the turn, by slot (struct dice_policy_move) and row, as dice_policy.c
 * keeps them. */
struct own_rows {
	int width;
	double *value, *lost;
};

/* The keep of entry e of n dice at row i: the player's, else the best. */
static int own_turn_pick(const struct dice_policy_turn *t,
			 const struct own_choices *c, const struct own_rows *a,
			 int n, int i, int e)
{
	const struct roll_table *r = &t->game->roll[n];
	const struct roll_entry *en = &r->entry[e];
	const struct dice_policy_move *move = t->game->move[n];
	int pick = en->first, told = own_keep_told(c, r, i, e);
	double best;

	if (told >= 0)
		return en->first + told;
	best = a->value[move[pick].slot * a->width + move[pick].jump + i];
	for (int k = en->first + 1; k < en->first + en->keeps; k++) {
		double v = a->value[move[k].slot * a->width + move[k].jump + i];

		if (v > best) {
			best = v;
			pick = k;
		}
	}
	return pick;
}

/* Rolling n dice at row i. */
static void own_turn_state(struct dice_policy_turn *t,
			   const struct own_choices *c, const struct own_rows *a,
			   int n, int i)
{
	const struct roll_table *r = &t->game->roll[n];
	const struct dice_policy_move *move = t->game->move[n];
	double v = r->bust * t->bust, lost = r->bust;

	for (int e = 0; e < r->rolls; e++) {
		int k = own_turn_pick(t, c, a, n, i, e);
		int at = move[k].slot * a->width + move[k].jump + i;

		v += r->entry[e].p * a->value[at];
		lost += r->entry[e].p * a->lost[at];
	}
	t->value[(n - 1) * t->settled + i] = v;
	t->lost[(n - 1) * t->settled + i] = lost;
}

/* Row i of every slot, from the solved row i of the turn: after a keep
 * that allows a bank, the player's choice, else the best. */
static void own_turn_after_row(const struct dice_policy_turn *t,
			       const struct own_choices *c, struct own_rows *a,
			       int i)
{
	const struct dice_policy_game *g = t->game;
	long total = (long)i * DICE_POLICY_STEP;
	bool bank_ok = total >= t->threshold;

	for (int left = 0; left < g->dice; left++) {
		int n = left ? left : g->dice, at = 2 * left * a->width + i;
		double roll = dice_policy_turn_roll(t, n, total);
		double lost = dice_policy_turn_lost(t, n, total);
		int told = bank_ok ? own_bank_told(c, left, i) : -1;
		bool bank = bank_ok && (told >= 0 ? told == 1 : t->bank[i] > roll);

		a->value[at] = roll;
		a->lost[at] = lost;
		a->value[at + a->width] = bank ? t->bank[i] : roll;
		a->lost[at + a->width] = bank ? 0 : lost;
	}
}

/* Past the last row, keeps land on the last row. */
static void own_turn_pad(const struct dice_policy_turn *t, struct own_rows *a)
{
	for (int s = 0; s < 2 * t->game->dice; s++)
		for (int j = t->steps + 1; j < a->width; j++) {
			a->value[s * a->width + j] = a->value[s * a->width + t->steps];
			a->lost[s * a->width + j] = a->lost[s * a->width + t->steps];
		}
}

void own_turn_solve(struct dice_policy_turn *t, const struct own_choices *c)
{
	const struct dice_policy_game *g = t->game;
	size_t cells = (size_t)g->dice * (size_t)t->settled;
	struct own_rows a = { .width = t->steps + 1 + g->jump };
	size_t size = 2 * (size_t)g->dice * (size_t)a.width;

	t->value = dice_policy_alloc(cells, sizeof *t->value);
	t->lost = dice_policy_alloc(cells, sizeof *t->lost);
	a.value = dice_policy_alloc(size, sizeof *a.value);
	a.lost = dice_policy_alloc(size, sizeof *a.lost);
	for (int i = t->steps; i >= 0; i--) {
		for (int n = 1; n <= g->dice && i < t->settled; n++)
			own_turn_state(t, c, &a, n, i);
		own_turn_after_row(t, c, &a, i);
		if (i == t->steps)
			own_turn_pad(t, &a);
	}
	free(a.value);
	free(a.lost);
}
