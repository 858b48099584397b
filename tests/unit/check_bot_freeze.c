/*
 * Unit tests for bot_freeze.c with real contained bots (control groups
 * as root, the fallback as a normal user): an idle bot is frozen only
 * once the referee has waited 4 ms for another bot, a message in time
 * leaves it running, its next message thaws it, and a bot that may
 * ponder is never frozen.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "bot/bot.h"
#include "bot/bot_private.h"
#include "bot/contain.h"
#include "run_suite.h"

#define MS 1000000LL

/* A contained, sandboxed bot running `command`; NULL (and a note) when
 * nothing can contain one here. */
static struct bot *contained(const char *command, bool ponder)
{
	struct bot_spec spec = { .command = command,
				 .limits = { .max_line = 1024, .max_stderr = 1024,
					     .sandbox = true, .contain = true,
					     .ponder = ponder } };
	char err[ERR_LEN] = "";
	struct bot *bot = bot_spawn(&spec, err);

	if (!bot)
		fprintf(stderr, "# no contained bot here (%s): skipped\n", err);
	else
		fprintf(stderr, "# contained by %s\n",
			contain_kind() == CONTAIN_CGROUPS ? "control groups" : "the fallback");
	return bot;
}

/* Writes `line` and reads it back (both bots echo). */
static void echo(struct bot *bot, const char *line)
{
	int64_t deadline = now_ns() + 10000 * MS;
	const struct bot_deadline d = { deadline, 0 };
	const char *got = NULL;
	size_t len = 0;

	ck_assert_int_eq(bot_write_lines(bot, &(struct iovec){ (void *)line, strlen(line) }, 1,
					 deadline), BOT_OK);
	ck_assert_int_eq(bot_read_line(bot, &d, &got, &len), BOT_OK);
	ck_assert_str_eq(got, line);
}

/* The bot on move answers in 200 ms, the other at once. */
#define SLOW "sh -c 'while read l; do sleep 0.2; echo \"$l\"; done'"

/* An echoing bot that may ponder or not, which has answered once, and a
 * slow one; false when nothing can contain them here. */
static bool pair(bool ponder, struct bot **idle, struct bot **slow)
{
	signal(SIGPIPE, SIG_IGN);
	if (!(*idle = contained("cat", ponder)))
		return false;
	ck_assert_ptr_nonnull(*slow = contained(SLOW, false));
	echo(*idle, "1");
	return true;
}

START_TEST(idle_frozen_while_another_thinks)
{
	struct bot *idle, *slow;

	if (!pair(false, &idle, &slow))
		return;
	/* Not frozen at once: a message within the grace leaves it be. */
	bot_idle(idle);
	ck_assert(!idle->frozen);
	echo(idle, "2");
	/* Idle while the other thinks for 200 ms: frozen meanwhile. */
	bot_idle(idle);
	echo(slow, "x");
	ck_assert(idle->frozen);
	/* Its next message thaws it. */
	echo(idle, "3");
	ck_assert(!idle->frozen);
	ck_assert(bot_free(idle, 1000));
	ck_assert(bot_free(slow, 1000));
}
END_TEST

START_TEST(pondering_never_frozen)
{
	struct bot *idle, *slow;

	if (!pair(true, &idle, &slow))
		return;
	bot_idle(idle);
	echo(slow, "x");
	ck_assert(!idle->frozen);
	echo(idle, "2");
	ck_assert(bot_free(idle, 1000));
	ck_assert(bot_free(slow, 1000));
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("bot_freeze");
	TCase *tc = tcase_create("freeze");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, idle_frozen_while_another_thinks);
	tcase_add_test(tc, pondering_never_frozen);
	suite_add_tcase(s, tc);
	return s;
}
