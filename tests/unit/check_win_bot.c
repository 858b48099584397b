/*
 * win-bot's model and play (values/win_policy.c, win_solve.c,
 * bots/win_player.c):
 * the rules of each phase as the model has them (thresholds, what a bank
 * is worth at the end of bolo, the sudden-death cap), the shortcuts of
 * the solver (settled rows, the exact tail of a bolo5 turn) against a
 * turn solved in full, the end tables shipped with the bot against a
 * solve here, and the model against the referee itself: both seats play
 * win-bot's decisions through the referee's own rules (games),
 * from its views to its checks of every action, and the first player's
 * score must match the model's chance within 4 standard errors.  The
 * independent check of every chance is tests/e2e/win_check.sh.
 */
#include <math.h>
#include <string.h>

#include "games/registry.h"
#include "run_suite.h"
#include "win_player.h"
#include "values/values_tables.h"

/* A model of `game` to `target`, solved (bolo's end included). */
static void solved(struct win_policy *w, const char *game, long target)
{
	ck_assert_int_eq(win_policy_init(w, game, target, WIN_CAP), 0);
	win_policy_solve(w);
}

START_TEST(thresholds_follow_the_rules)
{
	struct win_policy w;

	ck_assert_int_eq(win_policy_init(&w, "bolo", 10000, WIN_CAP), 0);
	ck_assert_int_eq(win_policy_threshold(&w, 0), 1000);	/* rule 1.5 */
	ck_assert_int_eq(win_policy_threshold(&w, 1000), 0);
	ck_assert_int_eq(win_policy_threshold(&w, 9950), 0);
	ck_assert(!win_policy_reachable(&w, 950));
	ck_assert(win_policy_reachable(&w, 1000));
	win_policy_free(&w);
	ck_assert_int_eq(win_policy_init(&w, "bolo5", 10000, WIN_CAP), 0);
	ck_assert_int_eq(win_policy_threshold(&w, 0), 650);	/* rule 2.4 */
	ck_assert_int_eq(win_policy_threshold(&w, 650), 350);
	ck_assert_int_eq(win_policy_threshold(&w, 6950), 350);
	ck_assert_int_eq(win_policy_threshold(&w, 7000), 750);
	ck_assert_int_eq(win_policy_threshold(&w, 8950), 750);
	ck_assert_int_eq(win_policy_threshold(&w, 9000), 1000);
	ck_assert(!win_policy_reachable(&w, 600));
	ck_assert(win_policy_reachable(&w, 650));
	win_policy_free(&w);
	ck_assert_int_eq(win_policy_init(&w, "bolo5", 1025, WIN_CAP), -1);
	ck_assert_int_eq(win_policy_init(&w, "bolo5", 1000, 0), -1);
	ck_assert_int_eq(win_policy_init(&w, "volle-lotte", 1000, WIN_CAP), -1);
}
END_TEST

/* bolo's end is in the tables at any target; the phase play only at
 * the tables' target, at scores below it. */
START_TEST(tables_cover_their_spots)
{
	struct win_policy w;
	struct win_spot play = {.phase = WIN_PLAY, .mine = 950, .theirs = 0};
	struct win_spot last = {.phase = WIN_FINAL, .mine = 0, .theirs = 1200};

	ck_assert_int_eq(win_policy_init(&w, "bolo", 1000, WIN_CAP), 0);
	ck_assert(win_policy_covers(&w, 1000, &play));
	ck_assert(!win_policy_covers(&w, 2000, &play));
	ck_assert(win_policy_covers(&w, 2000, &last));
	play.mine = 1000;
	ck_assert(!win_policy_covers(&w, 1000, &play));
	play.mine = 25;
	ck_assert(!win_policy_covers(&w, 1000, &play));
	win_policy_free(&w);
	ck_assert_int_eq(win_policy_init(&w, "bolo5", 1000, WIN_CAP), 0);
	ck_assert(!win_policy_covers(&w, 1000, &last));	/* no end phase */
	win_policy_free(&w);
}
END_TEST

/* reach[n]: bolo, a roll that scores (any keep may bank); bolo5, a keep
 * leaving a quiet die: one die scores with a 1 or a 5 only, and then all
 * five are rolled again, so reach[1] = reach[5] / 3. */
START_TEST(reach_is_the_chance_to_bank)
{
	struct dice_policy_game g;

	ck_assert_int_eq(dice_policy_game_init(&g, "bolo"), 0);
	for (int n = 1; n <= 7; n++)
		ck_assert_double_eq_tol(g.reach[n], 1 - g.roll[n].bust, 1e-14);
	ck_assert_double_eq(g.least_bust, g.roll[7].bust);
	ck_assert_int_eq(g.jump, 320);	/* seven 1s: 16000 */
	dice_policy_game_free(&g);
	ck_assert_int_eq(dice_policy_game_init(&g, "bolo5"), 0);
	ck_assert_double_eq_tol(g.reach[1], g.reach[5] / 3, 1e-15);
	ck_assert_double_eq_tol(g.reach[5], 0.920886, 1e-6);
	ck_assert_double_eq_tol(g.reach[2], 0.546765, 1e-6);
	ck_assert_int_eq(g.jump, 200);	/* five 1s: 10000 */
	dice_policy_game_free(&g);
}
END_TEST

