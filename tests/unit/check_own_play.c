/*
 * The chances of two players' own play (values/own_play.h): without
 * choices both players play the best, and their tables are win_policy.h's
 * solved to the same cap; against a player told to bank at 350 and keep
 * the most points, the best play is worth at least what it is worth
 * against itself at every spot, and the other less (the best play is the
 * game's equilibrium); the choices own_policy.h learns from counted
 * decisions; and every roll found in its entry of the roll tables, as the
 * decisions are counted.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run_suite.h"
#include "games/dice.h"
#include "games/registry.h"
#include "values/own_play.h"
#include "values/own_policy.h"
#include "values/values.h"

/* The best play's tables of `game` to `target`, with own_play.c's cap. */
static void best_tables(struct win_policy *w, const char *game, long target,
			long cap)
{
	ck_assert_int_eq(win_policy_init(w, game, target, cap), 0);
	win_policy_solve(w);
}

START_TEST(without_choices_the_best_play)
{
	static const char *const games[] = {"bolo", "bolo5"};
	const char *game = games[_i];
	struct own_play o;
	struct win_policy w;
	size_t size;

	ck_assert_int_eq(own_play_init(&o, game, 2000, NULL), 0);
	own_play_solve(&o);
	best_tables(&w, game, 2000, o.turns[0].cap);
	size = (size_t)w.cells * (size_t)w.cells;
	if (w.game.rules == DICE_BOLO)
		size += (1 + WIN_SUDDEN_TURNS) * (size_t)w.gaps;
	for (size_t i = 0; i < size; i++)
		for (int m = 0; m < 2; m++)
			ck_assert_msg(fabs(o.solved[m][i] - w.solved[i]) < 1e-9,
				      "%s: player %d's chance %zu: %.17g, best play's %.17g",
				      game, m, i, o.solved[m][i], w.solved[i]);
	win_policy_free(&w);
	own_play_free(&o);
}
END_TEST

/* A threshold player's choices in play, `rows` rows: the keep of the most
 * points (the first of them: the fewest dice), a bank from 350 on. */
static void threshold_choices(const struct dice_policy_game *g, int rows,
			      struct own_choices *c)
{
	c->rows = rows;
	for (int n = 1; n <= g->dice; n++) {
		const struct roll_table *r = &g->roll[n];

		c->keep[n] = calloc((size_t)rows * (size_t)r->rolls, sizeof *c->keep[n]);
		for (int e = 0; e < r->rolls; e++) {
			int best = 0;

			for (int k = 1; k < r->entry[e].keeps; k++)
				if (r->keep[r->entry[e].first + k].points >
				    r->keep[r->entry[e].first + best].points)
					best = k;
			for (int i = 0; i < rows; i++)
				c->keep[n][(size_t)i * (size_t)r->rolls + (size_t)e] =
					(int16_t)best;
		}
	}
	c->bank = calloc((size_t)g->dice * (size_t)rows, sizeof *c->bank);
	for (int left = 0; left < g->dice; left++)
		for (int i = 0; i < rows; i++)
			c->bank[left * rows + i] = i * DICE_POLICY_STEP >= 350;
}

START_TEST(the_best_play_against_a_threshold)
{
	static const char *const games[] = {"bolo", "bolo5"};
	const char *game = games[_i];
	struct own_play o;
	struct win_policy w;
	struct own_choices c = {0};
	const struct own_choices *choices[2][OWN_OPENED][OWN_PHASES] = {{{NULL}}};
	struct dice_policy_game g;

	ck_assert_int_eq(dice_policy_game_init(&g, game), 0);
	threshold_choices(&g, 200, &c);
	choices[0][0][WIN_PLAY] = choices[0][1][WIN_PLAY] = &c;
	ck_assert_int_eq(own_play_init(&o, game, 2000, choices), 0);
	own_play_solve(&o);
	best_tables(&w, game, 2000, o.turns[0].cap);
	for (int i = 0; i < w.cells * w.cells; i++) {
		ck_assert_msg(o.solved[1][i] >= w.solved[i] - 1e-9,
			      "%s %d: the best play's %.17g against the threshold, "
			      "%.17g against itself", game, i, o.solved[1][i], w.solved[i]);
		ck_assert_msg(o.solved[0][i] <= w.solved[i] + 1e-9,
			      "%s %d: the threshold's %.17g, the best play's %.17g",
			      game, i, o.solved[0][i], w.solved[i]);
	}
	ck_assert_double_lt(o.solved[0][0], w.solved[0] - 0.01);
	win_policy_free(&w);
	own_play_free(&o);
	own_choices_free(&c);
	dice_policy_game_free(&g);
}
END_TEST

