/*
 * Unit tests for game_play.c: who is still in, when a game ends early, how
 * forfeits are ranked (PROTOCOL.md, "Faults and what they cost"), the
 * dice games' seat draws in the games of a duplicate set, and the rules'
 * moves without JSON (apply_move) against their JSON ones.
 */
#include <string.h>

#include "base/game_play.h"
#include "base/options.h"
#include "base/util.h"
#include "games/black_pot.h"
#include "games/registry.h"
#include "games/volle_lotte.h"
#include "run_suite.h"

static char err[ERR_LEN];
static const unsigned char zero_key[32];

static cJSON *rolit_options(const char *first)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "size", 8);
	cJSON_AddStringToObject(o, "first", first);
	return o;
}

static void begin(struct game_play *t, int players, struct draws *draws)
{
	cJSON *options = rolit_options("seat0");

	game_play_init(t, &arena_rolit_rules, players);
	arena_draws_init(draws, zero_key, NULL, NULL);
	ck_assert_int_eq(game_play_begin(t, options, draws, err), 0);
	cJSON_Delete(options);
}

/* The game's final ranks are `want`, seat by seat. */
static void assert_ranks(const struct game_play *t, const int *want)
{
	struct game_result r;

	game_play_result(t, &r);
	for (int seat = 0; seat < t->players; seat++)
		ck_assert_msg(r.rank[seat] == want[seat], "seat %d ranks %d, not %d",
			      seat, r.rank[seat], want[seat]);
}

START_TEST(two_player_forfeit_ends_the_game)
{
	struct game_play t;
	struct draws d;

	begin(&t, 2, &d);
	ck_assert_int_eq(game_play_to_move(&t), 0);
	game_play_forfeit(&t, 0, &d);
	ck_assert_int_eq(game_play_to_move(&t), -1);
	assert_ranks(&t, (const int[]){2, 1});
	game_play_free(&t);
}
END_TEST

START_TEST(multiplayer_forfeits_rank_last_in_order)
{
	struct game_play t;
	struct draws d;
	cJSON *move = cJSON_CreateString("D6");

	begin(&t, 4, &d);
	game_play_forfeit(&t, 2, &d);           /* before any move */
	ck_assert_int_eq(game_play_to_move(&t), 0);
	ck_assert_int_eq(game_play_apply(&t, move, &d, err), 0);
	game_play_forfeit(&t, 1, &d);           /* on its turn, after a move */
	ck_assert_int_eq(game_play_to_move(&t), 3);
	/* Seat 0 captured: 3 red balls against 1 blue; seat 1 left later
	 * than seat 2. */
	assert_ranks(&t, (const int[]){1, 3, 4, 2});
	cJSON_Delete(move);
	game_play_free(&t);
}
END_TEST

START_TEST(forfeits_before_play_rank_by_order)
{
	struct game_play t;
	struct draws d;
	cJSON *options = rolit_options("seat0");

	game_play_init(&t, &arena_rolit_rules, 3);
	game_play_forfeit(&t, 0, NULL);
	game_play_forfeit(&t, 1, NULL);
	arena_draws_init(&d, zero_key, NULL, NULL);
	ck_assert_int_eq(game_play_begin(&t, options, &d, err), 0);
	ck_assert_ptr_null(t.state);          /* one seat left: no game */
	ck_assert_uint_eq(d.next_index, 0);
	ck_assert_int_eq(game_play_to_move(&t), -1);
	assert_ranks(&t, (const int[]){3, 2, 1}); /* the later fault higher */
	cJSON_Delete(options);
}
END_TEST

START_TEST(faults_in_a_row_rank_by_order)
{
	struct game_play t;
	struct draws d;

	begin(&t, 4, &d);
	game_play_forfeit(&t, 2, &d);           /* no move between the two */
	game_play_forfeit(&t, 1, &d);
	ck_assert_int_eq(game_play_to_move(&t), 0);
	/* Seats 0 and 3 hold one ball each: a tie for first. */
	assert_ranks(&t, (const int[]){1, 3, 4, 1});
	game_play_free(&t);
}
END_TEST

START_TEST(game_never_begun_is_shared_first)
{
	struct game_play t;

	game_play_init(&t, &arena_rolit_rules, 3);
	game_play_forfeit(&t, 1, NULL);
	assert_ranks(&t, (const int[]){1, 3, 1});
}
END_TEST

/* Each draw's range, in order, by an observer. */
struct draw_trace {
	int count;
	enum draw_kind kind[8];
	uint32_t param[8];
};

