/*
 * Estimated values (values/estimate.h) on states the rules library plays:
 * a state copied as its rules' state_size says plays on as the original
 * does, in every game; a result shared among the winners; playouts that
 * the same key makes the same; chances that add up to 1 in every game at
 * 2 to 4 players; values that are exact where play can go but one way
 * (Rolit's forced ends); and the playouts' rule: the keep of the most
 * points, a bank from 350.
 */
#include <stdlib.h>
#include <string.h>

#include "base/options.h"
#include "games/dice.h"
#include "games/registry.h"
#include "run_suite.h"
#include "values/estimate.h"
#include "values/estimate_rule.h"

static const unsigned char zero_key[32];

/* A new game of `rules` for `players` with its default options. */
static void *new_game(const struct game_rules *rules, int players,
		      struct draws *draws, cJSON **options)
{
	struct game_setup setup = {.players = players, .first_seat = 0};
	char err[GAME_ERR_LEN] = "";
	void *state;

	*options = options_resolve(rules, NULL, err);
	ck_assert_msg(*options != NULL, "%s", err);
	setup.options = *options;
	arena_draws_init(draws, zero_key, NULL, NULL);
	state = rules->create(&setup, draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	return state;
}

/* The state's view for seat 0, as text. */
static char *view_text(const struct game_rules *rules, const void *state)
{
	cJSON *view = rules->view(state, 0);
	char *text = cJSON_PrintUnformatted(view);

	cJSON_Delete(view);
	return text;
}

/* At every step of a game played at random, a copy of the state given
 * the same action and the same draws shows the same view as the game. */
START_TEST(a_copy_plays_on_alike)
{
	const struct game_rules *rules = arena_game_registry[_i];
	struct draws draws;
	cJSON *options;
	void *state = new_game(rules, rules->min_players, &draws, &options);
	void *copy = malloc(rules->state_size);
	int moves[GAME_MAX_MOVES], steps = 0;

	srand(7);
	while (rules->to_move(state) >= 0 && steps++ < 400) {
		int n = rules->moves(state, moves), pick = rand() % n;
		struct draws twin;
		char *a, *b;

		memcpy(copy, state, rules->state_size);
		twin = draws;
		rules->apply_move(state, moves[pick], &draws);
		rules->apply_move(copy, moves[pick], &twin);
		a = view_text(rules, state);
		b = view_text(rules, copy);
		ck_assert_str_eq(a, b);
		free(a);
		free(b);
	}
	ck_assert_int_gt(steps, 10);
	free(copy);
	rules->destroy(state);
	cJSON_Delete(options);
}
END_TEST

/* Each seat's share of a finished game: the winners split 1. */
START_TEST(the_winners_share_one)
{
	const struct game_rules *rules = &arena_rolit_rules;
	struct draws draws;
	cJSON *options;
	void *state = new_game(rules, 3, &draws, &options);
	int moves[GAME_MAX_MOVES];
	double chance[GAME_MAX_SEATS], sum = 0;
	struct game_result r;
	int winners = 0;

	while (rules->to_move(state) >= 0) {
		rules->moves(state, moves);
		rules->apply_move(state, moves[0], &draws);
	}
	estimate_result(rules, 3, state, chance);
	rules->result(state, &r);
	for (int s = 0; s < 3; s++)
		winners += r.rank[s] == 1;
	for (int s = 0; s < 3; s++) {
		ck_assert_double_eq(chance[s], r.rank[s] == 1 ? 1.0 / winners : 0);
		sum += chance[s];
	}
	ck_assert_double_eq_tol(sum, 1, 1e-15);
	rules->destroy(state);
	cJSON_Delete(options);
}
END_TEST

/* In every game at its fewest and most players: each action's chances
 * add up to 1, lie in [0, 1], and the same key gives the same values. */
START_TEST(chances_add_up_and_repeat)
{
	const struct game_rules *rules = arena_game_registry[_i / 2];
	int players = _i % 2 ? rules->max_players : rules->min_players;
	struct estimate *e = estimate_open(rules, players);
	struct estimate_action a[GAME_MAX_MOVES], again[GAME_MAX_MOVES];
	struct draws draws;
	cJSON *options;
	void *state = new_game(rules, players, &draws, &options);
	int n = estimate_actions(e, state, 42, a);

	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(estimate_actions(e, state, 42, again), n);
	for (int i = 0; i < n; i++) {
		double sum = 0;

		for (int s = 0; s < players; s++) {
			ck_assert(a[i].chance[s] >= 0 && a[i].chance[s] <= 1);
			ck_assert_double_eq(a[i].chance[s], again[i].chance[s]);
			sum += a[i].chance[s];
		}
		ck_assert_double_eq_tol(sum, 1, 1e-12);
	}
	ck_assert_str_eq(estimate_how(e), rules->family == GAME_FAMILY_DICE ?
		"estimated: the mean result of up to 128 playouts a value (a "
		"standard error of up to 4.4%), every seat keeping the most "
		"points and banking from 350 or with 2 dice or fewer to roll" :
		"estimated: the mean result of up to 128 playouts a value (a "
		"standard error of up to 4.4%), every seat playing at random");
	rules->destroy(state);
	cJSON_Delete(options);
	estimate_close(e);
}
END_TEST

/* Whether `state` plays to its end by forced moves alone (into its
 * result), after `move`. */
static bool forced_to_end(const struct game_rules *rules, void *state,
			  int move, struct draws *draws,
			  double result[GAME_MAX_SEATS])
{
	int moves[GAME_MAX_MOVES];

	rules->apply_move(state, move, draws);
	while (rules->to_move(state) >= 0) {
		if (rules->moves(state, moves) != 1)
			return false;
		rules->apply_move(state, moves[0], draws);
	}
	estimate_result(rules, 2, state, result);
	return true;
}

/* Rolit near its end, at a choice of which every action leaves only
 * forced moves: every playout of an action ends alike, so that its value
 * is the result it leads to, exactly; the position's value, the random
 * rule's, is their mean. */
START_TEST(forced_ends_are_exact)
{
	const struct game_rules *rules = &arena_rolit_rules;
	struct estimate *e = estimate_open(rules, 2);
	struct estimate_action a[GAME_MAX_MOVES];
	struct draws draws;
	cJSON *options;
	void *state = new_game(rules, 2, &draws, &options);
	void *copy = malloc(rules->state_size);
	int moves[GAME_MAX_MOVES], n, checked = 0;
	double mean, here[GAME_MAX_SEATS], result[GAME_MAX_SEATS];

	for (; rules->to_move(state) >= 0;
	     rules->apply_move(state, moves[0], &draws)) {
		bool forced = (n = rules->moves(state, moves)) > 1;

		for (int i = 0; i < n && forced; i++) {
			memcpy(copy, state, rules->state_size);
			forced = forced_to_end(rules, copy, moves[i], &draws, result);
		}
		if (!forced)
			continue;
		ck_assert_int_eq(estimate_actions(e, state, 1, a), n);
		mean = 0;
		for (int i = 0; i < n; i++) {
			memcpy(copy, state, rules->state_size);
			forced_to_end(rules, copy, moves[i], &draws, result);
			ck_assert_int_eq(a[i].move, moves[i]);
			ck_assert_double_eq(a[i].chance[0], result[0]);
			ck_assert_double_eq(a[i].chance[1], result[1]);
			mean += result[0] / n;
		}
		estimate_state(e, state, a, n, here);
		ck_assert_double_eq_tol(here[0], mean, 1e-15);
		checked++;
	}
	ck_assert_int_gt(checked, 0);
	free(copy);
	rules->destroy(state);
	cJSON_Delete(options);
	estimate_close(e);
}
END_TEST

/* The dice rule keeps the most points (fewest dice among equals) and
 * banks from 350, or with two dice or fewer to roll. */
START_TEST(the_dice_rule)
{
	const struct game_rules *rules = &arena_bolo_rules;
	struct draws draws;
	cJSON *options;
	struct dice_game *g = new_game(rules, 3, &draws, &options);
	int moves[GAME_MAX_MOVES], n, pick, best = -1;
	uint64_t stream = 1;
	bool may_bank = false;

	n = rules->moves(g, moves);
	ck_assert_int_gt(g->sets, 0);
	pick = estimate_rule_pick(rules, g, moves, n, &stream);
	for (int k = 0; k < g->sets; k++)
		if (best < 0 || g->set[k].points > g->set[best].points ||
		    (g->set[k].points == g->set[best].points &&
		     g->set[k].dice < g->set[best].dice))
			best = k;
	ck_assert_int_eq(arena_dice_game_legal_word(g, moves[pick]), -1 - best);
	rules->apply_move(g, moves[pick], &draws);
	n = rules->moves(g, moves);
	for (int i = 0; i < n; i++)
		may_bank |= arena_dice_game_legal_word(g, moves[i]) == DICE_BANK;
	pick = estimate_rule_pick(rules, g, moves, n, &stream);
	ck_assert_int_eq(arena_dice_game_legal_word(g, moves[pick]),
			 may_bank && (g->turn >= ESTIMATE_RULE_BANK ||
				      (g->left > 0 && g->left <= 2)) ?
				 DICE_BANK : DICE_ROLL);
	rules->destroy(g);
	cJSON_Delete(options);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("estimate");
	TCase *tc = tcase_create("estimate");
	int games = 0;

	while (arena_game_registry[games])
		games++;
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, a_copy_plays_on_alike, 0, games);
	tcase_add_test(tc, the_winners_share_one);
	tcase_add_loop_test(tc, chances_add_up_and_repeat, 0, 2 * games);
	tcase_add_test(tc, forced_ends_are_exact);
	tcase_add_test(tc, the_dice_rule);
	suite_add_tcase(s, tc);
	return s;
}
