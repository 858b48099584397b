/*
 * threshold-c: plays the dice games (bolo, bolo5, volle-lotte) by banking
 * as soon as the turn is worth at least T points (the first argument,
 * default 350).  After a roll it sets aside the keep worth the most points
 * (the view's "keeps", in the order of "legal"), then banks when allowed
 * and the turn total has reached T, and rolls on otherwise.  The C twin
 * of bots/threshold_bot.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_bot.h"
#include "bot_help.h"

/* A legal word action ("bank", "roll", ...), if offered. */
static const cJSON *offered(const cJSON *legal, const char *word)
{
	const cJSON *a;

	cJSON_ArrayForEach(a, legal)
		if (cJSON_IsString(a) && !strcmp(a->valuestring, word))
			return a;
	return NULL;
}

static cJSON *decide(const cJSON *turn, void *ctx)
{
	long threshold = *(const long *)ctx;
	const cJSON *view = arena_state(turn), *legal = arena_legal(turn);
	const cJSON *keeps = cJSON_GetObjectItemCaseSensitive(view, "keeps");
	const cJSON *total = cJSON_GetObjectItemCaseSensitive(view, "turn_total");
	const cJSON *k, *best = NULL, *choice;
	static const char *const order[] = {"roll", "draw", "bank"};

	cJSON_ArrayForEach(k, keeps) {
		double points = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(k, "points"));
		int dice = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(k, "keep"));

		if (!best || points > cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(best, "points")) ||
		    (points == cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(best, "points")) &&
		     dice < cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(best, "keep"))))
			best = k;
	}
	if (best) {
		cJSON *action = cJSON_CreateObject();

		cJSON_AddItemToObject(action, "keep", cJSON_Duplicate(
			cJSON_GetObjectItemCaseSensitive(best, "keep"), 1));
		return action;
	}
	if (offered(legal, "bank") && cJSON_GetNumberValue(total) >= (double)threshold)
		return cJSON_CreateString("bank");
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if ((choice = offered(legal, order[i])))
			return cJSON_Duplicate(choice, 1);
	return cJSON_Duplicate(cJSON_GetArrayItem(legal, 0), 1);
}

int main(int argc, char **argv)
{
	long threshold = argc > 1 ? strtol(argv[1], NULL, 10) : 350;
	char name[32];
	const struct arena_bot_callbacks cb = { .decide = decide, .ctx = &threshold };

	if (bot_help(argc, argv, "threshold-bot [T]   (bolo, bolo5, volle-lotte: banks once the turn is worth T\n"
		     "                            points, default 350)"))
		return EXIT_SUCCESS;
	snprintf(name, sizeof name, "threshold-c-%ld", threshold);
	return arena_bot_run(name, "1", &cb) ? EXIT_FAILURE : EXIT_SUCCESS;
}
