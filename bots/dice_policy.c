/*
 * The turn solver of dice_policy.h.  A keep always adds points, so the
 * value of a state depends only on states with a larger turn total: one
 * pass from the largest total down fills the table, each state being the
 * average over the rolls of n dice of the best keep (then bank or roll
 * on) plus the chance of a roll that scores nothing times `bust`.
 */
#include "dice_policy.h"

#include <stdlib.h>
#include <string.h>

int policy_game_init(struct policy_game *g, const char *game)
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
	for (int n = 1; n <= g->dice; n++)
		rolls_build(&g->roll[n], g->rules, n);
	return 0;
}

void policy_game_free(struct policy_game *g)
{
	for (int n = 1; n <= g->dice; n++)
		rolls_free(&g->roll[n]);
}

/* The table index of a turn total, capped at the last row. */
static int policy_index(const struct policy_turn *t, long total)
{
	long i = total / POLICY_STEP;

	return i < t->steps ? (int)i : t->steps;
}

double policy_turn_bank(const struct policy_turn *t, long total)
{
	return t->bank[policy_index(t, total)];
}

double policy_turn_roll(const struct policy_turn *t, int n, long total)
{
	if (n <= 0)
		n = t->game->dice;
	return t->value[n * (t->steps + 1) + policy_index(t, total)];
}

double policy_turn_after(const struct policy_turn *t, int n, long total,
			 const struct roll_keep *k)
{
	const struct policy_game *g = t->game;
	int left = n - k->dice;
	long after = total + k->points;
	bool hot = left == 0, may_bank;
	double roll = policy_turn_roll(t, left, after);

	may_bank = after >= t->threshold &&
		   (hot ? g->hot_may_bank : !g->needs_quiet || k->quiet);
	if (may_bank && policy_turn_bank(t, after) > roll)
		return policy_turn_bank(t, after);
	return roll;
}

void policy_turn_solve(struct policy_turn *t)
{
	const struct policy_game *g = t->game;
	int row = t->steps + 1;

	t->value = calloc((size_t)(g->dice + 1) * (size_t)row,
			  sizeof *t->value);
	if (!t->value)
		abort();
	for (int i = t->steps; i >= 0; i--)
		for (int n = 1; n <= g->dice; n++) {
			const struct roll_table *r = &g->roll[n];
			double v = r->bust * t->bust;

			if (i == t->steps) {	/* beyond the table: bank */
				t->value[n * row + i] = t->bank[i];
				continue;
			}
			for (int e = 0; e < r->rolls; e++) {
				const struct roll_entry *en = &r->entry[e];
				double best = 0;

				for (int k = en->first;
				     k < en->first + en->keeps; k++) {
					double a = policy_turn_after(
						t, n, (long)i * POLICY_STEP,
						&r->keep[k]);

					if (k == en->first || a > best)
						best = a;
				}
				v += en->p * best;
			}
			t->value[n * row + i] = v;
		}
}

void policy_turn_free(struct policy_turn *t)
{
	free(t->value);
	t->value = NULL;
}