static void trace_draw(void *ctx, const struct draw_record *draw)
{
	struct draw_trace *trace = ctx;

	if (trace->count < 8) {
		trace->kind[trace->count] = draw->kind;
		trace->param[trace->count] = draw->param;
	}
	trace->count++;
}

/* Begins `rules` for `players` with first=`first` after the seats of
 * `out` (-1 ends it) forfeited, on key `key_byte`, tracing draws. */
static void begin_after(struct game_play *t, const struct game_rules *rules,
			int players, const char *first, const int *out,
			int key_byte, struct draws *d, struct draw_trace *trace)
{
	unsigned char key[32] = {(unsigned char)key_byte};
	cJSON *given = cJSON_CreateObject(), *options;

	cJSON_AddStringToObject(given, "first", first);
	options = options_resolve(rules, given, err);
	ck_assert_ptr_nonnull(options);
	game_play_init(t, rules, players);
	for (; *out >= 0; out++)
		game_play_forfeit(t, *out, NULL);
	memset(trace, 0, sizeof *trace);
	arena_draws_init(d, key, trace_draw, trace);
	ck_assert_int_eq(game_play_begin(t, options, d, err), 0);
	cJSON_Delete(options);
	cJSON_Delete(given);
}

START_TEST(pre_start_forfeit_is_never_dealt)
{
	static const int seat0[] = {0, -1};
	struct game_play t;
	struct draws d;
	struct draw_trace trace;

	/* Bolo, first=seat0, seat 0 gone: seat 1 rolls the first 7 dice. */
	begin_after(&t, &arena_bolo_rules, 3, "seat0", seat0, 0, &d, &trace);
	ck_assert_int_eq(game_play_to_move(&t), 1);
	ck_assert_int_eq(t.first_seat, 1);
	ck_assert_int_eq(trace.count, 1);
	ck_assert_int_eq(trace.kind[0], DRAW_DICE);
	ck_assert_uint_eq(trace.param[0], 7);
	game_play_free(&t);
}
END_TEST

START_TEST(first_random_draws_among_seats_in)
{
	static const int seat1[] = {1, -1};
	struct game_play t;
	struct draws d;
	struct draw_trace trace;
	bool started[3] = {false};

	for (int key = 0; key < 16; key++) {
		begin_after(&t, &arena_rolit_rules, 3, "random", seat1, key, &d, &trace);
		ck_assert_int_eq(trace.count, 1);
		ck_assert_int_eq(trace.kind[0], DRAW_UNIFORM);
		ck_assert_uint_eq(trace.param[0], 2);
		started[t.first_seat] = true;
		game_play_free(&t);
	}
	ck_assert(started[0] && !started[1] && started[2]);
}
END_TEST

/* A 3-seat game whose seat 1 left before play must draw exactly what a
 * 2-seat game draws on the same key and actions, seats 0 and 2 playing as
 * 0 and 1: a draw for seat 1 would shift every later one.  A lost turn
 * (a bust, a Stop card) passes the turn on inside create() and apply(),
 * so many keys are played. */
static void check_plays_like_two(const struct game_rules *rules)
{
	static const int seat1[] = {1, -1}, none[] = {-1};

	for (int key = 0; key < 128; key++) {
		struct game_play three, two;
		struct draws d3, d2;
		struct draw_trace trace3, trace2;

		begin_after(&three, rules, 3, "seat0", seat1, key, &d3, &trace3);
		begin_after(&two, rules, 2, "seat0", none, key, &d2, &trace2);
		for (int step = 0; step < 40 && game_play_to_move(&two) >= 0; step++) {
			cJSON *legal = two.rules->legal(two.state);
			const cJSON *action = cJSON_GetArrayItem(legal, 0);

			ck_assert_uint_eq(d3.next_index, d2.next_index);
			ck_assert_int_eq(game_play_to_move(&three),
					 2 * game_play_to_move(&two));
			ck_assert_int_eq(game_play_apply(&three, action, &d3, err), 0);
			ck_assert_int_eq(game_play_apply(&two, action, &d2, err), 0);
			cJSON_Delete(legal);
		}
		game_play_free(&three);
		game_play_free(&two);
	}
}

START_TEST(pre_start_forfeit_draws_nothing_bolo)
{
	check_plays_like_two(&arena_bolo_rules);
}
END_TEST

START_TEST(pre_start_forfeit_draws_nothing_volle_lotte)
{
	check_plays_like_two(&arena_volle_lotte_rules);
}
END_TEST

