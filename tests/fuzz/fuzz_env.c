/*
 * Fuzzing what arena_env's Env.deserialize() hands its C core
 * (sdk/python/arena_env/env_game.h): the input is a serialized game, the
 * text of Env.serialize(), whose fields go to env_game_new() as
 * _core.Game(game, players, options, seed, number, modes) gives them (the
 * options parsed and checked by options_resolve(), the players against
 * the game's range), then its loads and actions to env_game_load() and
 * env_game_apply() as deserialize() plays them.  Then a few steps by id,
 * the JSON of every action written (env_game_actions()), the turn
 * message, and a clone.  Besides sanitizer reports, these are bugs: a
 * game whose actions cannot be written, a clone that cannot be made.
 * The Python side's own checks (types, the text's size, the number of
 * actions) are tests/e2e/env_test.py's; past them, this harness gives
 * the C core any number a JSON text holds.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "fuzz.h"
#include "sdk/python/arena_env/env_game.h"

/* Actions played at most, as env.py's MAX_ACTIONS bounds them (lower:
 * the fuzzer's time is better spent on other inputs). */
#define FUZZ_ENV_ACTIONS 2000

/* A JSON number as a long long, as Python's int would be one: false for
 * what is no number or past a long long (the core's converter refuses). */
static bool whole(const cJSON *item, long long *out)
{
	if (!cJSON_IsNumber(item) || !(fabs(item->valuedouble) < 9e18))
		return false;
	*out = (long long)item->valuedouble;
	return true;
}

/* The modes of the text's "chance" and "draws". */
static unsigned modes_of(const cJSON *data)
{
	const char *chance = cJSON_GetStringValue(json_member(data, "chance"));
	const char *draws = cJSON_GetStringValue(json_member(data, "draws"));

	return (chance && !strcmp(chance, "explicit") ? ENV_EXPLICIT_CHANCE : 0) |
	       (!draws || !strcmp(draws, "fast") ? ENV_FAST_DRAWS : 0);
}

/* Loads the faces of the text's loads of step `step`, as deserialize()
 * does before that step's action; -1 when the core refuses them. */
static int load_step(struct env_game *g, const cJSON *loads, long long step)
{
	const cJSON *load, *face;
	char err[GAME_ERR_LEN];

	cJSON_ArrayForEach(load, loads) {
		long long at, value;
		int faces[9], n = 0;

		if (!whole(cJSON_GetArrayItem(load, 0), &at) || at != step)
			continue;
		cJSON_ArrayForEach(face, cJSON_GetArrayItem(load, 1)) {
			if (n == 9 || !whole(face, &value) || value < 1 || value > 6)
				return -1;
			faces[n++] = (int)value;
		}
		return env_game_load(g, faces, n, err);
	}
	return 0;
}

/* The text's actions played, then a few steps by id. */
static void play(struct env_game *g, const cJSON *data)
{
	const cJSON *loads = json_member(data, "loads"), *action;
	char err[GAME_ERR_LEN];
	long long step = 0;

	cJSON_ArrayForEach(action, json_member(data, "actions")) {
		if (step == FUZZ_ENV_ACTIONS || load_step(g, loads, step++) ||
		    env_game_apply(g, action, err))
			return;
	}
	for (int i = 0; i < 8 && env_game_to_move(g) >= 0 && g->legal_count; i++)
		if (env_game_step(g, env_game_id(g, g->legal_count - 1), err))
			fuzz_fail("a legal id was refused");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cJSON *text = cJSON_ParseWithLength((const char *)data, size);
	const char *game = cJSON_GetStringValue(json_member(text, "game"));
	const char *seed = cJSON_GetStringValue(json_member(text, "seed"));
	long long players, number;
	char err[GAME_ERR_LEN];
	struct env_game *g, *copy;

	if (sodium_init() < 0)
		abort();
	if (!game || !seed || !whole(json_member(text, "players"), &players) ||
	    !whole(json_member(text, "number"), &number) || number < 1) {
		cJSON_Delete(text);
		return 0;
	}
	g = env_game_new(game, players, json_member(text, "options"), seed,
			 (uint64_t)number, false, modes_of(text), err);
	if (g) {
		play(g, text);
		if (env_game_actions(g, err))
			fuzz_fail("the actions played cannot be written");
		free(env_game_turn_text(g));
		if (!(copy = env_game_clone(g, err)))
			fuzz_fail("a game cannot be cloned");
		env_game_free(copy);
		env_game_free(g);
	}
	cJSON_Delete(text);
	return 0;
}
