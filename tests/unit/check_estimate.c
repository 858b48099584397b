/*
 * Estimated values (values/estimate.h) on states the rules library plays:
 * a state copied as its rules' state_size says plays on as the original
 * does, in every game; a result shared among the winners; playouts that
 * the same key makes the same; chances that add up to 1 in every game at
 * 2 to 4 players; Rolit's last moves solved as plain minimax solves
 * them, its middle game searched as plain negamax searches it, each of
 * its values a chance, the value of the position an action leads to;
 * two-player Black-Pot's values by its evaluation, a roll's luck of mean
 * zero over the 56 rolls; and the playouts' rule: expect-bot's turns in
 * bolo, bolo5 and Volle Lotte.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/options.h"
#include "game_start.h"
#include "games/black_pot.h"
#include "games/dice.h"
#include "games/registry.h"
#include "games/rolit.h"
#include "run_suite.h"
#include "values/black_pot_eval.h"
#include "values/estimate.h"
#include "values/estimate_black_pot.h"
#include "values/estimate_end.h"
#include "values/dice_rolls.h"
#include "values/estimate_rule.h"
#include "values/estimate_search.h"
#include "values/rolit_search.h"

static const unsigned char zero_key[32];

/* A new game of `rules` for `players` with its default options. */
static void *new_game(const struct game_rules *rules, int players,
		      struct draws *draws, cJSON **options)
{
	char err[GAME_ERR_LEN] = "";

	*options = options_resolve(rules, NULL, err);
	ck_assert_msg(*options != NULL, "%s", err);
	return game_start(rules, players, *options, draws);
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
	if (rules->family == GAME_FAMILY_ROLIT && players == 2)
		ck_assert_str_eq(estimate_how(e), "estimated: a position "
			"searched 4 plies by rolit-search's evaluation (an "
			"action's value one ply more), its score a chance to win "
			"by a logistic of scale 15.9 fitted against the solved "
			"end; the last 16 moves solved by search, exact");
	else if (rules->family == GAME_FAMILY_BLACK_POT && players == 2)
		ck_assert_str_eq(estimate_how(e), "estimated: each board "
			"weighed by the evaluation of black-pot-lookahead (points, "
			"pawns in hand, windows of five), a chance to win by a "
			"logistic of scale 102.3 at 20 pawns in hand, doubling "
			"every 12.4 more, fitted against games played on; a "
			"roll's luck what both sides can best make of it against "
			"the mean roll");
	else
		ck_assert_str_eq(estimate_how(e) + 167,
			rules->family == GAME_FAMILY_DICE ?
			"playing expect-bot's turns (the most expected points)" :
			"playing at random");
	if ((rules->family != GAME_FAMILY_ROLIT &&
	     rules->family != GAME_FAMILY_BLACK_POT) || players != 2)
		ck_assert_int_eq(strncmp(estimate_how(e), "estimated: the mean "
			"result of up to 128 playouts a value (a standard error "
			"of up to 4.4%; a decision of more than 16 actions shares "
			"2048, 4 at least each), every seat ", 167), 0);
	rules->destroy(state);
	cJSON_Delete(options);
	estimate_close(e);
}
END_TEST

/* Seat 0's share at `state` under best play, searched without pruning. */
static double minimax(const struct game_rules *rules, const void *state)
{
	int moves[GAME_MAX_MOVES], seat = rules->to_move(state), n;
	void *child = malloc(rules->state_size);
	double best = seat == 0 ? 0 : 1, share[GAME_MAX_SEATS];

	if (seat < 0) {
		free(child);
		estimate_result(rules, 2, state, share);
		return share[0];
	}
	n = rules->moves(state, moves);
	for (int i = 0; i < n; i++) {
		double v;

		memcpy(child, state, rules->state_size);
		rules->apply_move(child, moves[i], NULL);
		v = minimax(rules, child);
		best = seat == 0 ? (v > best ? v : best) : (v < best ? v : best);
	}
	free(child);
	return best;
}

/* Rolit's last moves, solved (estimate_end.h): at every position of games
 * played at random from 7 moves before their end on, each action's value
 * is the plain minimax's, exact, and the position's is the best's. */