START_TEST(choices_learned)
{
	struct dice_policy_game g;
	struct own_policy *p;
	struct own_choices c[OWN_OPENED][OWN_PHASES];
	int rolls;

	ck_assert_int_eq(dice_policy_game_init(&g, "bolo"), 0);
	rolls = g.roll[3].rolls;
	p = own_policy_new("bolo");
	ck_assert_ptr_null(own_policy_new("volle-lotte"));
	ck_assert_int_gt(rolls, 7);
	for (int i = 0; i < 10; i++)
		own_policy_keep(p, 1, WIN_PLAY, 3, 5, 2, 1, false);
	for (int i = 0; i < 5; i++) {
		own_policy_keep(p, 1, WIN_PLAY, 3, 5, 3, 0, false);
		own_policy_keep(p, 1, WIN_PLAY, 3, 5, 3, 2, false);
	}
	for (int i = 0; i < 10; i++) {
		own_policy_bank(p, 1, WIN_PLAY, 2, 7, i < 9, false);
		own_policy_bank(p, 1, WIN_PLAY, 2, 8, i < 8, false);
	}
	/* Roll 6: keep 0 at rows 5 and 6, keep 1 at row 7, each time the
	 * best play's: the best play explains more than keep 0 at any row.
	 * Roll 7: keep 2 at row 3, the best play's too: as much, so told. */
	for (int i = 0; i < 10; i++) {
		own_policy_keep(p, 1, WIN_PLAY, 3, 5, 6, 0, true);
		own_policy_keep(p, 1, WIN_PLAY, 3, 6, 6, 0, true);
	}
	own_policy_keep(p, 1, WIN_PLAY, 3, 7, 6, 1, true);
	for (int i = 0; i < 5; i++)
		own_policy_keep(p, 1, WIN_PLAY, 3, 3, 7, 2, true);
	own_policy_keep(p, 0, WIN_FINAL, 7, 30, 0, 0, false);
	own_policy_choices(p, c);
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][5 * rolls + 6], 0);	/* its own */
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][7 * rolls + 6], 1);
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][0 * rolls + 6], -1);	/* the best play's */
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][0 * rolls + 7], 2);
	ck_assert_int_eq(c[1][WIN_PLAY].rows, 9);
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][5 * rolls + 2], 1);
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][5 * rolls + 3], -1);	/* split */
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][5 * rolls + 4], -1);	/* never seen */
	ck_assert_int_eq(c[1][WIN_PLAY].keep[3][0 * rolls + 2], 1);	/* at any row */
	ck_assert_int_eq(c[1][WIN_PLAY].bank[0 * 9 + 7], 1);	/* any dice left */
	ck_assert_int_eq(c[1][WIN_PLAY].bank[0 * 9 + 6], -1);
	ck_assert_int_eq(c[1][WIN_PLAY].bank[2 * 9 + 7], 1);	/* 9 in 10 */
	ck_assert_int_eq(c[1][WIN_PLAY].bank[2 * 9 + 8], -1);	/* 8 in 10 */
	ck_assert_int_eq(c[0][WIN_FINAL].rows, 31);
	ck_assert_int_eq(c[0][WIN_FINAL].keep[7][30 * g.roll[7].rolls], 0);
	ck_assert_int_eq(c[0][WIN_PLAY].rows, 0);
	ck_assert_ptr_null(c[0][WIN_PLAY].bank);
	for (int a = 0; a < OWN_OPENED; a++)
		for (int ph = 0; ph < OWN_PHASES; ph++)
			own_choices_free(&c[a][ph]);
	own_policy_free(p);
	dice_policy_game_free(&g);
}
END_TEST

