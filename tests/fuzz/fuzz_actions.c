/*
 * Fuzzing the rules of every game.  The first byte picks a game from
 * arena_game_registry, the second the number of players, then one byte per
 * option (the game's own in table order, then `first`) picks its value;
 * the game is played through game_play.h, as the match and verify play it, on
 * a fixed all-zero draws key.  The rest is lines: "!" then bytes plays,
 * for each byte b, legal[b mod n] (so that short inputs reach deep
 * positions), "-" then a byte makes seat b mod players forfeit, and any
 * other line is a JSON action for the seat to move.  After every step the
 * views, the legal actions and the rendering are built; at the end, the
 * result.  Besides sanitizer reports, these are bugs: a listed legal
 * action that apply refuses, a refused action that changed the state or
 * drew, a seat to move that is out of range or out of the game, a legal
 * list that is empty or not an array, and final ranks that are not 1 plus
 * the number of seats ahead.
 */
#include <cjson/cJSON.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/game_play.h"
#include "base/options.h"
#include "base/util.h"
#include "fuzz.h"
#include "games/draws.h"
#include "games/registry.h"

struct run {
	struct game_play game;
	struct draws draws;
};

/* The value a byte picks for one option, into `given`. */
static void pick_option(const struct game_option *option, uint8_t byte,
			cJSON *given)
{
	int n = 0;

	if (!option->choices) {
		cJSON_AddNumberToObject(given, option->name,
					(double)(option->min +
					(option->max - option->min) * byte / 255));
		return;
	}
	while (option->choices[n])
		n++;
	cJSON_AddStringToObject(given, option->name, option->choices[byte % n]);
}

/* Whose turn it is, the rendering and the view of the seat to move: what
 * a refused action must leave as it was. */
static cJSON *snapshot(const struct run *run)
{
	const struct game_play *t = &run->game;
	int to_move = game_play_to_move(t);
	cJSON *all = cJSON_CreateArray();
	char *text = t->rules->render(t->state);

	cJSON_AddItemToArray(all, cJSON_CreateNumber(to_move));
	cJSON_AddItemToArray(all, cJSON_CreateString(text));
	cJSON_AddItemToArray(all, t->rules->view(t->state, to_move));
	free(text);
	return all;
}

/* Builds what the referee builds between steps, and checks it; returns
 * the legal actions when a seat is to move, else NULL.  Views are costly
 * under the sanitizers, so only two are built per step: the seat to
 * move's and one more, in turn. */
static cJSON *look(const struct run *run)
{
	const struct game_play *t = &run->game;
	int to_move = game_play_to_move(t);
	cJSON *legal;

	free(t->rules->render(t->state));
	cJSON_Delete(t->rules->view(t->state, t->step % t->players));
	if (to_move < 0)
		return NULL;
	if (to_move >= t->players || t->out[to_move])
		fuzz_fail("the seat to move is out of range or out of the game");
	cJSON_Delete(t->rules->view(t->state, to_move));
	legal = t->rules->legal(t->state);
	if (!cJSON_IsArray(legal) || cJSON_GetArraySize(legal) == 0)
		fuzz_fail("no legal action for the seat to move");
	return legal;
}

/* Applies a listed legal action, which must pass. */
static void play_listed(struct run *run, const cJSON *action)
{
	char err[ERR_LEN];

	if (game_play_apply(&run->game, action, &run->draws, err))
		fuzz_fail("apply refused an action that legal listed");
}

/* Applies any action; a refused one must leave the game as it was. */
static void play(struct run *run, const cJSON *action)
{
	cJSON *before = snapshot(run), *after;
	uint64_t draws_before = run->draws.next_index;
	char err[ERR_LEN];

	if (game_play_apply(&run->game, action, &run->draws, err) == 0) {
		cJSON_Delete(before);
		return;
	}
	after = snapshot(run);
	if (!cJSON_Compare(before, after, true) ||
	    run->draws.next_index != draws_before)
		fuzz_fail("a refused action changed the game");
	cJSON_Delete(before);
	cJSON_Delete(after);
}

/* One line of the input. */
static void step(struct run *run, const uint8_t *line, size_t len)
{
	cJSON *legal, *action;

	if (len && line[0] == '!') {
		for (size_t i = 1; i < len && (legal = look(run)); i++) {
			int n = cJSON_GetArraySize(legal);

			play_listed(run, cJSON_GetArrayItem(legal, line[i] % n));
			cJSON_Delete(legal);
		}
	} else if (len > 1 && line[0] == '-') {
		game_play_forfeit(&run->game, line[1] % run->game.players,
			      &run->draws);
	} else if ((legal = look(run)) != NULL) {
		action = cJSON_ParseWithLength((const char *)line, len);
		if (action)
			play(run, action);
		cJSON_Delete(action);
		cJSON_Delete(legal);
	}
}

/* The final ranks are a ranking: 1 plus the number of seats ahead. */
static void check_result(const struct game_play *t)
{
	struct game_result result;

	game_play_result(t, &result);
	for (int i = 0; i < t->players; i++) {
		int ahead = 0;

		for (int j = 0; j < t->players; j++)
			ahead += result.rank[j] < result.rank[i];
		if (result.rank[i] != ahead + 1)
			fuzz_fail("the final ranks are not a ranking");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned char zero_key[32];
	const struct game_rules *rules;
	const struct game_option *o;
	struct run run;
	cJSON *given, *options;
	char err[ERR_LEN];
	size_t games = 0, at = 2;
	int players;

	if (sodium_init() < 0)
		abort();
	while (arena_game_registry[games])
		games++;
	if (size < 2)
		return 0;
	rules = arena_game_registry[data[0] % games];
	players = rules->min_players +
		  data[1] % (rules->max_players - rules->min_players + 1);
	given = cJSON_CreateObject();
	for (o = rules->options; o && o->name; o++)
		pick_option(o, at < size ? data[at++] : 0, given);
	pick_option(&options_first, at < size ? data[at++] : 0, given);
	options = options_resolve(rules, given, err);
	cJSON_Delete(given);
	if (!options)
		fuzz_fail("options_resolve refused a value from the table");
	arena_draws_init(&run.draws, zero_key, NULL, NULL);
	game_play_init(&run.game, rules, players);
	if (game_play_begin(&run.game, options, &run.draws, err) == 0) {
		while (at < size) {
			const uint8_t *nl = memchr(data + at, '\n', size - at);
			size_t len = nl ? (size_t)(nl - data) - at : size - at;

			step(&run, data + at, len);
			at += len + 1;
		}
		cJSON_Delete(look(&run));
		if (game_play_to_move(&run.game) < 0)
			check_result(&run.game);
	}
	game_play_free(&run.game);
	cJSON_Delete(options);
	return 0;
}
