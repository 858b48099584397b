/*
 * The fallback's stops left pending at their bound (procstop.h), gone
 * on with: a bot whose freeze ended with stops still to land is stopped
 * again while the referee waits for another bot (bot.c's waits call
 * bot_restop_run()), 5 ms later, then twice as long after each try,
 * until its stop is whole or the bot is thawed or ended.  A stop again
 * first checks that nothing of it ran meanwhile: when something did, the
 * bot fought its stop, and is killed (bot_contain_killed()).  One list
 * for the process: a tournament's tables run in processes of their own.
 */
#include "bot.h"
#include "bot_private.h"
#include "base/util.h"

/* The first wait before a stop again, in ns. */
#define RESTOP_FIRST_NS 5000000

static struct bot **pending;
static size_t pending_count, pending_cap;

void bot_restop_drop(struct bot *bot)
{
	for (size_t i = 0; i < pending_count; i++)
		if (pending[i] == bot) {
			pending[i] = pending[--pending_count];
			return;
		}
}

void bot_restop_add(struct bot *bot)
{
	bot_restop_drop(bot);
	if (pending_count == pending_cap) {
		pending_cap = pending_cap ? 2 * pending_cap : 4;
		pending = xrealloc(pending, pending_cap * sizeof *pending);
	}
	pending[pending_count++] = bot;
	bot->restop_gap = RESTOP_FIRST_NS;
	bot->restop_at = now_ns() + RESTOP_FIRST_NS;
}

int64_t bot_restop_due_ns(void)
{
	int64_t now = now_ns(), soonest = -1;

	for (size_t i = 0; i < pending_count; i++) {
		int64_t left = pending[i]->restop_at - now;

		left = left > 0 ? left : 0;
		soonest = soonest < 0 || left < soonest ? left : soonest;
	}
	return soonest;
}

void bot_restop_run(void)
{
	/* From the end: a bot dropped is swapped with the last, done. */
	for (size_t i = pending_count; i-- > 0;) {
		struct bot *bot = pending[i];
		int rc;

		if (bot->restop_at > now_ns())
			continue;
		rc = contain_freeze(bot->group, true);
		if (rc == 0 && contain_pending(bot->group)) {
			bot->restop_gap *= 2;
			bot->restop_at = now_ns() + bot->restop_gap;
			continue;
		}
		if (rc == -2 || rc == -3)
			bot_contain_killed(bot, rc);
		else if (rc != 0)
			bot->frozen = false; /* a failed stop continued them */
		pending[i] = pending[--pending_count];
	}
}