/* Every roll of n dice found in its entry, each of its keeps among the
 * entry's, the chances of the rolls of an entry adding up to its own. */
START_TEST(rolls_found)
{
	static const char *const games[] = {"bolo", "bolo5"};
	struct dice_policy_game g;

	ck_assert_int_eq(dice_policy_game_init(&g, games[_i]), 0);
	for (int n = 1; n <= g.dice; n++) {
		const struct roll_table *r = &g.roll[n];
		int count[DICE_FACES + 1] = {[1] = n};
		double *p = calloc((size_t)r->rolls + 1, sizeof *p);

		do {
			struct dice_set sets[DICE_MAX_SETS];
			int e = dice_rolls_entry(r, count);
			int k = arena_dice_game_sets(g.rules, count, sets);

			ck_assert_int_eq(e < 0, k == 0);
			for (int j = 0; j < k; j++) {
				struct roll_keep keep = dice_rolls_keep_of(g.rules, count, &sets[j]);

				ck_assert_int_ge(dice_rolls_keep_index(r, g.rules, e, &keep), 0);
			}
			p[e + 1] += dice_rolls_probability(count, n);
		} while (dice_rolls_next(count));
		ck_assert_double_eq_tol(p[0], r->bust, 1e-12);
		for (int e = 0; e < r->rolls; e++)
			ck_assert_double_eq_tol(p[e + 1], r->entry[e].p, 1e-12);
		free(p);
	}
	dice_policy_game_free(&g);
}
END_TEST

/* Two threshold players' games, G of them, each from its own key, seat
 * `game % 2` first: the moves of game g in moves[g * MOST ..], -1 after
 * the last. */
enum { GAMES = 200, MOST = 4000 };

