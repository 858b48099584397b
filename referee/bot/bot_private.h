/*
 * The inside of one bot (bot.h's struct bot), for bot_spawn.c, which
 * starts its process, and bot.c, which talks to it and ends it; the
 * rest of the referee sees only bot.h.
 */
#ifndef ARENA_BOT_PRIVATE_H
#define ARENA_BOT_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bot_types.h"
#include "contain.h"

struct bot {
	pid_t pid;           /* also the process group id; 0 for a responder */
	const struct bot_responder *responder;
	int in_fd, out_fd, err_fd, pidfd, log_fd;
	struct bot_limits limits;
	char *buf;           /* stdout bytes: buf[start..len) not returned yet */
	size_t cap, start, len;
	size_t scan;         /* buf[start..scan) holds no newline */
	bool out_eof, exited, reaped;
	/* Set by bot_stderr_mark()'s look at both pipes: whether stdout had
	 * bytes then (-1: not looked since the last write), so that the check
	 * for unasked output before the turn costs no second call. */
	signed char out_ready;
	/* Whether a wait polled the group's event files since the last
	 * check of a breach, and whether one had an event. */
	bool events_polled, events_signalled;
	bool outlived;       /* a process of its group outlived its end */
	struct bot_stderr_count own_count, *count; /* count: own or the spec's */
	int exit_code;       /* si_code from waitid() once known, else 0 */
	int exit_status;
	struct contain *group; /* limits.contain */
	int due;             /* lines written and not yet answered */
	bool frozen;
	enum bot_status killed; /* BOT_OK, or why the fallback killed it: a
				 * freeze did not hold (BOT_CONTAINMENT), its
				 * processes held too much (BOT_MEMORY_HELD) */
	int64_t memory_at;   /* when the fallback reads its memory next */
	int64_t cpu_mark;    /* the group's CPU time when work on the next
			      * reply began */
	int64_t running_since; /* now_ns() when it was thawed or last
				* replied: its CPU time since then is at
				* most this long times its CPUs */
	int64_t reply_cpu;   /* what the last reply cost */
	char due_mark[BOT_MARK_MAX]; /* the mark due before the next stderr
				   * bytes kept, or "" (bot_stderr_mark) */
	int64_t freeze_at;   /* when its freeze put off is due */
	int64_t freeze_gap;  /* before a stop again, the wait that came
			      * before it; 0 for an idle bot's freeze
			      * (bot_freeze.c) */
};

/* Closes *fd unless it is -1, and sets it to -1. */
void bot_close_fd(int *fd);

/* Notes that the bot was killed when `rc`, a freeze's answer
 * (contain_freeze()), says so.  Inline, as bot.c and bot_freeze.c, which
 * bot.c calls, both note it. */
static inline void bot_contain_killed(struct bot *bot, enum freeze_result rc)
{
	if (rc == FREEZE_FOUGHT)
		bot->killed = BOT_CONTAINMENT;
	else if (rc == FREEZE_MEMORY_HELD)
		bot->killed = BOT_MEMORY_HELD;
}

/* Adds or removes a bot's process group in the list of those started and
 * not yet reaped, which bot_kill_all() kills. */
void bot_track(pid_t pid, bool add);

/* Freezes put off (bot_freeze.c): an idle bot's (bot_idle()), and a
 * stop again after a freeze that left stops pending (contain_pending()).
 * bot_thaw() drops the bot's, and continues it when it is frozen; the
 * wait, in ns, until the next is due (-1: none); and the freezes that are
 * due, made, which mark a bot killed by one (bot_contain_killed()). */
void bot_thaw(struct bot *bot);
int64_t bot_freeze_due_ns(void);
void bot_freeze_run(void);

#endif
