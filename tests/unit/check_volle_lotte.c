/*
 * Unit tests for Volle Lotte (games/volle_lotte.c): the rule cases
 * of tests/cases/volle-lotte.txt, one test per case, run by the
 * interpreter of dice_cases.c with loaded dice and stacked cards; the deck
 * as draws (one shuffle at the start, one more each time it runs out);
 * whole games through the rules table alone for every number of players.
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "dice_cases.h"
#include "games/dice.h"
#include "games/registry.h"
#include "games/volle_lotte.h"
#include "rules_table_text.h"
#include "run_suite.h"

static const struct game_rules *const vl_games[] = {
	&arena_volle_lotte_rules, NULL,
};

static const struct dice_cases vl_cases = {
	.table = "volle-lotte.txt",
	.games = vl_games,
	.stack = arena_volle_lotte_stack,
};

START_TEST(vl_case)
{
	ck_assert_int_ge(sodium_init(), 0);
	dice_cases_run(&vl_cases, _i);
}
END_TEST

/* _i: players 2..8, legal[0] or random, with or without a forfeit. */
START_TEST(full_games)
{
	int players = _i / 4 + 2, pick = _i % 2;
	int quitter = _i % 4 >= 2 ? (int)((unsigned)_i % (unsigned)players) : -1;

	ck_assert_int_ge(sodium_init(), 0);
	for (unsigned seed = 1; seed <= 2; seed++)
		dice_cases_play(&arena_volle_lotte_rules, players,
				seed + 100u * (unsigned)_i, pick, quitter);
}
END_TEST

/* What the deck test sees of each draw. */
struct deck_watch {
	void *state;		/* NULL during create() */
	int shuffles, dice;
	bool bad;		/* a shuffle with cards left, or not a permutation */
};

static int cards_left(void *state)
{
	cJSON *view = arena_volle_lotte_rules.view(state, 0);
	int left = cJSON_GetObjectItem(view, "cards_left")->valueint;

	cJSON_Delete(view);
	return left;
}

static void watch_draw(void *ctx, const struct draw_record *draw)
{
	struct deck_watch *w = ctx;
	bool seen[56] = {false};

	if (draw->kind == DRAW_DICE) {
		w->dice++;
		return;
	}
	w->shuffles++;
	w->bad |= draw->kind != DRAW_SHUFFLE || draw->count != 56;
	for (int i = 0; i < draw->count && i < 56; i++) {
		w->bad |= draw->values[i] < 0 || draw->values[i] >= 56 ||
			  seen[draw->values[i]];
		seen[draw->values[i]] = true;
	}
	/* The game draws a shuffle only when its deck is empty. */
	if (w->state)
		w->bad |= cards_left(w->state) != 0;
	else
		w->bad |= draw->index != 0;
}

/* The deck is one shuffle at the start and one more draw each time all 56
 * cards have been drawn; every other draw is one roll of dice. */
START_TEST(deck_draws)
{
	struct game_setup setup = {.players = 3, .first_seat = 0};
	unsigned char key[32] = {7};
	struct deck_watch watch = {.state = NULL};
	cJSON *options = cJSON_CreateObject(), *legal;
	struct draws draws;
	char err[ERR_LEN];
	void *state;
	int before, after, cards = 0;

	ck_assert_int_ge(sodium_init(), 0);
	cJSON_AddNumberToObject(options, "target", 100000);
	setup.options = options;
	arena_draws_init(&draws, key, watch_draw, &watch);
	state = arena_volle_lotte_rules.create(&setup, &draws, err);
	ck_assert_ptr_nonnull(state);
	ck_assert_int_eq(watch.shuffles, 1);
	watch.state = state;
	before = cards_left(state);
	cards = 56 - before;
	while (watch.shuffles < 4) {
		legal = arena_volle_lotte_rules.legal(state);
		ck_assert_int_eq(arena_volle_lotte_rules.apply(state,
			cJSON_GetArrayItem(legal, cJSON_GetArraySize(legal) - 1),
			&draws, err), 0);
		cJSON_Delete(legal);
		after = cards_left(state);
		cards += before - after + (after > before ? 56 : 0);
		before = after;
	}
	ck_assert(!watch.bad);
	ck_assert_int_eq(draws.next_index,
			 (uint64_t)(watch.shuffles + watch.dice));
	ck_assert_int_ge(cards, 3 * 56);
	cJSON_Delete(options);
	arena_volle_lotte_rules.destroy(state);
}
END_TEST

/* In a set, what the cards drew: every card a seat draw uniform(m) over
 * the m cards not yet dealt. */
struct pass_watch {
	int cards, wrong; /* cards drawn; the first whose m was wrong, + 1 */
};