static void *threshold_start(const struct game_rules *rules, const cJSON *options,
			     int game, struct draws *draws)
{
	unsigned char key[32] = {(unsigned char)game, (unsigned char)(game >> 8), 7};
	struct game_setup setup = {.players = 2, .first_seat = game % 2};
	char err[GAME_ERR_LEN] = "";
	void *state;

	setup.options = options;
	arena_draws_init(draws, key, NULL, NULL);
	state = rules->create(&setup, draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	return state;
}

/* A threshold player's move at g: the keep of the most points (the first:
 * the fewest dice), a bank from `threshold` on, else a roll. */
static int threshold_move(const struct game_rules *rules,
			  const struct dice_game *g, long threshold)
{
	int moves[GAME_MAX_MOVES], n = rules->moves(g, moves), pick = 0;

	if (g->rolled) {
		for (int i = 1; i < g->sets && i < n; i++)
			if (g->set[i].points > g->set[pick].points)
				pick = i;
		return moves[pick];
	}
	for (int i = 0; i < n; i++) {
		int word = arena_dice_game_legal_word(g, moves[i]);

		if (word == DICE_BANK && g->turn >= threshold)
			return moves[i];
		if (word == DICE_ROLL)
			pick = i;
	}
	return moves[pick];
}

/* The luck of own play leaves the expected result: between two threshold
 * players whose choices were learned from the same games (every decision
 * told), each game's result is its start's value plus the luck of its
 * rolls to 1e-9, no decision moves the value, and each roll's outcomes
 * average to the value of rolling. */
START_TEST(own_play_luck_leaves_the_expected_result)
{
	static const char *const games[] = {"bolo", "bolo5"};
	const char *game = games[_i];
	const struct game_rules *rules = arena_game_find(game);
	static const long threshold[2] = {300, 350};
	int *moves = malloc(sizeof *moves * GAMES * MOST);
	struct own_policy *counts[2] = {own_policy_new(game), own_policy_new(game)};
	const struct own_policy *learned[2] = {counts[0], counts[1]};
	cJSON *options = cJSON_CreateObject();
	char err[VALUES_ERR_LEN] = "";
	struct values *best, *own;
	static struct values_outcome out[VALUES_OUTCOMES];

	cJSON_AddNumberToObject(options, "target", 2000);
	if (!strcmp(game, "bolo5"))
		cJSON_AddStringToObject(options, "yahtzee_clause", "off");
	best = values_open(game, options, 2, NULL, err);
	ck_assert_msg(best != NULL, "%s", err);
	for (int gi = 0; gi < GAMES; gi++) {
		struct draws draws;
		struct dice_game *g = threshold_start(rules, options, gi, &draws);
		int k = 0;

		while (g->to_move >= 0 && k < MOST - 1) {
			int m = threshold_move(rules, g, threshold[g->to_move]);

			values_count(best, g, m, counts[g->to_move]);
			rules->apply_move(g, m, &draws);
			moves[gi * MOST + k++] = m;
		}
		ck_assert_int_lt(g->to_move, 0);
		moves[gi * MOST + k] = -1;
		rules->destroy(g);
	}
	own = values_open_own(game, options, 2, learned, err);
	ck_assert_msg(own != NULL, "%s", err);
	for (int gi = 0; gi < GAMES; gi++) {
		struct draws draws;
		struct dice_game *g = threshold_start(rules, options, gi, &draws);
		double start[2], luck, now[2];
		struct values_action a[GAME_MAX_MOVES];

		values_start(own, gi % 2, start);
		values_state(own, g, now);	/* the first roll is drawn */
		luck = now[0] - start[0];
		for (int k = 0; moves[gi * MOST + k] >= 0; k++) {
			int m = moves[gi * MOST + k], n = values_actions(own, g, a), i = 0;
			double after[2];

			while (i < n && a[i].move != m)
				i++;
			ck_assert_int_lt(i, n);
			ck_assert_msg(fabs(a[i].value - now[g->to_move]) < 1e-12,
				      "%s game %d move %d: played %.17g, the state %.17g",
				      game, gi, k, a[i].value, now[g->to_move]);
			if (arena_dice_game_legal_word(g, m) == DICE_ROLL) {
				double mean = 0;
				long of;
				int outcomes = values_outcomes(own, g, m, out, &of);

				for (int o = 0; o < outcomes; o++)
					mean += out[o].chance[g->to_move] * (double)out[o].ways / (double)of;
				ck_assert_msg(fabs(mean - a[i].value) < 1e-12,
					      "%s game %d move %d: rolling %.17g, its outcomes %.17g",
					      game, gi, k, a[i].value, mean);
			}
			values_split(now, g->to_move, a[i].value);
			rules->apply_move(g, m, &draws);
			values_state(own, g, after);
			if (a[i].chance)
				luck += after[0] - now[0];
			else
				ck_assert_msg(fabs(after[0] - now[0]) < 1e-12,
					      "%s game %d move %d: the keep %.17g, the state after it %.17g",
					      game, gi, k, now[0], after[0]);
			now[0] = after[0];
			now[1] = after[1];
		}
		ck_assert_double_eq_tol(now[0], start[0] + luck, 1e-9);
		rules->destroy(g);
	}
	values_close(own);
	values_close(best);
	own_policy_free(counts[0]);
	own_policy_free(counts[1]);
	cJSON_Delete(options);
	free(moves);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("own_play");
	TCase *tables = tcase_create("tables");

	tcase_set_timeout(tables, 120);
	tcase_add_loop_test(tables, without_choices_the_best_play, 0, 2);
	tcase_add_loop_test(tables, the_best_play_against_a_threshold, 0, 2);
	tcase_add_test(tables, choices_learned);
	tcase_add_loop_test(tables, rolls_found, 0, 2);
	tcase_add_loop_test(tables, own_play_luck_leaves_the_expected_result, 0, 2);
	suite_add_tcase(s, tables);
	return s;
}
