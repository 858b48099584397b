/*
 * A running tournament's manifest as one ledger; see manifest_ledger.h.
 */
#include "manifest_ledger.h"

void manifest_ledger_init(struct manifest_ledger *ledger, int bots)
{
	*ledger = (struct manifest_ledger){0};
	replies_ledger_init(&ledger->replies, bots);
}

void manifest_ledger_free(struct manifest_ledger *ledger)
{
	run_manifest_free(&ledger->run);
	replies_ledger_free(&ledger->replies);
	manifest_batch_free(&ledger->batch);
}

/* A write a second at most: a game is listed a second after it ended. */
int manifest_ledger_write_finished(struct manifest_ledger *ledger, char *err)
{
	cJSON *r = manifest_batch_record(&ledger->batch);

	return r ? run_manifest_record(&ledger->run, r, err) : 0;
}

int manifest_ledger_due(struct manifest_ledger *ledger, bool final, char *err)
{
	bool replies = replies_ledger_due(&ledger->replies, final);

	if ((final || replies || manifest_batch_due(&ledger->batch)) &&
	    manifest_ledger_write_finished(ledger, err))
		return -1;
	return replies ? run_manifest_record(&ledger->run, replies_ledger_record(&ledger->replies),
						err) : 0;
}

long manifest_ledger_wait_ms(const struct manifest_ledger *ledger)
{
	long wait_ms = manifest_batch_wait_ms(&ledger->batch);
	long replies_ms = 1000 * (long)replies_ledger_wait_s(&ledger->replies);

	/* Reply times pending: wake up when their record is due. */
	if (ledger->replies.games && (wait_ms < 0 || wait_ms > replies_ms))
		wait_ms = replies_ms;
	return wait_ms;
}
