/*
 * An environment game saved as an unsigned game log; see env_log.h.  The
 * game is played again from its seed, with its actions, on a copy that
 * keeps its draws as log records, so that each draw is written right
 * after the action that made it, as the referee writes them.
 */
#include "env_log.h"

#include <stdio.h>
#include <string.h>

#include "referee/base/journal.h"
#include "referee/base/json.h"
#include "referee/base/records.h"
#include "referee/base/util.h"

/* The header the referee writes (referee/match/match_game.c), but for "referee":
 * no referee, and "refereed": false. */
static cJSON *env_log_header(const struct env_game *g,
			     const char *const *names)
{
	cJSON *h = json_typed("header"), *time, *players;
	char hex[2 * FAIR_GAME_ID_BYTES + 1];

	hex_encode(hex, g->game_id, FAIR_GAME_ID_BYTES);
	cJSON_AddStringToObject(h, "format", "arena-log/1");
	cJSON_AddStringToObject(h, "referee", "arena_env (not refereed)");
	cJSON_AddStringToObject(h, "game", g->rules->name);
	cJSON_AddStringToObject(h, "rules", g->rules->rules_version);
	cJSON_AddStringToObject(h, "game_id", hex);
	cJSON_AddTrueToObject(h, "seeded");
	cJSON_AddFalseToObject(h, "refereed");
	cJSON_AddItemToObject(h, "options", cJSON_Duplicate(g->options, true));
	time = cJSON_AddObjectToObject(h, "time");
	cJSON_AddNumberToObject(time, "move_ms", ENV_MOVE_MS);
	cJSON_AddNumberToObject(time, "game_ms", 0);
	cJSON_AddStringToObject(time, "clock", "cpu");
	players = cJSON_AddArrayToObject(h, "players");
	for (int s = 0; s < g->play.players; s++) {
		cJSON *p = cJSON_CreateObject();

		cJSON_AddNumberToObject(p, "seat", s);
		cJSON_AddStringToObject(p, "name", names[s]);
		cJSON_AddStringToObject(p, "command", "arena_env");
		cJSON_AddItemToArray(players, p);
	}
	return h;
}

/* Appends the draws the copy has made since the last call. */
static int env_log_draws(struct journal *j, struct env_game *copy, char *err)
{
	cJSON *draw;

	while ((draw = cJSON_DetachItemFromArray(copy->records, 0)))
		if (journal_append(j, draw, err))
			return -1;
	return 0;
}

/* The records from the exchange to the reveal, written into j. */
static int env_log_records(struct journal *j, const struct env_game *g,
			   struct env_game *copy, char *err)
{
	unsigned char secret[FAIR_SECRET_BYTES], commitment[FAIR_HASH_BYTES];
	struct game_result result;
	const cJSON *action;

	env_game_secret(copy, secret, commitment);
	if (journal_append(j, records_hex("commit", "commitment", commitment,
					  sizeof commitment), err))
		return -1;
	for (int s = 0; s < g->play.players; s++)
		if (journal_append(j, records_bot_commit(s, NULL), err))
			return -1;
	if (journal_append(j, records_hex("begin", "game_id", copy->game_id,
					  sizeof copy->game_id), err) ||
	    env_log_draws(j, copy, err))
		return -1;
	cJSON_ArrayForEach(action, g->actions) {
		int seat = env_game_to_move(copy);

		if (journal_append(j, records_action(seat, action, 0, -1, NULL),
				   err) ||
		    env_game_apply(copy, action, err) ||
		    env_log_draws(j, copy, err))
			return -1;
	}
	game_play_result(&copy->play, &result);
	if (journal_append(j, records_result(json_typed("result"), &result, g->play.players), err))
		return -1;
	return journal_append(j, records_hex("reveal", "secret", secret,
					     sizeof secret), err);
}

int env_log_save(struct env_game *g, const char *path,
		 const char *const *names, char *err)
{
	struct env_game *copy;
	struct journal *j;
	int rc;

	if (env_game_to_move(g) >= 0 || !g->actions)
		return errorf(err, "the game is not over: a game is saved as "
			      "a log once it has ended");
	if (cJSON_GetArraySize(g->loads))
		return errorf(err, "the game's dice were chosen (apply() with "
			      "an outcome), not drawn from its seed: no log of "
			      "it would verify");
	if (g->chance)
		return errorf(err, "the game's draws were chosen (explicit "
			      "chance), not the seed's keyed draws: no log of "
			      "it would verify");
	if (g->modes & ENV_FAST_DRAWS)
		return errorf(err, "the game's draws were drawn fast (draws="
			      "\"fast\", the default), not the seed's keyed "
			      "draws: no log of it would verify; play it with "
			      "draws=\"keyed\" to save it");
	if (env_game_actions(g, err) || !(copy = env_game_clone(g, err)))
		return -1;
	/* The same game again from its start, keeping its draws. */
	cJSON_Delete(copy->actions);
	copy->actions = NULL;
	copy->forgetful = true;
	cJSON_Delete(copy->records);
	copy->records = cJSON_CreateArray();
	if (env_game_reset(copy, g->number, err) ||
	    !(j = journal_create(path, err))) {
		env_game_free(copy);
		return -1;
	}
	rc = journal_append(j, env_log_header(copy, names), err) ||
	     env_log_records(j, g, copy, err) || journal_flush(j, err) ? -1 : 0;
	journal_free(j);
	env_game_free(copy);
	return rc;
}
