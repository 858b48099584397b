/*
 * A running tournament's manifest as one ledger; see manifest_ledger.h.
 */
#include "manifest_ledger.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "manifest_format.h"
#include "manifest_records.h"

/* The monotonic clock's seconds (struct replies_ledger's "written"). */
static time_t seconds(void)
{
	return (time_t)(now_ns() / 1000000000);
}

void manifest_ledger_init(struct manifest_ledger *ledger, int bots)
{
	*ledger = (struct manifest_ledger){.replies = {
		.bots = bots, .pending = xcalloc((size_t)bots + 1, sizeof *ledger->replies.pending),
		.written = seconds()}};
}

void manifest_ledger_free(struct manifest_ledger *ledger)
{
	run_manifest_free(&ledger->run);
	free(ledger->replies.pending);
	cJSON_Delete(ledger->games);
}

void manifest_ledger_finished(struct manifest_ledger *ledger, cJSON *game)
{
	if (!ledger->games) {
		ledger->games = cJSON_CreateArray();
		ledger->first_ns = now_ns();
	}
	cJSON_AddItemToArray(ledger->games, game);
	ledger->count++;
}

/* A write a second at most: a game is listed a second after it ended. */
int manifest_ledger_write_finished(struct manifest_ledger *ledger, char *err)
{
	cJSON *r = ledger->count ? manifest_finished_record(ledger->games) : NULL;

	if (!r)
		return 0;
	ledger->games = NULL;
	ledger->count = 0;
	return run_manifest_record(&ledger->run, r, err);
}

/* Milliseconds until the finished games waiting are due (0: now), or -1
 * when none waits. */
static long finished_wait_ms(const struct manifest_ledger *ledger)
{
	int64_t waited_ms;

	if (!ledger->count)
		return -1;
	waited_ms = (now_ns() - ledger->first_ns) / 1000000;
	return ledger->count >= MANIFEST_BATCH_GAMES || waited_ms >= MANIFEST_BATCH_MS
	       ? 0 : MANIFEST_BATCH_MS - (long)waited_ms;
}

/* The record of the reply times pending ({"type":"replies","at":T,
 * "bots":[...]}, the bots with replies only), which starts the next
 * period. */
static cJSON *replies_record(struct replies_ledger *ledger)
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
	ledger->written = seconds();
	return manifest_replies_record(time(NULL), bots);
}

int manifest_ledger_due(struct manifest_ledger *ledger, bool final, char *err)
{
	/* Games finished, and the last record long ago (`final`: the run is
	 * about to complete, so any game will do). */
	bool replies = ledger->replies.games &&
		       (final || seconds() - ledger->replies.written >= REPLIES_EVERY_S);

	if ((final || replies || finished_wait_ms(ledger) == 0) &&
	    manifest_ledger_write_finished(ledger, err))
		return -1;
	return replies ? run_manifest_record(&ledger->run, replies_record(&ledger->replies),
					     err) : 0;
}

long manifest_ledger_wait_ms(const struct manifest_ledger *ledger)
{
	time_t waited = seconds() - ledger->replies.written;
	long wait_ms = finished_wait_ms(ledger);
	long replies_ms = waited >= REPLIES_EVERY_S ? 0 : 1000 * (long)(REPLIES_EVERY_S - waited);

	/* Reply times pending: wake up when their record is due. */
	if (ledger->replies.games && (wait_ms < 0 || wait_ms > replies_ms))
		wait_ms = replies_ms;
	return wait_ms;
}