/* The seat draws of one game of a set, by address: the faces of seat s's
 * roll j of its turn t. */
#define SET_TURNS 64
#define SET_ROLLS 16
struct seat_rolls {
	int count[GAME_MAX_SEATS][SET_TURNS][SET_ROLLS];
	int faces[GAME_MAX_SEATS][SET_TURNS][SET_ROLLS][7];
	int table;
};

static void note_seat_roll(void *ctx, const struct draw_record *draw)
{
	struct seat_rolls *r = ctx;

	if (!draw->by_seat) {
		r->table++;
		return;
	}
	/* A volle-lotte card is drawn among the cards not yet dealt, which
	 * two games of a set that went differently have not dealt alike. */
	if (draw->kind != DRAW_DICE)
		return;
	ck_assert_uint_lt(draw->turn, SET_TURNS);
	ck_assert_uint_lt(draw->roll, SET_ROLLS);
	ck_assert_int_eq(r->count[draw->seat][draw->turn][draw->roll], 0);
	r->count[draw->seat][draw->turn][draw->roll] = draw->count;
	memcpy(r->faces[draw->seat][draw->turn][draw->roll], draw->values,
	       (size_t)draw->count * sizeof *draw->values);
}

/* One game of a set on a fixed key, 3 players, each playing its first
 * legal action (or its last), for at most 150 actions. */
static void play_in_set(const struct game_rules *rules, bool last,
			struct seat_rolls *rolls)
{
	unsigned char key[32] = {7};
	cJSON *given = cJSON_CreateObject(), *options;
	struct game_play t;
	struct draws d;

	cJSON_AddStringToObject(given, "first", "random");
	options = options_resolve(rules, given, err);
	ck_assert_ptr_nonnull(options);
	game_play_init(&t, rules, 3);
	arena_draws_init(&d, key, note_seat_roll, rolls);
	arena_draws_by_seat(&d);
	ck_assert_int_eq(game_play_begin(&t, options, &d, err), 0);
	for (int step = 0; step < 150 && game_play_to_move(&t) >= 0; step++) {
		cJSON *legal = t.rules->legal(t.state);
		int n = cJSON_GetArraySize(legal);
		const cJSON *action = cJSON_GetArrayItem(legal, last ? n - 1 : 0);

		ck_assert_int_eq(game_play_apply(&t, action, &d, err), 0);
		cJSON_Delete(legal);
	}
	game_play_free(&t);
	cJSON_Delete(options);
	cJSON_Delete(given);
}

/* Two games of a set played differently: every address both rolled gave
 * the same dice (the fewer a prefix of the more), and both games rolled
 * at some of the same addresses of every seat. */
static void check_seat_draws_repeat(const struct game_rules *rules)
{
	static struct seat_rolls a, b;
	int shared[3] = {0};

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	play_in_set(rules, false, &a);
	play_in_set(rules, true, &b);
	ck_assert_int_ge(a.table, 1); /* who starts */
	for (int s = 0; s < 3; s++)
		for (int t = 0; t < SET_TURNS; t++)
			for (int j = 0; j < SET_ROLLS; j++) {
				int n = a.count[s][t][j] < b.count[s][t][j]
					? a.count[s][t][j] : b.count[s][t][j];

				if (n == 0)
					continue;
				shared[s]++;
				ck_assert_mem_eq(a.faces[s][t][j], b.faces[s][t][j],
						 (size_t)n * sizeof(int));
			}
	for (int s = 0; s < 3; s++)
		ck_assert_int_ge(shared[s], 1);
}

START_TEST(seat_draws_repeat_across_a_set)
{
	static const struct game_rules *const dice_games[] = {
		&arena_bolo_rules, &arena_bolo5_rules, &arena_volle_lotte_rules,
	};

	check_seat_draws_repeat(dice_games[_i]);
}
END_TEST

/* Volle-lotte in a set (docs/FAIRNESS.md, "Sets in step"): no shuffle;
 * each card a seat draw uniform(m) over the m cards not yet dealt, which
 * picks the u-th of them in their numbers' order, and the view shows that
 * card; all 56 again once every card was dealt. */
struct card_draws {
	int left[56], count; /* the cards not yet dealt, in order */
	int card, cards, table;
};

