/*
 * Unit tests for sets in step (match.h's match_play_set, docs/FAIRNESS.md
 * "Sets in step"): thousands of duplicate sets of every game, 2 to 4
 * players, Black-Pot's teams and Rolit with an opening, played by seats
 * that choose at random inside the referee (bot responders, no process),
 * through the real match code.  Every record of every game is watched as
 * it is made: whenever a game asks its bot for an action, or ends, every
 * other game of its set still on must have drawn as far as it has, in the
 * one order of addresses (table draws by d, then seat draws by turn,
 * place from the first seat to roll, and draw within the turn); and every
 * set must end.
 */
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/options.h"
#include "base/util.h"
#include "games/registry.h"
#include "match/match.h"
#include "match/match_set.h"
#include "run_suite.h"

/* One game of the set being watched, known by its game_play. */
struct watched {
	const struct game_play *play;
	uint64_t drawn;  /* the furthest address drawn, plus one */
	uint64_t shown;  /* as far as its bots were last shown */
	int first_seat;  /* the seat of its first seat draw; -1: none */
	bool ended;
};

static struct {
	struct watched games[GAME_MAX_SEATS];
	int count;
	long violations, checks;
	unsigned rng;
} watch;

/* The place of a draw record's address in the order, plus one. */
static uint64_t address_of(struct watched *w, const cJSON *draw)
{
	const cJSON *seat = cJSON_GetObjectItemCaseSensitive(draw, "seat");
	uint64_t place;

	if (!seat)
		return (uint64_t)cJSON_GetNumberValue(
			       cJSON_GetObjectItemCaseSensitive(draw, "d")) + 1;
	if (w->first_seat < 0)
		w->first_seat = (int)cJSON_GetNumberValue(seat);
	place = (uint64_t)(((int)cJSON_GetNumberValue(seat) - w->first_seat + 8) % 8);
	return ((uint64_t)1 << 63 |
		(uint64_t)cJSON_GetNumberValue(
			cJSON_GetObjectItemCaseSensitive(draw, "turn")) << 40 |
		place << 32 |
		(uint64_t)cJSON_GetNumberValue(
			cJSON_GetObjectItemCaseSensitive(draw, "roll"))) + 1;
}

static struct watched *watched_of(const struct game_play *play)
{
	for (int k = 0; k < watch.count; k++)
		if (watch.games[k].play == play)
			return &watch.games[k];
	ck_assert_int_lt(watch.count, GAME_MAX_SEATS);
	watch.games[watch.count] = (struct watched){.play = play, .first_seat = -1};
	return &watch.games[watch.count++];
}

/* A bot of `w` is shown everything drawn up to `level`: every other game
 * still on must have drawn at least as far. */
static void check_shown(const struct watched *w, uint64_t level)
{
	for (int k = 0; k < watch.count; k++) {
		const struct watched *o = &watch.games[k];

		watch.checks++;
		if (o != w && !o->ended && o->drawn < level)
			watch.violations++;
	}
}

/* The record hook: a draw moves its game on; an action (not an opening
 * move) was asked for with what the game had drawn before the draws it
 * caused, which the hook has seen already; a result is told to the bots
 * with every draw. */
static void on_record(void *ctx, const cJSON *record, const struct game_play *play)
{
	struct watched *w = watched_of(play);
	const char *type = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(record, "type"));

	(void)ctx;
	if (!strcmp(type, "draw")) {
		uint64_t at = address_of(w, record);

		ck_assert_msg(at > w->drawn, "a game drew an address out of order");
		w->drawn = at;
	} else if (!strcmp(type, "begin")) {
		w->shown = w->drawn;
	} else if (!strcmp(type, "action") &&
		   !cJSON_GetObjectItemCaseSensitive(record, "opening")) {
		check_shown(w, w->shown);
		w->shown = w->drawn;
	} else if (!strcmp(type, "result")) {
		check_shown(w, w->drawn);
		w->ended = true;
	}
}

/* A seat played in the referee: a uniformly random legal action. */
static char *respond(void *ctx, const char *line, size_t len)
{
	char err[ERR_LEN];
	cJSON *msg = json_parse_object(line, len, err), *legal;
	const char *type;
	char *reply;

	(void)ctx;
	ck_assert_ptr_nonnull(msg);
	type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "type"));
	legal = cJSON_GetObjectItemCaseSensitive(msg, "legal");
	if (legal && cJSON_GetArraySize(legal) > 0) {
		cJSON *reply_obj = cJSON_CreateObject();

		watch.rng = watch.rng * 1103515245u + 12345u;
		cJSON_AddItemToObject(reply_obj, "action", cJSON_Duplicate(
			cJSON_GetArrayItem(legal, (int)((watch.rng >> 8) %
				(unsigned)cJSON_GetArraySize(legal))), true));
		reply = json_print_line(reply_obj);
		cJSON_Delete(reply_obj);
	} else if (type && !strcmp(type, "hello")) {
		reply = xstrdup("{\"name\":\"random\"}");
	} else {
		reply = xstrdup("{}");
	}
	cJSON_Delete(msg);
	return reply;
}