START_TEST(the_end_is_solved)
{
	const struct game_rules *rules = &arena_rolit_rules;
	struct estimate *e = estimate_open(rules, 2);
	struct estimate_action a[GAME_MAX_MOVES];
	struct draws draws;
	cJSON *options;
	void *state = new_game(rules, 2, &draws, &options);
	void *copy = malloc(rules->state_size);
	int moves[GAME_MAX_MOVES], left = 0, solved = 0;

	srand(11 + _i);
	memcpy(copy, state, rules->state_size);
	for (; rules->to_move(copy) >= 0; left++) {
		rules->moves(copy, moves);
		rules->apply_move(copy, moves[0], &draws);
	}
	for (; rules->to_move(state) >= 0; left--) {
		int n = rules->moves(state, moves);

		if (left <= 7) {
			double best = 0, here[GAME_MAX_SEATS];
			int me = rules->to_move(state);

			ck_assert_int_eq(estimate_actions(e, state, 1, a), n);
			for (int i = 0; i < n; i++) {
				memcpy(copy, state, rules->state_size);
				rules->apply_move(copy, moves[i], &draws);
				ck_assert(a[i].exact);
				ck_assert_double_eq(a[i].chance[0], minimax(rules, copy));
				ck_assert_double_eq(a[i].chance[1], 1 - a[i].chance[0]);
				best = a[i].chance[me] > best ? a[i].chance[me] : best;
			}
			estimate_state(e, state, a, n, here);
			ck_assert_double_eq(here[me], best);
			solved++;
		} else if (left > ESTIMATE_END_MOVES) {
			ck_assert_int_eq(estimate_actions(e, state, 1, a), n);
			ck_assert(!a[0].exact);
		}
		rules->apply_move(state, moves[rand() % n], &draws);
	}
	ck_assert_int_eq(solved, 7);
	free(copy);
	rules->destroy(state);
	cJSON_Delete(options);
	estimate_close(e);
}
END_TEST

/* The score of `state` for `seat` searched `depth` plies without
 * pruning, over the rules' own states: rolit-search's evaluation at the
 * leaves, the ball difference and the outcome where the game is over. */
static int negamax(const struct game_rules *rules, const void *state,
		   int seat, int depth)
{
	struct rolit_eval_pos p = rolit_eval_pos_of(state, seat);
	int moves[GAME_MAX_MOVES], n, best = -2 * ROLIT_EVAL_WIN;
	void *child;

	if (rules->to_move(state) < 0)
		return rolit_eval_over(__builtin_popcountll(p.own) -
				       __builtin_popcountll(p.other));
	if (depth == 0)
		return rolit_eval_value(&p);
	child = malloc(rules->state_size);
	n = rules->moves(state, moves);
	for (int i = 0; i < n; i++) {
		int v;

		memcpy(child, state, rules->state_size);
		rules->apply_move(child, moves[i], NULL);
		v = -negamax(rules, child, 1 - seat, depth - 1);
		best = v > best ? v : best;
	}
	free(child);
	return best;
}

/* A two-player Rolit game of side `size` made and played at random to
 * `left` empty squares (fewer where it ends sooner). */