static void note_card(void *ctx, const struct draw_record *draw)
{
	struct card_draws *c = ctx;

	if (!draw->by_seat) {
		ck_assert_int_ne(draw->kind, DRAW_SHUFFLE);
		c->table++;
		return;
	}
	if (draw->kind != DRAW_UNIFORM)
		return;
	if (c->count == 0)
		for (c->count = 0; c->count < 56; c->count++)
			c->left[c->count] = c->count;
	ck_assert_uint_eq(draw->param, (uint32_t)c->count);
	c->card = c->left[draw->values[0]];
	memmove(&c->left[draw->values[0]], &c->left[draw->values[0] + 1],
		(size_t)(--c->count - draw->values[0]) * sizeof c->left[0]);
	c->cards++;
}

/* The name of card number `card` (docs/games/volle-lotte.md). */
static const char *card_name(int card)
{
	static const char *const names[] = {
		"stop", "fireworks", "bonus-200", "bonus-300", "bonus-400",
		"bonus-500", "bonus-600", "double", "plus-minus", "straight", "clover",
	};

	return names[card < 10 ? 0 : (card - 10) / 5 + 1];
}

START_TEST(volle_lotte_cards_in_a_set_are_seat_draws)
{
	unsigned char key[32] = {9};
	struct card_draws c = {.card = -1};
	cJSON *options = options_resolve(&arena_volle_lotte_rules, NULL, err);
	struct game_play t;
	struct draws d;

	game_play_init(&t, &arena_volle_lotte_rules, 2);
	arena_draws_init(&d, key, note_card, &c);
	arena_draws_by_seat(&d);
	ck_assert_int_eq(game_play_begin(&t, options, &d, err), 0);
	for (int step = 0; step < 3000 && game_play_to_move(&t) >= 0; step++) {
		cJSON *legal = t.rules->legal(t.state), *view;

		ck_assert_int_eq(game_play_apply(&t, cJSON_GetArrayItem(legal, 0), &d,
						 err), 0);
		cJSON_Delete(legal);
		view = t.rules->view(t.state, 0);
		if (c.card >= 0 && game_play_to_move(&t) >= 0)
			ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(view,
									 "card")),
					 card_name(c.card));
		cJSON_Delete(view);
	}
	ck_assert_int_gt(c.cards, 56); /* the deck went round */
	ck_assert_int_eq(c.table, 1);  /* who starts, and nothing else */
	game_play_free(&t);
	cJSON_Delete(options);
}
END_TEST

/* Black-Pot 2 against 2: a partner's forfeit forfeits the team. */
START_TEST(partner_forfeit_ranks_the_team_together)
{
	static const int none[] = {-1};
	struct game_play t;
	struct draws d;
	struct draw_trace trace;

	begin_after(&t, &arena_black_pot_rules, 4, "seat0", none, 0, &d, &trace);
	ck_assert_int_eq(game_play_to_move(&t), 0);
	game_play_forfeit(&t, 1, &d);
	ck_assert(t.out[1] && t.out[3]);
	ck_assert_int_eq(game_play_to_move(&t), -1);
	assert_ranks(&t, (const int[]){1, 3, 1, 3});
	game_play_free(&t);
}
END_TEST

START_TEST(team_forfeits_before_play_draw_nothing)
{
	static const int seat0_then3[] = {0, 3, -1};
	struct game_play t;
	struct draws d;
	struct draw_trace trace;

	begin_after(&t, &arena_black_pot_rules, 4, "random", seat0_then3, 0, &d,
		    &trace);
	ck_assert_ptr_null(t.state);
	ck_assert_int_eq(trace.count, 0);
	assert_ranks(&t, (const int[]){3, 1, 3, 1}); /* the later team's fault */
}
END_TEST

START_TEST(first_random_is_draw_zero)
{
	struct game_play t;
	struct draws d;
	cJSON *options = rolit_options("random");

	game_play_init(&t, &arena_rolit_rules, 4);
	arena_draws_init(&d, zero_key, NULL, NULL);
	ck_assert_int_eq(game_play_begin(&t, options, &d, err), 0);
	ck_assert_uint_eq(d.next_index, 1);
	ck_assert_int_eq(game_play_to_move(&t), t.first_seat);
	cJSON_Delete(options);
	game_play_free(&t);
}
END_TEST

START_TEST(setup_check_names_the_problem)
{
	cJSON *options = rolit_options("seat0");

	ck_assert_int_eq(game_play_check_setup(&arena_rolit_rules, options, 5, err), -1);
	ck_assert_str_eq(err, "rolit is played by 2 to 4 players, not 5");
	ck_assert_int_eq(game_play_check_setup(&arena_rolit_rules, options, 2, err), 0);
	cJSON_Delete(options);
}
END_TEST

