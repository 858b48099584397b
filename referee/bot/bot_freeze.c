/*
 * A contained bot frozen (contain_freeze()) when idle, and thawed.  Its
 * freezes are put off, in one list for the process (a
 * tournament's tables run in processes of their own), and made while
 * the referee waits for a bot (bot.c's waits call bot_freeze_run()):
 * - a bot left idle (bot_idle()) is frozen once BOT_IDLE_GRACE_NS has
 *   passed without a message to it: a freeze and its thaw cost more
 *   than a fast bot's whole move (bench/README.md), and a message in
 *   time, the next turn or the next game's start, makes both needless.
 *   What it uses meanwhile is charged to its next reply;
 * - a bot whose freeze ended with stops still to land (the fallback's,
 *   procstop.h) is stopped again 5 ms later, then twice as long after
 *   each try, until its stop is whole or the bot is thawed or ended.  A
 *   stop again first checks that nothing of it ran meanwhile: when
 *   something did, the bot fought its stop, and is killed
 *   (bot_contain_killed()).
 */
#include "bot.h"
#include "bot_private.h"
#include "base/util.h"

/* How long a bot may be idle before it is frozen, in ns: the kernel's
 * tick (4 ms at 250 Hz).  Not less: a wait that ends sooner than the
 * next tick sets the CPU's timer anew, which on a virtual machine is a
 * trip to the host (bench/README.md).  Not more: what an idle bot's
 * processes run meanwhile takes CPUs from the bot on move, and so its
 * wall time: against a bot whose 4 helpers spin, the games of a bot of
 * 15 ms a move took 2.3 times their time alone with 10 ms, 1.5 times
 * with 4 (tests/e2e/fightback.sh). */
#define BOT_IDLE_GRACE_NS 4000000

/* The first wait before a stop again, in ns. */
#define RESTOP_FIRST_NS 5000000

static struct bot **later;
static size_t later_count, later_cap;

/* Whether the bot's freeze is put off, and where in the list. */
static bool later_find(const struct bot *bot, size_t *at)
{
	for (*at = 0; *at < later_count; (*at)++)
		if (later[*at] == bot)
			return true;
	return false;
}

static void later_drop(struct bot *bot)
{
	size_t i;

	if (later_find(bot, &i))
		later[i] = later[--later_count];
}

/* Puts the bot's freeze off until `at`; `gap`: the wait before this stop
 * again, 0 for an idle bot's freeze. */
static void later_add(struct bot *bot, int64_t at, int64_t gap)
{
	later_drop(bot);
	later = xgrow(later, later_count, &later_cap, sizeof *later);
	later[later_count++] = bot;
	bot->freeze_at = at;
	bot->freeze_gap = gap;
}

/* Stops the bot: a first stop when `gap` is 0, else a stop again after
 * a wait of `gap`.  One that leaves stops pending is tried again after
 * RESTOP_FIRST_NS, then after twice the wait before. */
static void stop(struct bot *bot, int64_t gap)
{
	enum freeze_result rc = contain_freeze(bot->group, true);

	if (rc == FREEZE_DONE) {
		bot->frozen = true;
		if (contain_pending(bot->group)) {
			gap = gap ? 2 * gap : RESTOP_FIRST_NS;
			later_add(bot, now_ns() + gap, gap);
		}
	} else if (rc == FREEZE_FOUGHT || rc == FREEZE_MEMORY_HELD) {
		bot_contain_killed(bot, rc);
	} else {
		bot->frozen = false; /* a failed stop continued them */
	}
}

void bot_thaw(struct bot *bot)
{
	enum freeze_result rc;

	if (!bot->group)
		return;
	later_drop(bot);
	if (!bot->frozen)
		return;
	if ((rc = contain_freeze(bot->group, false)) == FREEZE_DONE)
		bot->frozen = false;
	else
		bot_contain_killed(bot, rc);
}

void bot_idle(struct bot *bot)
{
	size_t i;

	/* A freeze already put off keeps its time: a bot idled again and
	 * again (the games of a set taking turns) is still frozen. */
	if (bot->group && !bot->due && !bot->limits.ponder && !bot->frozen &&
	    !later_find(bot, &i))
		later_add(bot, now_ns() + BOT_IDLE_GRACE_NS, 0);
}

int64_t bot_freeze_due_ns(void)
{
	int64_t now = now_ns(), soonest = -1;

	for (size_t i = 0; i < later_count; i++) {
		int64_t left = later[i]->freeze_at - now;

		left = left > 0 ? left : 0;
		soonest = soonest < 0 || left < soonest ? left : soonest;
	}
	return soonest;
}

void bot_freeze_run(void)
{
	/* From the end: a bot dropped is swapped with the last, done, and
	 * one put off again goes to the end. */
	for (size_t i = later_count; i-- > 0;) {
		struct bot *bot = later[i];

		if (bot->freeze_at > now_ns())
			continue;
		later[i] = later[--later_count];
		stop(bot, bot->freeze_gap);
	}
}