static void *rolit_at(int size, int left, unsigned seed)
{
	const struct game_rules *rules = &arena_rolit_rules;
	char text[32];
	cJSON *options;
	struct game_setup setup = {.players = 2};
	char err[GAME_ERR_LEN] = "";
	int moves[GAME_MAX_MOVES];
	struct draws draws;
	void *state;

	snprintf(text, sizeof text, "{\"size\":%d}", size);
	options = cJSON_Parse(text);
	setup.options = options;
	arena_draws_init(&draws, zero_key, NULL, NULL);
	state = rules->create(&setup, &draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	srand(seed);
	while (rules->to_move(state) >= 0 &&
	       __builtin_popcountll(rolit_eval_pos_of(state, 0).empty) > left)
		rules->apply_move(state, moves[rand() % rules->moves(state, moves)],
				  NULL);
	cJSON_Delete(options);
	return state;
}

/* Rolit's middle game searched (estimate_search.h): the alpha-beta's
 * score is the plain negamax's, 0 to 3 plies deep, at every position of
 * games played at random on boards of 6 and 8. */
START_TEST(the_search_is_negamax)
{
	const struct game_rules *rules = &arena_rolit_rules;
	void *state = rolit_at(_i % 2 ? 6 : 8, 64, 31 + _i);
	int moves[GAME_MAX_MOVES], seat, positions = 0;

	srand(37 + _i);
	while ((seat = rules->to_move(state)) >= 0) {
		for (int depth = 0; depth <= 3; depth++)
			ck_assert_int_eq(rolit_search_score(
				rolit_eval_pos_of(state, seat), depth),
				negamax(rules, state, seat, depth));
		rules->apply_move(state, moves[rand() % rules->moves(state, moves)],
				  NULL);
		positions++;
	}
	ck_assert_int_ge(positions, _i % 2 ? 32 : 60);
	rules->destroy(state);
}
END_TEST

/* The logistic of a score: 1/2 at 0, odds of e at the scale, 1 and 0
 * where the game is over. */
START_TEST(a_score_is_a_chance)
{
	ck_assert_double_eq(estimate_search_chance(0, ESTIMATE_SEARCH_SCALE), 0.5);
	ck_assert_double_eq_tol(estimate_search_chance(18, 18.0),
				1 / (1 + exp(-1.0)), 1e-15);
	ck_assert_double_eq_tol(estimate_search_chance(-18, 18.0),
				1 / (1 + exp(1.0)), 1e-15);
	ck_assert_double_eq(estimate_search_chance(ROLIT_EVAL_WIN + 2, 18.0), 1);
	ck_assert_double_eq(estimate_search_chance(-ROLIT_EVAL_WIN - 2, 18.0), 0);
}
END_TEST

/* Black-Pot's logistic: odds of e at its scale with 20 pawns in hand, at
 * e^(10 growth) times the scale 10 pawns more; one lead worth more late
 * in the game (5 pawns in hand) than early (35). */
START_TEST(a_black_pot_score_is_surer_late)
{
	double at_30 = ESTIMATE_BLACK_POT_SCALE * exp(10 * ESTIMATE_BLACK_POT_GROWTH);

	ck_assert_double_eq(estimate_black_pot_chance(0, 33), 0.5);
	ck_assert_double_eq_tol(estimate_black_pot_chance(ESTIMATE_BLACK_POT_SCALE, 20),
				1 / (1 + exp(-1.0)), 1e-15);
	ck_assert_double_eq_tol(estimate_black_pot_chance(-at_30, 30),
				1 / (1 + exp(1.0)), 1e-15);
	ck_assert_double_eq_tol(estimate_black_pot_chance(50, 5), 0.7562, 1e-4);
	ck_assert_double_eq_tol(estimate_black_pot_chance(50, 35), 0.5526, 1e-4);
	ck_assert_double_eq(estimate_search_chance(ROLIT_EVAL_WIN / 2 - 1, 18.0),
			    1 / (1 + exp(-(ROLIT_EVAL_WIN / 2 - 1) / 18.0)));
}
END_TEST

/* The searched values keep the estimates' invariants at every position
 * of two-player Rolit games played at random before their solved end:
 * each action's chances in [0, 1] adding up to 1, not exact, the same
 * whatever the key; the position's value f to the seat to move; and each
 * action's value the value of the position it leads to, so that the luck
 * of an opening's draw (the one less the mean of the others) has mean
 * zero. */
START_TEST(searched_values_hold_the_invariants)
{
	const struct game_rules *rules = &arena_rolit_rules;
	struct estimate *e = estimate_open(rules, 2);
	struct estimate_action a[GAME_MAX_MOVES], again[GAME_MAX_MOVES];
	void *state = rolit_at(8, 64, 41 + _i), *child = malloc(rules->state_size);
	int moves[GAME_MAX_MOVES], me, checked = 0;

	srand(43 + _i);
	while ((me = rules->to_move(state)) >= 0 &&
	       __builtin_popcountll(rolit_eval_pos_of(state, me).empty) >
		       ESTIMATE_END_MOVES) {
		int n = rules->moves(state, moves);
		double here[GAME_MAX_SEATS];

		ck_assert_int_eq(estimate_actions(e, state, 1, a), n);
		ck_assert_int_eq(estimate_actions(e, state, 99, again), n);
		for (int i = 0; i < n; i++) {
			double after[GAME_MAX_SEATS];
			struct estimate_action b[GAME_MAX_MOVES];
			int k;

			ck_assert(!a[i].exact && a[i].move == moves[i]);
			ck_assert(a[i].chance[me] >= 0 && a[i].chance[me] <= 1);
			ck_assert_double_eq_tol(a[i].chance[0] + a[i].chance[1], 1,
						1e-15);
			ck_assert_double_eq(a[i].chance[me], again[i].chance[me]);
			memcpy(child, state, rules->state_size);
			rules->apply_move(child, moves[i], NULL);
			if (__builtin_popcountll(rolit_eval_pos_of(child, me).empty) <=
			    ESTIMATE_END_MOVES)
				continue;	/* solved there: exact */
			k = estimate_actions(e, child, 7, b);
			estimate_state(e, child, b, k, after);
			ck_assert_double_eq(after[me], a[i].chance[me]);
			ck_assert_double_eq(after[1 - me], a[i].chance[1 - me]);
			checked++;
		}
		estimate_state(e, state, a, n, here);
		ck_assert_double_eq(here[me], estimate_search_chance(
			rolit_search_score(rolit_eval_pos_of(state, me),
					      ESTIMATE_SEARCH_DEPTH),
			ESTIMATE_SEARCH_SCALE));
		ck_assert_double_eq_tol(here[0] + here[1], 1, 1e-15);
		rules->apply_move(state, moves[rand() % n], NULL);
	}
	ck_assert_int_gt(checked, 100);
	free(child);
	rules->destroy(state);
	estimate_close(e);
}
END_TEST

/* The mean over the 56 rolls of each seat's chance at `state` (a roll
 * just drawn) with that roll, into mean. */
static void pot_mean(struct estimate *e, const void *state,
		     const struct black_pot_rolls *rolls,
		     double mean[GAME_MAX_SEATS])
{
	void *copy = malloc(arena_black_pot_rules.state_size);

	memset(mean, 0, GAME_MAX_SEATS * sizeof *mean);
	for (int r = 0; r < BLACK_POT_ROLLS_COUNT; r++) {
		double here[GAME_MAX_SEATS];

		memcpy(copy, state, arena_black_pot_rules.state_size);
		arena_black_pot_set_roll(copy, rolls->dice[r]);
		estimate_state(e, copy, NULL, 0, here);
		for (int s = 0; s < 2; s++) {
			ck_assert(here[s] >= 0 && here[s] <= 1);
			mean[s] += rolls->chance[r] * here[s];
		}
	}
	free(copy);
}

/* Each action at `state` (its values a[n]) worth what it leaves: the
 * board's chance, the result where the game ends, and where it draws a
 * roll the mean over the 56 rolls of the position after it (checked for
 * the first such action only: 56 positions, each weighing 56 rolls). */
static int pot_actions_hold(struct estimate *e, const void *state,
			    const struct estimate_action *a, int n,
			    const struct black_pot_rolls *rolls)
{
	void *child = malloc(arena_black_pot_rules.state_size);
	int me = arena_black_pot_rules.to_move(state), dice[3], means = 0;
	struct draws draws;

	arena_draws_init(&draws, zero_key, NULL, NULL);
	for (int i = 0; i < n; i++) {
		double after[GAME_MAX_SEATS];

		ck_assert(!a[i].exact);
		ck_assert(a[i].chance[me] >= 0 && a[i].chance[me] <= 1);
		ck_assert_double_eq_tol(a[i].chance[0] + a[i].chance[1], 1, 1e-15);
		memcpy(child, state, arena_black_pot_rules.state_size);
		arena_black_pot_rules.apply_move(child, a[i].move, &draws);
		if (arena_black_pot_rules.to_move(child) < 0)
			estimate_result(&arena_black_pot_rules, 2, child, after);
		else if (!black_pot_eval_roll(child, dice) || means++)
			continue;
		else
			pot_mean(e, child, rolls, after);
		ck_assert_double_eq_tol(after[me], a[i].chance[me], 1e-12);
		ck_assert_double_eq_tol(after[1 - me], a[i].chance[1 - me], 1e-12);
	}
	free(child);
	return means > 0;
}

/* At every position of a two-player Black-Pot game played at random: each
 * action's chances in [0, 1] adding up to 1, the same whatever the key;
 * an action that draws a roll worth the mean of the positions after it
 * over the 56 rolls, so that a roll's luck has mean zero; a position whose
 * roll another seat played first worth its best action; and the start a
 * half each (the empty board, before the first roll). */
START_TEST(black_pot_values_hold_the_invariants)
{
	const struct game_rules *rules = &arena_black_pot_rules;
	struct estimate *e = estimate_open(rules, 2);
	struct estimate_action a[GAME_MAX_MOVES], again[GAME_MAX_MOVES];
	struct black_pot_rolls rolls;
	struct draws draws;
	cJSON *options;
	void *state = new_game(rules, 2, &draws, &options);
	double start[GAME_MAX_SEATS];
	bool out[GAME_MAX_SEATS] = {false};
	int moves[GAME_MAX_MOVES], me, means = 0, dice[3];

	black_pot_rolls_init(&rolls);
	estimate_start(e, options, 0, out, 5, start);
	ck_assert_double_eq(start[0], 0.5);
	ck_assert_double_eq(start[1], 0.5);
	srand(47 + _i);
	while ((me = rules->to_move(state)) >= 0) {
		int n = rules->moves(state, moves), best = 0;
		double here[GAME_MAX_SEATS];

		ck_assert_int_eq(estimate_actions(e, state, 1, a), n);
		ck_assert_int_eq(estimate_actions(e, state, 99, again), n);
		for (int i = 0; i < n; i++) {
			ck_assert_int_eq(a[i].move, moves[i]);
			ck_assert_double_eq(a[i].chance[me], again[i].chance[me]);
			best = a[i].chance[me] > a[best].chance[me] ? i : best;
		}
		if (means < 6 && rand() % 4 == 0)
			means += pot_actions_hold(e, state, a, n, &rolls);
		estimate_state(e, state, a, n, here);
		ck_assert(here[me] >= 0 && here[me] <= 1);
		ck_assert_double_eq_tol(here[0] + here[1], 1, 1e-15);
		if (!black_pot_eval_roll(state, dice))
			ck_assert_double_eq(here[me], a[best].chance[me]);
		rules->apply_move(state, moves[rand() % n], &draws);
	}
	ck_assert_int_gt(means, 2);
	rules->destroy(state);
	cJSON_Delete(options);
	estimate_close(e);
}
END_TEST

/* The index in moves[] of the word `word`, or -1. */
static int word_at(const struct dice_game *g, const int *moves, int n, int word)
{
	for (int i = 0; i < n; i++)
		if (arena_dice_game_legal_word(g, moves[i]) == word)
			return i;
	return -1;
}

/* The index among moves[] of the keep that `worth` values most (the
 * first of equals), or -1 when none is a keep. */
static int best_keep(const struct dice_game *g, const int *moves, int n,
		     double (*worth)(const void *ctx, const struct dice_game *g,
				     const struct roll_keep *k),
		     const void *ctx)
{
	double best = -1;
	int pick = -1;

	for (int i = 0; i < n; i++) {
		int word = arena_dice_game_legal_word(g, moves[i]);
		struct roll_keep k;
		double v;

		if (word >= 0)
			continue;
		k = dice_rolls_keep_of(g->rules, g->roll, &g->set[-1 - word]);
		v = worth(ctx, g, &k);
		if (v > best) {
			best = v;
			pick = i;
		}
	}
	return pick;
}

/* A keep's worth to expect-bot's bolo turn `ctx`. */
static double turn_keep(const void *ctx, const struct dice_game *g,
			const struct roll_keep *k)
{
	return dice_policy_turn_after(ctx, g->rolled, g->turn, k);
}

/* In bolo and bolo5, at every state of games of random play, the rule is
 * expect-bot's: the keep worth most to the turn solved for the most
 * points at the seat's least bankable total, and between rolls a bank
 * when it is worth at least rolling on. */
START_TEST(bolo_plays_expect_bots_turns)
{
	const struct game_rules *rules = _i ? &arena_bolo5_rules : &arena_bolo_rules;
	struct estimate_rule rule;
	struct dice_expect expect;
	struct draws draws;
	cJSON *options;
	struct dice_game *g = new_game(rules, 3, &draws, &options);
	int moves[GAME_MAX_MOVES], banks = 0, keeps = 0;
	uint64_t stream = 1;

	estimate_rule_init(&rule, rules);
	ck_assert_int_eq(dice_expect_init(&expect, rules->name), 0);
	srand(5);
	while (g->to_move >= 0) {
		int n = rules->moves(g, moves), want;
		int bank = word_at(g, moves, n, DICE_BANK), roll = word_at(g, moves, n, DICE_ROLL);
		const struct dice_policy_turn *t = dice_expect_turn(&expect,
			arena_dice_game_threshold(g->rules, g->opened[g->to_move],
						  g->score[g->to_move]));

		want = best_keep(g, moves, n, turn_keep, t);
		if (want < 0 && bank >= 0 && roll >= 0)
			want = dice_policy_turn_bank(t, g->turn) >=
				dice_policy_turn_roll(t, g->left, g->turn) ? bank : roll;
		if (want >= 0) {
			ck_assert_int_eq(estimate_rule_pick(&rule, g, moves, n, &stream), want);
			banks += want == bank;
			keeps += want != bank && want != roll;
		}
		rules->apply_move(g, moves[rand() % n], &draws);
	}
	ck_assert_int_gt(banks, 0);
	ck_assert_int_gt(keeps, 10);
	ck_assert_str_eq(estimate_rule_words(&rule),
			 "playing expect-bot's turns (the most expected points)");
	dice_expect_free(&expect);
	estimate_rule_free(&rule);
	rules->destroy(g);
	cJSON_Delete(options);
}
END_TEST

/* What expect-bot reads of a Volle Lotte turn, from the view as it does
 * (bots/dice_turn.c): the card in play, the cards left, whether the
 * player decides after a Volle Lotte. */
static void vl_view_turn(const cJSON *view, struct estimate_rule_card *t)
{
	const cJSON *card = cJSON_GetObjectItemCaseSensitive(view, "card");
	const cJSON *deck = cJSON_GetObjectItemCaseSensitive(view, "deck");

	t->card = arena_volle_lotte_card_kind(cJSON_GetStringValue(card));
	for (int c = 0; c < VLC_CARDS; c++)
		t->deck[c] = cJSON_GetObjectItemCaseSensitive(deck,
			arena_volle_lotte_card_name(c))->valueint;
	t->after_volle = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(view,
						"after_volle_lotte"));
}