/* Plays a game of `rules` (default options, `players`) twice, on the
 * same key: once through legal() and apply(), once through moves() and
 * apply_move() (game.h), the same pseudo-random choice each step; the
 * two must have as many moves as legal actions, the same views and draws
 * after every step, and the same result. */
static void moves_are_legal_actions(const struct game_rules *rules, int players)
{
	static const unsigned char key[32] = {7};
	struct game_play json, fast;
	struct draws dj, df;
	struct game_result rj, rf;
	cJSON *options = options_resolve(rules, NULL, err);
	int moves[GAME_MAX_MOVES];
	unsigned x = 1;

	ck_assert_ptr_nonnull(options);
	game_play_init(&json, rules, players);
	game_play_init(&fast, rules, players);
	arena_draws_init(&dj, key, NULL, NULL);
	arena_draws_init(&df, key, NULL, NULL);
	ck_assert_int_eq(game_play_begin(&json, options, &dj, err), 0);
	ck_assert_int_eq(game_play_begin(&fast, options, &df, err), 0);
	for (int step = 0; game_play_to_move(&json) >= 0 && step < 20000; step++) {
		cJSON *legal = rules->legal(json.state), *vj, *vf;
		int n = rules->moves(fast.state, moves), i;

		ck_assert_msg(n == cJSON_GetArraySize(legal) && n > 0,
			      "%s step %d: %d moves, %d legal actions", rules->name,
			      step, n, cJSON_GetArraySize(legal));
		x = x * 1103515245u + 12345u;
		i = (int)((x >> 16) % (unsigned)n);
		ck_assert_int_eq(game_play_apply(&json, cJSON_GetArrayItem(legal, i),
						 &dj, err), 0);
		game_play_apply_move(&fast, moves[i], &df);
		cJSON_Delete(legal);
		vj = rules->view(json.state, 0);
		vf = rules->view(fast.state, 0);
		ck_assert_msg(cJSON_Compare(vj, vf, true), "%s step %d: the views differ",
			      rules->name, step);
		cJSON_Delete(vj);
		cJSON_Delete(vf);
		ck_assert_uint_eq(dj.next_index, df.next_index);
	}
	ck_assert_int_eq(game_play_to_move(&json), -1);
	ck_assert_int_eq(game_play_to_move(&fast), -1);
	game_play_result(&json, &rj);
	game_play_result(&fast, &rf);
	for (int seat = 0; seat < players; seat++) {
		ck_assert_int_eq(rj.rank[seat], rf.rank[seat]);
		ck_assert_int_eq(rj.score[seat], rf.score[seat]);
	}
	cJSON_Delete(options);
	game_play_free(&json);
	game_play_free(&fast);
}

START_TEST(apply_move_plays_as_apply_does)
{
	int with_moves = 0;

	for (int g = 0; arena_game_registry[g]; g++) {
		const struct game_rules *rules = arena_game_registry[g];

		if (!rules->moves)
			continue;
		with_moves++;
		moves_are_legal_actions(rules, 2);
		moves_are_legal_actions(rules, rules->max_players < 4 ? rules->max_players : 4);
	}
	ck_assert_int_eq(with_moves, 5); /* every game */
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("game_play");
	TCase *tc = tcase_create("game_play");

	tcase_add_test(tc, two_player_forfeit_ends_the_game);
	tcase_add_test(tc, multiplayer_forfeits_rank_last_in_order);
	tcase_add_test(tc, forfeits_before_play_rank_by_order);
	tcase_add_test(tc, faults_in_a_row_rank_by_order);
	tcase_add_test(tc, game_never_begun_is_shared_first);
	tcase_add_test(tc, pre_start_forfeit_is_never_dealt);
	tcase_add_test(tc, first_random_draws_among_seats_in);
	tcase_add_test(tc, pre_start_forfeit_draws_nothing_bolo);
	tcase_add_test(tc, pre_start_forfeit_draws_nothing_volle_lotte);
	tcase_add_test(tc, partner_forfeit_ranks_the_team_together);
	tcase_add_test(tc, team_forfeits_before_play_draw_nothing);
	tcase_add_test(tc, first_random_is_draw_zero);
	tcase_add_test(tc, setup_check_names_the_problem);
	tcase_add_test(tc, apply_move_plays_as_apply_does);
	tcase_add_loop_test(tc, seat_draws_repeat_across_a_set, 0, 3);
	tcase_add_test(tc, volle_lotte_cards_in_a_set_are_seat_draws);
	suite_add_tcase(s, tc);
	return s;
}
