/*
 * The manifest's "replies" records; see manifest_replies.h.
 */
#include "manifest_replies.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "manifest_records.h"

static time_t monotonic_s(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec;
}

void replies_ledger_init(struct replies_ledger *ledger, int bots)
{
	ledger->bots = bots;
	ledger->pending = xcalloc((size_t)bots + 1, sizeof *ledger->pending);
	ledger->games = 0;
	ledger->written = monotonic_s();
}

void replies_ledger_free(struct replies_ledger *ledger)
{
	free(ledger->pending);
	memset(ledger, 0, sizeof *ledger);
}

bool replies_ledger_due(const struct replies_ledger *ledger, bool final)
{
	return ledger->games &&
	       (final || monotonic_s() - ledger->written >= REPLIES_EVERY_S);
}

time_t replies_ledger_wait_s(const struct replies_ledger *ledger)
{
	time_t waited = monotonic_s() - ledger->written;

	return waited >= REPLIES_EVERY_S ? 0 : REPLIES_EVERY_S - waited;
}

cJSON *replies_ledger_record(struct replies_ledger *ledger)
{
	cJSON *bots = cJSON_CreateArray();

	for (int b = 0; b < ledger->bots; b++) {
		cJSON *bot;

		if (!ledger->pending[b].wall.turns)
			continue;
		bot = cJSON_CreateObject();
		cJSON_AddNumberToObject(bot, "bot", b);
		reply_clocks_put_json(&ledger->pending[b], bot);
		cJSON_AddItemToArray(bots, bot);
	}
	memset(ledger->pending, 0, (size_t)ledger->bots * sizeof *ledger->pending);
	ledger->games = 0;
	ledger->written = monotonic_s();
	return manifest_replies_record(time(NULL), bots);
}
