/*
 * Building the manifest's records; see manifest_records.h, whose layout
 * the order of the members here follows.
 */
#include "manifest_records.h"

#include <stdio.h>

#include "base/json.h"
#include "base/util.h"
#include "games/fair.h"
#include "manifest_format.h"

static void add_games(cJSON *r, const long *games, int count)
{
	cJSON *list = cJSON_AddArrayToObject(r, "games");

	for (int i = 0; i < count; i++)
		cJSON_AddItemToArray(list, cJSON_CreateNumber((double)games[i]));
}

cJSON *manifest_header_record(const struct manifest_header *h)
{
	cJSON *r = json_typed("run"), *bots;
	char shard[32];

	cJSON_AddStringToObject(r, "format", RUN_FORMAT);
	cJSON_AddStringToObject(r, "verb", "tournament");
	if (h->id)
		json_add_hex(r, "id", h->id, FAIR_GAME_ID_BYTES);
	/* Of revision 6 and later every log it lists names its place. */
	cJSON_AddNumberToObject(r, "fairness", FAIR_REVISION);
	cJSON_AddStringToObject(r, "name", h->name);
	if (h->file_sha256)
		cJSON_AddStringToObject(r, "file_sha256", h->file_sha256);
	cJSON_AddStringToObject(r, "game", h->game);
	if (h->book_sha256)
		cJSON_AddStringToObject(r, "book_sha256", h->book_sha256);
	if (h->book_sha256 && h->book_path) {
		cJSON_AddStringToObject(r, "book_path", h->book_path);
		cJSON_AddStringToObject(r, "book_order", h->book_random ? "random"
								       : "sequential");
	}
	/* Only when true: a resumed run takes them again (--compress and
	 * --skip-broken need not be repeated). */
	if (h->compress)
		cJSON_AddTrueToObject(r, "compress");
	if (h->skip_broken)
		cJSON_AddTrueToObject(r, "skip_broken");
	cJSON_AddNumberToObject(r, "players", h->players);
	cJSON_AddNumberToObject(r, "schedule_games", (double)h->schedule_games);
	bots = cJSON_AddArrayToObject(r, "bots");
	for (int b = 0; b < h->bot_count; b++)
		cJSON_AddItemToArray(bots, cJSON_CreateString(h->bots[b]));
	snprintf(shard, sizeof shard, "%d/%d", h->shard_index, h->shard_count);
	cJSON_AddStringToObject(r, "shard", shard);
	cJSON_AddItemToObject(r, "file", cJSON_Duplicate(h->file, true));
	/* What held the bots, when the run says (a tournament's does). */
	if (h->containment) {
		cJSON_AddStringToObject(r, "containment", h->containment);
		cJSON_AddBoolToObject(r, "sandbox", h->sandbox);
		cJSON_AddBoolToObject(r, "seccomp", h->sandbox);
	}
	return r;
}

cJSON *manifest_started_record(int table, const long *games, int count,
				const char (*commitments)[65])
{
	cJSON *r = json_typed("started"), *list;

	cJSON_AddNumberToObject(r, "table", table);
	add_games(r, games, count);
	list = commitments ? cJSON_AddArrayToObject(r, "commitments") : NULL;
	for (int i = 0; list && i < count; i++)
		cJSON_AddItemToArray(list, cJSON_CreateString(commitments[i]));
	return r;
}

static bool any_forfeit(const struct manifest_game *g)
{
	for (int s = 0; s < g->players; s++)
		if (g->reason[s])
			return true;
	return false;
}

/* A finished game's entry names its bots, seat by seat, by their place in
 * the header's "bots": with its ranks, all a ladder needs of the game, in
 * few bytes (the manifest's hash chain costs by the byte).  Its log is
 * games/NNNNNN.jsonl, named by the game's number. */
cJSON *manifest_finished_game(const struct manifest_game *g)
{
	cJSON *r = cJSON_CreateObject(), *forfeits;

	cJSON_AddNumberToObject(r, "game", (double)g->game);
	cJSON_AddItemToObject(r, "seats", cJSON_CreateIntArray(g->seats, g->players));
	cJSON_AddStringToObject(r, "sha256", g->sha256);
	cJSON_AddItemToObject(r, "ranks", cJSON_CreateIntArray(g->ranks, g->players));
	/* Only when a seat forfeited: the usual entry stays short. */
	if (any_forfeit(g)) {
		forfeits = cJSON_AddArrayToObject(r, "forfeits");
		for (int s = 0; s < g->players; s++)
			cJSON_AddItemToArray(forfeits, g->reason[s]
				? cJSON_CreateString(g->reasons->names[g->reason[s] - 1])
				: cJSON_CreateNull());
	}
	if (g->recovered)
		cJSON_AddBoolToObject(r, "recovered", true);
	return r;
}

cJSON *manifest_finished_record(cJSON *games)
{
	cJSON *r = json_typed("finished");

	cJSON_AddItemToObject(r, "games", games);
	return r;
}

cJSON *manifest_skipped_record(int bot, const char *why, const long *games,
			       int count)
{
	cJSON *r = json_typed("skipped");

	cJSON_AddNumberToObject(r, "bot", bot);
	cJSON_AddStringToObject(r, "why", why);
	add_games(r, games, count);
	return r;
}

cJSON *manifest_back_record(int bot, const long *games, int count)
{
	cJSON *r = json_typed("back");

	cJSON_AddNumberToObject(r, "bot", bot);
	add_games(r, games, count);
	return r;
}

cJSON *manifest_aborted_record(long game, const char *log, const char *commitment)
{
	cJSON *r = json_typed("aborted");

	cJSON_AddNumberToObject(r, "game", (double)game);
	if (log)
		cJSON_AddStringToObject(r, "log", log);
	if (*commitment)
		cJSON_AddStringToObject(r, "commitment", commitment);
	return r;
}

cJSON *manifest_resumed_record(void)
{
	return json_typed("resumed");
}

cJSON *manifest_bot_record(int bot, const cJSON *entry)
{
	cJSON *r = json_typed("bot");

	cJSON_AddNumberToObject(r, "bot", bot);
	cJSON_AddItemToObject(r, "entry", cJSON_Duplicate(entry, true));
	return r;
}

cJSON *manifest_grown_record(const cJSON *bots, int first_bot, long first_game,
			     long schedule_games)
{
	cJSON *r = json_typed("grown"), *entries;

	cJSON_AddNumberToObject(r, "bot", first_bot);
	entries = cJSON_AddArrayToObject(r, "entries");
	for (int b = first_bot; b < cJSON_GetArraySize(bots); b++)
		cJSON_AddItemToArray(entries, cJSON_Duplicate(cJSON_GetArrayItem(bots, b),
							      true));
	cJSON_AddNumberToObject(r, "first_game", (double)first_game);
	cJSON_AddNumberToObject(r, "schedule_games", (double)schedule_games);
	return r;
}

cJSON *manifest_replies_record(time_t at, cJSON *bots)
{
	cJSON *r = json_typed("replies");

	cJSON_AddNumberToObject(r, "at", (double)at);
	cJSON_AddItemToObject(r, "bots", bots);
	return r;
}

cJSON *manifest_complete_record(long finished)
{
	cJSON *r = json_typed("complete");

	cJSON_AddNumberToObject(r, "finished", (double)finished);
	return r;
}
