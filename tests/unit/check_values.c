/*
 * The values of values/values.h on states the rules library plays: the
 * games without exact values and why, values known by hand (a bank that
 * reaches bolo5's target wins; a bank below the leader's score in bolo's
 * final round loses; a game over is its result), the start and a bank in
 * sudden death against the tables win-bot plays from, every roll's outcomes (their ways add up to
 * 6^n exactly, their mean is the roll's value, far past the target too)
 * and every keep's value against the state it leads to, at states of
 * random play; the grader's fast turns against a plain solve, bit for
 * bit.
 */
#include <math.h>
#include <stdlib.h>

#include "game_start.h"
#include "games/dice.h"
#include "games/registry.h"
#include "run_suite.h"
#include "values/values.h"
#include "values/win_policy.h"
#include "values/values_tables.h"

static cJSON *options_of(long target)
{
	cJSON *options = cJSON_CreateObject();

	cJSON_AddNumberToObject(options, "target", (double)target);
	return options;
}

/* A 2-player game of `rules` to `target`, its first turn not started. */
static void *new_game(const struct game_rules *rules, long target,
		      struct draws *draws)
{
	cJSON *options = options_of(target);
	void *state;

	if (rules == &arena_bolo5_rules)
		cJSON_AddStringToObject(options, "yahtzee_clause", "off");
	state = game_start(rules, 2, options, draws);
	cJSON_Delete(options);
	return state;
}

static struct values *open_values(const char *game, long target)
{
	cJSON *options = options_of(target);
	char err[VALUES_ERR_LEN] = "";
	struct values *v = values_open(game, options, 2, NULL, err);

	ck_assert_msg(v != NULL, "%s", err);
	cJSON_Delete(options);
	return v;
}

/* values_open() refuses what has no exact values, saying why. */
START_TEST(no_values_and_why)
{
	cJSON *options = options_of(10000);
	char err[VALUES_ERR_LEN];

	ck_assert_ptr_null(values_open("rolit", options, 2, NULL, err));
	ck_assert_str_eq(err, "no exact values for rolit: only two-player bolo "
			 "and bolo5 have them");
	ck_assert_ptr_null(values_open("bolo", options, 3, NULL, err));
	ck_assert_str_eq(err, "no exact values for bolo with 3 players: only "
			 "two-player games have them");
	cJSON_AddStringToObject(options, "yahtzee_clause", "on");
	ck_assert_ptr_null(values_open("bolo5", options, 2, NULL, err));
	ck_assert_str_eq(err, "no exact values for bolo5 with the Yahtzee clause: "
			 "the tables are solved without it");
	cJSON_Delete(options);
	options = options_of(25001);
	ck_assert_ptr_null(values_open("bolo", options, 2, NULL, err));
	ck_assert_str_eq(err, "no exact values for bolo to a target of 25001: "
			 "the tables go from 50 to 25000");
	cJSON_Delete(options);
	/* A header is read before its log verifies: no cast of a number past
	 * a long's range (UBSan in the fuzz build). */
	options = options_of(10000);
	cJSON_SetNumberValue(cJSON_GetObjectItem(options, "target"), 1e300);
	ck_assert_ptr_null(values_open("bolo", options, 2, NULL, err));
	ck_assert_str_eq(err, "no exact values for bolo to a target of 1e+300: "
			 "the tables go from 50 to 25000");
	cJSON_Delete(options);
	/* No options at all: the rules' default target. */
	ck_assert_ptr_null(values_open("bolo", NULL, 3, NULL, err));
	ck_assert_str_eq(err, "no exact values for bolo with 3 players: only "
			 "two-player games have them");
}
END_TEST

/* The action of `word` ("bank", "roll") or of the keep `keep` at state. */
static int action_of(struct values *v, const void *state, const char *word,
		     const int *keep, int n, struct values_action *a, int *count)
{
	int want[DICE_FACES + 1] = {0}, id;
	cJSON *json = cJSON_CreateString(word ? word : "");

	*count = values_actions(v, state, a);
	for (int i = 0; i < n; i++)
		want[keep[i]]++;
	id = word ? arena_dice_game_action_id(state, json) : arena_dice_keep_id(want);
	cJSON_Delete(json);
	for (int i = 0; i < *count; i++)
		if (a[i].move == id)
			return i;
	ck_abort_msg("no such action");
	return -1;
}

/* bolo5 to 1000: three 1s set aside with a quiet 2 and 3 left win at
 * once by a bank: worth exactly 1, and so is the state; then the result. */