/* Expect-bot's Volle Lotte play and the turn it reads. */
struct card_turn {
	const struct vl_policy *vl;
	const struct estimate_rule_card *turn;
};

/* A keep's worth to expect-bot on the card in play. */
static double card_keep(const void *ctx, const struct dice_game *g,
			const struct roll_keep *k)
{
	const struct card_turn *c = ctx;

	return vl_policy_keep(c->vl, (enum vl_card)c->turn->card, g->rolled,
			      g->turn, k, c->turn->deck);
}

/* In Volle Lotte, at every state of games of random play, the rule is
 * expect-bot's: the keep it weighs most by the card in play, and a bank
 * (or no new card) unless going on is worth more than the turn's total,
 * with the card and the cards left as the view shows them. */
START_TEST(volle_lotte_plays_expect_bots_turns)
{
	const struct game_rules *rules = &arena_volle_lotte_rules;
	struct estimate_rule rule;
	struct draws draws;
	cJSON *options;
	struct dice_game *g = new_game(rules, 2 + _i, &draws, &options);
	int moves[GAME_MAX_MOVES], banks = 0, keeps = 0;
	uint64_t stream = 1;

	estimate_rule_init(&rule, rules);
	srand(3 + (unsigned)_i);
	while (g->to_move >= 0) {
		int n = rules->moves(g, moves), want;
		int bank = word_at(g, moves, n, DICE_BANK);
		int on = word_at(g, moves, n, DICE_ROLL) >= 0 ?
			word_at(g, moves, n, DICE_ROLL) : word_at(g, moves, n, DICE_DRAW);
		cJSON *view = rules->view(g, g->to_move);
		struct estimate_rule_card t;
		struct card_turn play = {&rule.vl, &t};

		vl_view_turn(view, &t);
		cJSON_Delete(view);
		want = best_keep(g, moves, n, card_keep, &play);
		if (want < 0)
			want = bank < 0 ? (on >= 0 ? on : 0) : on < 0 ? bank :
			       vl_policy_on(&rule.vl, (enum vl_card)t.card, t.after_volle,
					    g->left, g->turn, t.deck) > (double)g->turn ?
			       on : bank;
		ck_assert_int_eq(estimate_rule_pick(&rule, g, moves, n, &stream), want);
		banks += want == bank;
		keeps += want != bank && want != on;
		rules->apply_move(g, moves[rand() % n], &draws);
	}
	ck_assert_int_gt(banks, 0);
	ck_assert_int_gt(keeps, 10);
	ck_assert_str_eq(estimate_rule_words(&rule),
			 "playing expect-bot's turns (the most expected points)");
	estimate_rule_free(&rule);
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
	tcase_add_loop_test(tc, the_end_is_solved, 0, 4);
	tcase_add_loop_test(tc, the_search_is_negamax, 0, 2);
	tcase_add_test(tc, a_score_is_a_chance);
	tcase_add_test(tc, a_black_pot_score_is_surer_late);
	tcase_add_loop_test(tc, searched_values_hold_the_invariants, 0, 4);
	tcase_add_loop_test(tc, black_pot_values_hold_the_invariants, 0, 2);
	tcase_add_loop_test(tc, bolo_plays_expect_bots_turns, 0, 2);
	tcase_add_loop_test(tc, volle_lotte_plays_expect_bots_turns, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}