/* The shipped end tables are what a solve gives here, to the last bit. */
START_TEST(shipped_end_tables_are_solved_ones)
{
	static struct win_policy w;

	solved(&w, "bolo", 1000);
	for (int d = 0; d < w.gaps; d++)
		ck_assert_double_eq(w.final[d], values_tables_bolo_final[d]);
	for (int k = 0; k < WIN_SUDDEN_TURNS * w.gaps; k++)
		ck_assert_double_eq(w.sudden[k], values_tables_bolo_sudden[k]);
	win_policy_free(&w);
}
END_TEST

/* What a bank is worth at each kind of spot (docs/games/bolo.md rule 1.6,
 * bolo5.md rule 2.1). */
START_TEST(banks_are_worth_what_follows)
{
	static struct win_policy bolo, bolo5;
	struct win_turn t;
	struct win_spot s = {.phase = WIN_SUDDEN, .mine = 10000, .theirs = 10100,
			     .turns = WIN_SUDDEN_TURNS - 1};

	solved(&bolo, "bolo", 1000);
	/* The 64th turn of sudden death: strictly above is a draw. */
	win_policy_turn(&bolo, &s, &t);
	ck_assert_double_eq(t.bank[2], 0);
	ck_assert_double_eq(t.bank[3], 0.5);
	ck_assert_int_eq(t.turn.threshold, 0);
	ck_assert_double_eq(t.turn.bust, 0);
	win_policy_turn_free(&t);
	/* Before it: the other moves next, 50 behind. */
	s.turns = 0;
	win_policy_turn(&bolo, &s, &t);
	ck_assert_double_eq(t.bank[3], 1 - bolo.sudden[bolo.gaps + 1]);
	win_policy_turn_free(&t);
	/* The last turn: reaching the leader's score, the leader starts
	 * sudden death, level. */
	s = (struct win_spot){.phase = WIN_FINAL, .mine = 0, .theirs = 1000};
	win_policy_turn(&bolo, &s, &t);
	ck_assert_double_eq(t.bank[19], 0);
	ck_assert_double_eq(t.bank[20], 1 - bolo.sudden[0]);
	win_policy_turn_free(&t);
	/* The phase play: a bank to the target gives the other its last
	 * turn, as far behind as the lead; the opening needs 1000. */
	s = (struct win_spot){.phase = WIN_PLAY};
	win_policy_turn(&bolo, &s, &t);
	ck_assert_int_eq(t.turn.threshold, 1000);
	ck_assert_double_eq(t.bank[22], 1 - bolo.final[22]);
	ck_assert_double_eq(t.turn.bust, 1 - bolo.play[0]);
	win_policy_turn_free(&t);
	win_policy_free(&bolo);
	/* bolo5: a bank to the target wins at once. */
	solved(&bolo5, "bolo5", 1000);
	s = (struct win_spot){.phase = WIN_PLAY, .mine = 700, .theirs = 650};
	win_policy_turn(&bolo5, &s, &t);
	ck_assert_int_eq(t.turn.threshold, 350);
	ck_assert_int_eq(t.turn.steps, 7);	/* 350 wins: the tail is exact */
	ck_assert_double_eq(t.bank[6], 1);
	ck_assert_double_eq(t.bank[5], 1 - bolo5.play[13 * bolo5.cells + 19]);
	win_policy_turn_free(&t);
	win_policy_free(&bolo5);
}
END_TEST

/* A turn solved with its settled rows as it is, and solved in full: the
 * same values.  Loop index: the spot. */
START_TEST(settled_rows_change_nothing)
{
	static const struct win_spot spots[] = {
		{.phase = WIN_PLAY, .mine = 0, .theirs = 0},
		{.phase = WIN_PLAY, .mine = 9000, .theirs = 9500},
		{.phase = WIN_PLAY, .mine = 9950, .theirs = 0},
		{.phase = WIN_FINAL, .mine = 9000, .theirs = 10200},
		{.phase = WIN_SUDDEN, .mine = 10000, .theirs = 10450, .turns = 3},
	};
	struct win_policy w;
	struct win_turn t;
	struct dice_policy_turn full;
	double worst = 0;

	win_policy_load(&w, "bolo", values_tables_target, values_tables_bolo_play,
			values_tables_bolo_final, values_tables_bolo_sudden);
	win_policy_turn(&w, &spots[_i], &t);
	ck_assert_int_lt(t.turn.settled, t.turn.steps);
	full = t.turn;
	full.settled = full.steps;
	dice_policy_turn_solve(&full);
	for (int n = 1; n <= 7; n++)
		for (int i = 0; i < t.turn.settled; i++) {
			long total = i * 50;

			worst = fmax(worst, fabs(
				dice_policy_turn_roll(&t.turn, n, total) -
				dice_policy_turn_roll(&full, n, total)));
			worst = fmax(worst, fabs(
				dice_policy_turn_lost(&t.turn, n, total) -
				dice_policy_turn_lost(&full, n, total)));
		}
	ck_assert_double_lt(worst, 1e-14);
	dice_policy_turn_free(&full);
	win_policy_turn_free(&t);
	win_policy_free(&w);
}
END_TEST