static void watch_pass(void *ctx, const struct draw_record *draw)
{
	struct pass_watch *w = ctx;

	if (draw->kind != DRAW_UNIFORM)
		return;
	/* Card k of the game is card k mod 56 of its pass: m = 56 - that. */
	if (!w->wrong && (!draw->by_seat ||
			  draw->param != (uint32_t)(56 - w->cards % 56)))
		w->wrong = w->cards + 1;
	w->cards++;
}

/* docs/FAIRNESS.md, "Sets in step", item 8: in a set, once all 56 cards
 * have been dealt, the next card is again uniform(56) over the whole deck
 * (a new pass), and so on: the m of the cards run 56, 55, ..., 1, 56, ...
 * over three passes and more. */
START_TEST(set_deck_passes)
{
	struct game_setup setup = {.players = 3, .first_seat = 0};
	unsigned char key[32] = {9};
	struct pass_watch watch = {0};
	cJSON *options = cJSON_CreateObject(), *legal;
	struct draws draws;
	char err[ERR_LEN];
	void *state;

	ck_assert_int_ge(sodium_init(), 0);
	cJSON_AddNumberToObject(options, "target", 1000000);
	setup.options = options;
	arena_draws_init(&draws, key, watch_pass, &watch);
	arena_draws_by_seat(&draws);
	state = arena_volle_lotte_rules.create(&setup, &draws, err);
	ck_assert_ptr_nonnull(state);
	while (watch.cards < 3 * 56 + 2) {
		legal = arena_volle_lotte_rules.legal(state);
		ck_assert_int_eq(arena_volle_lotte_rules.apply(state,
			cJSON_GetArrayItem(legal, cJSON_GetArraySize(legal) - 1),
			&draws, err), 0);
		cJSON_Delete(legal);
	}
	ck_assert_int_eq(watch.wrong, 0);
	ck_assert_uint_eq(draws.next_index, 0); /* no table draw in a set */
	cJSON_Delete(options);
	arena_volle_lotte_rules.destroy(state);
}
END_TEST

/* The one list of the deck (rule 3.1), which the values' solver and
 * expect-bot read: each kind's name, in the view's order, parsed back to
 * its kind; its copies, 56 in all; nothing past its ends. */
START_TEST(card_kinds)
{
	static const char *const names[VOLLE_LOTTE_KINDS] = {
		"stop", "fireworks", "bonus-200", "bonus-300", "bonus-400",
		"bonus-500", "bonus-600", "double", "plus-minus", "straight",
		"clover",
	};
	static const int copies[VOLLE_LOTTE_KINDS] = {
		VOLLE_LOTTE_STOPS, 5, 5, 5, 5, 5, 5, 5, 5, 5, 1,
	};
	int cards = 0;

	for (int k = 0; k < VOLLE_LOTTE_KINDS; k++) {
		ck_assert_str_eq(arena_volle_lotte_card_name(k), names[k]);
		ck_assert_int_eq(arena_volle_lotte_card_kind(names[k]), k);
		ck_assert_int_eq(arena_volle_lotte_card_copies(k), copies[k]);
		cards += arena_volle_lotte_card_copies(k);
	}
	ck_assert_int_eq(cards, VOLLE_LOTTE_CARDS);
	ck_assert_ptr_null(arena_volle_lotte_card_name(-1));
	ck_assert_ptr_null(arena_volle_lotte_card_name(VOLLE_LOTTE_KINDS));
	ck_assert_int_eq(arena_volle_lotte_card_copies(VOLLE_LOTTE_KINDS), 0);
	ck_assert_int_eq(arena_volle_lotte_card_kind("joker"), -1);
	ck_assert_int_eq(arena_volle_lotte_card_kind(NULL), -1);
}
END_TEST

START_TEST(rules_table)
{
	ck_assert_str_eq(rules_table_text(&arena_volle_lotte_rules),
			 "volle-lotte (Volle Lotte) volle-lotte/3, 2-8 players; "
			 "target=6000 {1000..1000000}");
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("volle-lotte");
	TCase *cases = tcase_create("cases"), *games = tcase_create("games");

	tcase_add_loop_test(cases, vl_case, 0, dice_cases_count(&vl_cases));
	suite_add_tcase(s, cases);
	tcase_set_timeout(games, 30);
	tcase_add_loop_test(games, full_games, 0, 7 * 4);
	tcase_add_test(games, deck_draws);
	tcase_add_test(games, set_deck_passes);
	tcase_add_test(games, card_kinds);
	tcase_add_test(games, rules_table);
	suite_add_tcase(s, games);
	return s;
}