START_TEST(a_bank_to_the_target_wins)
{
	static const int roll[] = {1, 1, 1, 2, 3}, ones[] = {1, 1, 1};
	struct values *v = open_values("bolo5", 1000);
	struct values_action a[GAME_MAX_MOVES];
	struct draws draws;
	void *state = new_game(&arena_bolo5_rules, 1000, &draws);
	double chance[2];
	int n, k;

	arena_dice_game_load(state, roll, 5);
	arena_dice_game_start(state, &draws, 0);
	k = action_of(v, state, NULL, ones, 3, a, &n);
	ck_assert_double_eq(a[k].value, 1);
	values_state(v, state, chance);
	ck_assert_double_eq(chance[0], 1);
	ck_assert_double_eq(chance[1], 0);
	arena_bolo5_rules.apply_move(state, a[k].move, &draws);
	k = action_of(v, state, "bank", NULL, 0, a, &n);
	ck_assert_double_eq(a[k].value, 1);
	ck_assert_double_lt(a[action_of(v, state, "roll", NULL, 0, a, &n)].value, 1);
	arena_bolo5_rules.apply_move(state, a[k].move, &draws);
	ck_assert_int_eq(arena_bolo5_rules.to_move(state), -1);
	values_state(v, state, chance);
	ck_assert_double_eq(chance[0], 1);
	ck_assert_double_eq(chance[1], 0);
	arena_bolo5_rules.destroy(state);
	values_close(v);
}
END_TEST

/* A game of bolo to 2000, seat 0 at 1950 and seat 1 at `score` (both
 * opened), the dice loaded with the n faces `rolls`, seat 0 to roll. */
static void *bolo_end(long score, const int *rolls, int n, struct draws *draws)
{
	void *state = new_game(&arena_bolo_rules, 2000, draws);

	arena_dice_game_preset(state, 0, 1950, true);
	arena_dice_game_preset(state, 1, score, true);
	arena_dice_game_load(state, rolls, n);
	arena_dice_game_start(state, draws, 0);
	return state;
}

/* Plays the word or the keep of the n faces at a state of bolo. */
static void bolo_play(struct values *v, void *state, const char *word,
		      const int *keep, int n, struct draws *draws)
{
	struct values_action a[GAME_MAX_MOVES];
	int count;

	arena_bolo_rules.apply_move(state, a[action_of(v, state, word, keep, n,
						    a, &count)].move, draws);
}

/* The value at a state of bolo of the word or the keep of the n faces. */
static double bolo_value(struct values *v, void *state, const char *word,
			 const int *keep, int n)
{
	struct values_action a[GAME_MAX_MOVES];
	int count;

	return a[action_of(v, state, word, keep, n, a, &count)].value;
}

/* Seat 0 banks 50 to 2000, seat 1 (1000) has its final turn; a bank of
 * 100 there ends below the leader: worth 0, where the same bank in the
 * phase play would be worth something. */
START_TEST(a_bank_below_the_leader_loses)
{
	static const int rolls[] = {5, 2, 3, 4, 6, 6, 2, 1, 2, 3, 4, 6, 6, 2};
	static const int five[] = {5}, one[] = {1};
	struct values *v = open_values("bolo", 2000);
	struct draws draws;
	void *state = bolo_end(1000, rolls, 14, &draws);

	bolo_play(v, state, NULL, five, 1, &draws);
	bolo_play(v, state, "bank", NULL, 0, &draws);
	ck_assert_int_eq(arena_bolo_rules.to_move(state), 1);
	bolo_play(v, state, NULL, one, 1, &draws);
	ck_assert_double_eq(bolo_value(v, state, "bank", NULL, 0), 0);
	ck_assert_double_gt(bolo_value(v, state, "roll", NULL, 0), 0);
	arena_bolo_rules.destroy(state);
	values_close(v);
}
END_TEST

/* Both at 1950: seat 0 banks 50 to 2000, seat 1 matches it in its final
 * turn, and sudden death begins with seat 0: after a 5 set aside, its
 * bank of 50 (2050, the other at 2000) is worth what the built-in table
 * of sudden death leaves the other, 50 behind on the second turn of it. */
START_TEST(sudden_death_is_the_table)
{
	static const int rolls[] = {5, 2, 3, 4, 6, 6, 2, 5, 2, 3, 4, 6, 6, 2,
				    5, 2, 3, 4, 6, 6, 2};
	static const int five[] = {5};
	struct values *v = open_values("bolo", 2000);
	struct draws draws;
	void *state = bolo_end(1950, rolls, 21, &draws);

	for (int turn = 0; turn < 2; turn++) {
		bolo_play(v, state, NULL, five, 1, &draws);
		bolo_play(v, state, "bank", NULL, 0, &draws);
	}
	ck_assert_int_eq(arena_bolo_rules.to_move(state), 0);
	bolo_play(v, state, NULL, five, 1, &draws);
	/* sudden[k][d]: the seat to move after k turns of it, d * 50 behind */
	ck_assert_double_eq(bolo_value(v, state, "bank", NULL, 0),
			    1 - values_tables_bolo_sudden[1 * (WIN_CAP / 50 + 1) + 1]);
	arena_bolo_rules.destroy(state);
	values_close(v);
}
END_TEST

