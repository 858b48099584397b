/*
 * What freezing or thawing a bot's processes came to: the answer of
 * contain_freeze() and of the fallback's procstop_freeze(), named, as
 * the bot's freeze and thaw (bot_freeze.c) act on each differently.
 */
#ifndef ARENA_FREEZE_RESULT_H
#define ARENA_FREEZE_RESULT_H

enum freeze_result {
	/* Frozen or thawed (the fallback's stops may still be pending:
	 * procstop_pending()). */
	FREEZE_DONE = 0,
	/* Not done: the group or the processes are not there (yet, or any
	 * more); none is left stopped. */
	FREEZE_FAILED = -1,
	/* The bot fought its stop (a process ran again after it was
	 * stopped): all its processes are killed. */
	FREEZE_FOUGHT = -2,
	/* Stopped, its processes held more than its memory together: all
	 * are killed. */
	FREEZE_MEMORY_HELD = -3,
};

#endif
