/*
 * A running tournament's manifest as one ledger; see manifest_ledger.h.
 */
#include "manifest_ledger.h"

#include "base/util.h"
#include "manifest_format.h"
#include "manifest_records.h"

void manifest_ledger_init(struct manifest_ledger *ledger, int bots)
{
	*ledger = (struct manifest_ledger){0};
	replies_ledger_init(&ledger->replies, bots);
}

void manifest_ledger_free(struct manifest_ledger *ledger)
{
	run_manifest_free(&ledger->run);
	replies_ledger_free(&ledger->replies);
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

int manifest_ledger_due(struct manifest_ledger *ledger, bool final, char *err)
{
	bool replies = replies_ledger_due(&ledger->replies, final);

	if ((final || replies || finished_wait_ms(ledger) == 0) &&
	    manifest_ledger_write_finished(ledger, err))
		return -1;
	return replies ? run_manifest_record(&ledger->run, replies_ledger_record(&ledger->replies),
					     err) : 0;
}

long manifest_ledger_wait_ms(const struct manifest_ledger *ledger)
{
	long wait_ms = finished_wait_ms(ledger);
	long replies_ms = 1000 * (long)replies_ledger_wait_s(&ledger->replies);

	/* Reply times pending: wake up when their record is due. */
	if (ledger->replies.games && (wait_ms < 0 || wait_ms > replies_ms))
		wait_ms = replies_ms;
	return wait_ms;
}