/* One game of `game` to the model's target through the referee's rules,
 * win-bot in both seats: 1 when seat 0 (first) wins, 0.5 for a draw. */
static double referee_game(const struct game_rules *rules, const char *game,
			   struct win_player p[2], long target, uint64_t seed)
{
	unsigned char key[32] = {0};
	struct game_setup setup = {.players = 2, .first_seat = 0};
	cJSON *options = cJSON_CreateObject();
	struct game_result result;
	struct draws draws;
	char err[GAME_ERR_LEN] = "";
	void *state;
	int seat;

	memcpy(key, &seed, sizeof seed);
	cJSON_AddNumberToObject(options, "target", (double)target);
	if (strcmp(game, "bolo5") == 0)
		cJSON_AddStringToObject(options, "yahtzee_clause", "off");
	setup.options = options;
	arena_draws_init(&draws, key, NULL, NULL);
	state = rules->create(&setup, &draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	while ((seat = rules->to_move(state)) >= 0) {
		cJSON *turn = cJSON_CreateObject(), *action;

		cJSON_AddItemToObject(turn, "state", rules->view(state, seat));
		cJSON_AddItemToObject(turn, "legal", rules->legal(state));
		action = win_player_decide(&p[seat], turn, "win-bot");
		if (!action || rules->apply(state, action, &draws, err) < 0)
			ck_abort_msg("win-bot's action was refused: %s", err);
		cJSON_Delete(action);
		cJSON_Delete(turn);
	}
	rules->result(state, &result);
	rules->destroy(state);
	cJSON_Delete(options);
	if (result.rank[0] == 1)
		return result.rank[1] == 1 ? 0.5 : 1;
	return 0;
}

/* Loop index: bolo then bolo5, to 1000 (short games, bolo's end often). */
START_TEST(self_play_through_the_referee_scores_the_model)
{
	static const char *const games[] = {"bolo", "bolo5"};
	static const int count[] = {3000, 20000};
	static struct win_policy w;
	const char *game = games[_i];
	const struct game_rules *rules = arena_game_find(game);
	struct win_player p[2];
	cJSON *start = cJSON_CreateObject(), *players;
	double sum = 0, squares = 0, mean, se;

	solved(&w, game, 1000);
	cJSON_AddStringToObject(start, "game", game);
	players = cJSON_AddArrayToObject(start, "players");
	cJSON_AddItemToArray(players, cJSON_CreateString("a"));
	cJSON_AddItemToArray(players, cJSON_CreateString("b"));
	for (int i = 0; i < 2; i++) {
		memset(&p[i], 0, sizeof p[i]);
		p[i].bolo = p[i].bolo5 = &w;
		win_player_start(&p[i], start, "win-bot");
	}
	for (int g = 0; g < count[_i]; g++) {
		double x = referee_game(rules, game, p, 1000, (uint64_t)g + 1);

		sum += x;
		squares += x * x;
	}
	mean = sum / count[_i];
	se = sqrt((squares / count[_i] - mean * mean) / (count[_i] - 1));
	ck_assert_msg(fabs(mean - w.play[0]) <= 4 * se,
		      "%s: the model says %.4f, %d games through the referee %.4f (SE %.4f)",
		      game, w.play[0], count[_i], mean, se);
	for (int i = 0; i < 2; i++)
		win_player_free(&p[i]);
	cJSON_Delete(start);
	win_policy_free(&w);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("win_bot");
	TCase *tc = tcase_create("win_bot");

	/* The self-play of 23,000 games takes seconds, and over two minutes
	 * under clang's AddressSanitizer on CI's 2 cores. */
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, thresholds_follow_the_rules);
	tcase_add_test(tc, tables_cover_their_spots);
	tcase_add_test(tc, reach_is_the_chance_to_bank);
	tcase_add_test(tc, shipped_end_tables_are_solved_ones);
	tcase_add_test(tc, banks_are_worth_what_follows);
	tcase_add_loop_test(tc, settled_rows_change_nothing, 0, 5);
	tcase_add_loop_test(tc, self_play_through_the_referee_scores_the_model,
			    0, 2);
	suite_add_tcase(s, tc);
	return s;
}