/* The start is the chance win-bot's table holds for the first player. */
START_TEST(the_start_is_the_table)
{
	static const char *const games[] = {"bolo", "bolo5"};
	const double *play[] = {values_tables_bolo_play, values_tables_bolo5_play};
	struct values *v = open_values(games[_i], values_tables_target);
	double chance[2];

	values_start(v, 1, chance);
	ck_assert_double_eq_tol(chance[1], play[_i][0], 1e-12);
	ck_assert_double_eq(chance[0] + chance[1], 1);
	ck_assert_str_eq(values_how(v), "exact: tables to 10000 built in");
	values_close(v);
}
END_TEST

/* At the state: each keep is worth what the state it leads to is worth,
 * and a roll's outcomes cover the 6^n ways once, their mean its value. */
static void agree(struct values *v, const struct game_rules *rules,
		  void *state)
{
	static struct values_outcome out[VALUES_OUTCOMES];
	struct values_action a[GAME_MAX_MOVES];
	int n = values_actions(v, state, a), me = rules->to_move(state);

	for (int i = 0; i < n; i++) {
		long of = 0, ways = 0;
		double mean = 0;
		int k = values_outcomes(v, state, a[i].move, out, &of);

		if (!a[i].chance) {	/* a keep rolls nothing */
			ck_assert_int_eq(k, -1);
			continue;
		}
		for (int j = 0; j < k; j++) {
			ways += out[j].ways;
			mean += (double)out[j].ways / (double)of * out[j].chance[me];
			ck_assert_double_eq_tol(out[j].chance[0] + out[j].chance[1], 1,
						1e-15);
		}
		if (k >= 0) {
			ck_assert_int_eq(ways, of);
			ck_assert_double_eq_tol(mean, a[i].value, 1e-12);
		}
	}
}

/* Random play of games to 3000: at every state the values agree, and a
 * keep is worth what the state after it is. */
START_TEST(rolls_and_keeps_agree)
{
	const struct game_rules *rules = _i ? &arena_bolo5_rules : &arena_bolo_rules;
	struct values *v = open_values(rules->name, 3000);
	struct values_action a[GAME_MAX_MOVES];
	struct draws draws;
	int keeps = 0;

	srand(56);
	while (keeps < 300) {
		void *state = new_game(rules, 3000, &draws);

		while (rules->to_move(state) >= 0) {
			int n = values_actions(v, state, a), pick = rand() % n;
			double after[2];

			agree(v, rules, state);
			rules->apply_move(state, a[pick].move, &draws);
			if (a[pick].chance || rules->to_move(state) < 0)
				continue;
			values_state(v, state, after);
			ck_assert_double_eq_tol(after[rules->to_move(state)],
						a[pick].value, 1e-12);
			keeps++;
		}
		rules->destroy(state);
	}
	values_close(v);
}
END_TEST

/* bolo to 2000: seven 1s (16000) put aside, the dice all to roll again.
 * A bank is the best play from far below such a total, where the turn
 * solver stops solving (its row `settled`); rolling on is worth the mean
 * of its outcomes all the same. */
START_TEST(a_roll_far_past_the_target)
{
	static const int ones[] = {1, 1, 1, 1, 1, 1, 1};
	struct values *v = open_values("bolo", 2000);
	struct draws draws;
	void *state = new_game(&arena_bolo_rules, 2000, &draws);

	arena_dice_game_load(state, ones, 7);
	arena_dice_game_start(state, &draws, 0);
	bolo_play(v, state, NULL, ones, 7, &draws);
	agree(v, &arena_bolo_rules, state);
	ck_assert_double_gt(bolo_value(v, state, "bank", NULL, 0),
			    bolo_value(v, state, "roll", NULL, 0));
	arena_bolo_rules.destroy(state);
	values_close(v);
}
END_TEST

/* The reference: turn t (set up by win_policy_turn_values()) solved the
 * plain way, every row below the last by dynamic programming, each keep
 * looked up where it lands, the last row the bound that stands for all
 * totals past it; ref[n][i] (n dice, row i). */
struct reference {
	const struct dice_policy_turn *t;
	double *ref[DICE_MAX + 1];
};

/* What keep k of a roll of n dice at row i leads to in the reference. */
static double reference_after(const struct reference *r, int n, int i,
			      const struct roll_keep *k)
{
	const struct dice_policy_game *g = r->t->game;
	int left = n - k->dice, j = i + (int)(k->points / DICE_POLICY_STEP);
	bool follow = left ? !g->needs_quiet || k->quiet : g->hot_may_bank;
	double roll;

	if (j > r->t->steps)
		j = r->t->steps;
	roll = r->ref[left ? left : g->dice][j];
	if ((long)j * DICE_POLICY_STEP >= r->t->threshold && follow &&
	    r->t->bank[j] > roll)
		return r->t->bank[j];
	return roll;
}