static const struct bot_responder random_seat = {.respond = respond};

/* Plays `sets` duplicate sets of GAME with `players` seats, `openings`
 * drawn first moves and the options given as "KEY=VALUE" pairs, then checks that none showed a bot
 * what a twin game had not drawn yet. */
static void play_sets(const char *game, int players, int sets, int openings,
		      int pairs, const char *const *options)
{
	const struct game_rules *rules = arena_game_find(game);
	struct match_entrant entrants[GAME_MAX_SEATS];
	struct match *lanes[GAME_MAX_SEATS] = {NULL};
	struct match_set_game games[GAME_MAX_SEATS];
	struct game_outcome outcomes[GAME_MAX_SEATS];
	static const struct referee_key key;
	char err[ERR_LEN];
	cJSON *given = options_from_pairs(options, pairs, err);
	struct match_config config = {
		.rules = rules,
		.options = options_resolve(rules, given, err),
		.time = {.move_ms = 1000, .start_ms = 1000, .clock = CLOCK_WALL},
		.key = &key,
		.openings = openings,
		.on_record = on_record,
	};

	ck_assert_ptr_nonnull(config.options);
	for (int i = 0; i < players; i++)
		entrants[i] = (struct match_entrant){
			.name = "random", .spec = {.command = "random",
						   .responder = &random_seat}};
	lanes[0] = match_start(&config, entrants, players, err);
	ck_assert_msg(lanes[0] && match_twins(lanes, players, err), "%s", err);
	memset(&watch, 0, sizeof watch);
	watch.rng = 7;
	for (int set = 0; set < sets; set++) {
		struct match_set *s = match_set_new(NULL, (unsigned long)set * players + 1,
						    players);

		for (int k = 0; k < players; k++) {
			games[k].index = (unsigned long)(set * players + k + 1);
			games[k].log_path = NULL;
			for (int seat = 0; seat < players; seat++)
				games[k].seating[seat] = (seat + k) % players;
		}
		watch.count = 0;
		ck_assert_msg(match_play_set(lanes, s, games, players, outcomes, err) == 0,
			      "%s set %d: %s", game, set, err);
		ck_assert_int_eq(watch.count, players);
		for (int k = 0; k < players; k++)
			ck_assert_msg(watch.games[k].ended, "%s set %d: game %d did not end",
				      game, set, k);
		match_set_free(s);
	}
	ck_assert_msg(watch.checks > sets, "%s: too few checks (%ld)", game, watch.checks);
	ck_assert_msg(watch.violations == 0, "%s, %d players: %ld of %ld showings "
		      "came before a twin game had drawn as far", game, players,
		      watch.violations, watch.checks);
	match_finish_lanes(lanes, players);
	cJSON_Delete(given);
	cJSON_Delete((cJSON *)config.options);
}

START_TEST(bolo_sets_in_step)
{
	static const char *const options[] = {"target=1000"};

	play_sets("bolo", 2, 600, 0, 1, options);
	play_sets("bolo", 3, 300, 0, 1, options);
	play_sets("bolo", 4, 200, 0, 1, options);
}
END_TEST

START_TEST(bolo5_sets_in_step)
{
	static const char *const options[] = {"target=1000", "first=random"};

	play_sets("bolo5", 2, 600, 0, 2, options);
	play_sets("bolo5", 3, 300, 0, 2, options);
}
END_TEST

START_TEST(volle_lotte_sets_in_step)
{
	static const char *const options[] = {"target=1000"};

	play_sets("volle-lotte", 2, 600, 0, 1, options);
	play_sets("volle-lotte", 4, 200, 0, 1, options);
}
END_TEST

START_TEST(black_pot_sets_in_step)
{
	static const char *const options[] = {"layout=random"};

	play_sets("black-pot", 2, 400, 0, 1, options);
	play_sets("black-pot", 4, 150, 0, 1, options);
}
END_TEST

START_TEST(rolit_sets_with_openings_in_step)
{
	static const char *const options[] = {"size=6", "first=random"};

	play_sets("rolit", 2, 600, 4, 2, options);
	play_sets("rolit", 4, 200, 4, 2, options);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("match_set");
	TCase *tc = tcase_create("in_step");

	/* Thousands of sets: minutes under the sanitizers. */
	tcase_set_timeout(tc, 600);

	tcase_add_test(tc, bolo_sets_in_step);
	tcase_add_test(tc, bolo5_sets_in_step);
	tcase_add_test(tc, volle_lotte_sets_in_step);
	tcase_add_test(tc, black_pot_sets_in_step);
	tcase_add_test(tc, rolit_sets_with_openings_in_step);
	suite_add_tcase(s, tc);
	return s;
}
