/*
 * The chances of two players' own play (values/own_play.h): without
 * choices both players play the best, and their tables are win_policy.h's
 * solved to the same cap; a player told to bank as soon as it may is
 * worth less than the best play against the best play, and the other
 * more, each table the other's complement where the two players' choices
 * are swapped.
 */
#include <math.h>
#include <stdlib.h>

#include "run_suite.h"
#include "values/own_play.h"

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

Suite *test_suite(void)
{
	Suite *s = suite_create("own_play");
	TCase *tables = tcase_create("tables");

	tcase_set_timeout(tables, 120);
	tcase_add_loop_test(tables, without_choices_the_best_play, 0, 2);
	suite_add_tcase(s, tables);
	return s;
}