static void reference_solve(struct reference *r)
{
	const struct dice_policy_turn *t = r->t;
	const struct dice_policy_game *g = t->game;

	for (int n = 1; n <= g->dice; n++) {
		r->ref[n] = calloc((size_t)t->steps + 1, sizeof *r->ref[n]);
		r->ref[n][t->steps] = g->reach[n] * t->bank[t->steps] +
				      (1 - g->reach[n]) * t->bust;
	}
	for (int i = t->steps - 1; i >= 0; i--)
		for (int n = 1; n <= g->dice; n++) {
			const struct roll_table *roll = &g->roll[n];
			double v = roll->bust * t->bust;

			for (int e = 0; e < roll->rolls; e++) {
				const struct roll_entry *en = &roll->entry[e];
				double best = reference_after(r, n, i,
							      &roll->keep[en->first]);

				for (int k = en->first + 1; k < en->first + en->keeps; k++)
					best = fmax(best, reference_after(
						r, n, i, &roll->keep[k]));
				v += en->p * best;
			}
			r->ref[n][i] = v;
		}
}

/* The grader's turns (values only, solved one after another in the same
 * rows, the rows past `settled` not kept) against the reference, to the
 * last bit: each roll where the solver solved it, each keep everywhere;
 * win-bot's turns (with lost[]) the same. */
START_TEST(fast_turns_are_the_plain_solve)
{
	static const struct win_spot spots[] = {
		{.phase = WIN_PLAY, .mine = 0, .theirs = 0},
		{.phase = WIN_PLAY, .mine = 9000, .theirs = 9500},
		{.phase = WIN_PLAY, .mine = 0, .theirs = 6000},
		{.phase = WIN_PLAY, .mine = 9950, .theirs = 0},
		{.phase = WIN_PLAY, .mine = 4500, .theirs = 4000},
		{.phase = WIN_FINAL, .mine = 9000, .theirs = 10200},
		{.phase = WIN_SUDDEN, .mine = 10000, .theirs = 10450, .turns = 3},
	};
	bool bolo = _i == 0;
	struct win_policy w;
	struct dice_policy_work *work;

	win_policy_load(&w, bolo ? "bolo" : "bolo5", values_tables_target,
			bolo ? values_tables_bolo_play : values_tables_bolo5_play,
			bolo ? values_tables_bolo_final : NULL,
			bolo ? values_tables_bolo_sudden : NULL);
	work = dice_policy_work_new(&w.game);
	for (size_t s = 0; s < sizeof spots / sizeof *spots; s++) {
		struct win_turn t, bot;
		struct reference r;

		if (!bolo && spots[s].phase != WIN_PLAY)
			continue;
		win_policy_turn_values(&w, &spots[s], work, &t);
		win_policy_turn(&w, &spots[s], &bot);	/* win-bot's */
		r.t = &t.turn;
		reference_solve(&r);
		ck_assert_ptr_null(t.turn.lost);
		for (int n = 1; n <= w.game.dice; n++) {
			const struct roll_table *roll = &w.game.roll[n];

			for (int i = 0; i <= t.turn.steps; i++) {
				long total = (long)i * DICE_POLICY_STEP;

				if (i < t.turn.settled) {
					ck_assert_double_eq(dice_policy_turn_roll(
						&t.turn, n, total), r.ref[n][i]);
					ck_assert_double_eq(dice_policy_turn_roll(
						&bot.turn, n, total), r.ref[n][i]);
				}
				for (int k = 0; k < roll->entry[roll->rolls - 1].first +
							    roll->entry[roll->rolls - 1].keeps; k++)
					ck_assert_double_eq(dice_policy_turn_after(
						&t.turn, n, total, &roll->keep[k]),
						reference_after(&r, n, i, &roll->keep[k]));
			}
		}
		for (int n = 1; n <= w.game.dice; n++)
			free(r.ref[n]);
		win_policy_turn_free(&t);
		win_policy_turn_free(&bot);
	}
	dice_policy_work_free(work);
	win_policy_free(&w);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("values");
	TCase *tc = tcase_create("values");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, no_values_and_why);
	tcase_add_test(tc, a_bank_to_the_target_wins);
	tcase_add_test(tc, a_bank_below_the_leader_loses);
	tcase_add_test(tc, sudden_death_is_the_table);
	tcase_add_loop_test(tc, the_start_is_the_table, 0, 2);
	tcase_add_loop_test(tc, rolls_and_keeps_agree, 0, 2);
	tcase_add_test(tc, a_roll_far_past_the_target);
	tcase_add_loop_test(tc, fast_turns_are_the_plain_solve, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}
