/*
 * The types of a bot (bot.h): its limits, how to start it, what a read
 * or a write came to, a deadline.  Apart from bot.h so that the inside
 * of a bot (bot_private.h), which bot.c includes, need not include it.
 */
#ifndef ARENA_BOT_TYPES_H
#define ARENA_BOT_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* A sandboxed or contained bot's process cap when none is given, threads
 * included (a JVM has a few dozen): a fork bomb stops there instead of
 * taking every process of the machine until its game ends. */
#define BOT_DEFAULT_PROCESSES 64

/* How often, at most, the fallback reads what a running bot's processes
 * hold in memory together (bot_read_line()): each read costs some
 * microseconds a process, while filling 1 GiB took a process 1.5 s on
 * this project's 2-core machine at load 21. */
#define BOT_MEMORY_EVERY_MS 10

/* A contained bot's memory when none is given, in MiB: as much as any
 * bot of these games needs (a JVM's default heap is a quarter of the
 * machine's memory: give it -Xmx below this). */
#define BOT_DEFAULT_MEMORY_MB 1024

struct bot_limits {
	size_t max_line;      /* longest line accepted from the bot, bytes */
	size_t max_stderr;    /* stderr bytes kept in the file; rest dropped */
	unsigned cpu_seconds; /* RLIMIT_CPU; 0 = no limit */
	/* RLIMIT_NPROC; 0 = none set (in the sandbox: its default cap,
	 * BOT_DEFAULT_PROCESSES).  In the sandbox it counts the bot's own
	 * processes (the sandbox's init included); without it, every process
	 * of the user (the referee, its workers and the other bots of the
	 * same user too), and the kernel does not apply it to root. */
	unsigned processes;
	/* Run the bot in the sandbox of sandbox.h.  Here rather than in
	 * bot_spec because it travels with the limits from every verb and
	 * tournament file, as do the paths below (NULL-ended, or NULL). */
	bool sandbox;
	const char *const *readable; /* extra read-only paths it sees */
	const char *const *hidden;   /* paths it must never see */
	/* What the command line gives every bot: its folder (NULL: see
	 * bot_spec.workdir) and environment entries (bot_env.h). */
	const char *workdir;
	const char *const *env;
	/* A control group of its own (cgroup.h, under the tree that
	 * cgroup_tree_ready() found): `memory` bytes at most (its tmpfs
	 * included, no swap; 0 = none), `processes` tasks, `cpus` CPUs' worth
	 * of time (0 = no cap).  It is frozen whenever no reply of it is due,
	 * unless it may ponder; its CPU time is the clock of bot_read_line(). */
	bool contain;
	uint64_t memory;
	unsigned cpus;
	bool ponder;
};

/* The stderr bytes kept of one bot across its processes (the limit is
 * per match, not per process, so a bot that exits every game keeps no
 * more).  Zeroed before its first process. */
struct bot_stderr_count {
	size_t kept;
	bool cut;   /* the truncation marker is written */
	char last;  /* the last byte kept */
};

/* A seat played inside the referee instead of by a program (a person at
 * the terminal): `respond` gets each line sent and returns the reply line
 * (a new string, no newline) at once, or NULL when the player leaves;
 * there is then no process, no deadline and no stderr. */
struct bot_responder {
	char *(*respond)(void *ctx, const char *line, size_t len);
	void *ctx;
};

struct bot_spec {
	/* One command line, split into words as a shell would split it
	 * (whitespace, '...', "...", backslash) with no expansion of any
	 * kind; the first word is looked up in PATH before fork. */
	const char *command;
	/* Relative paths in the command are relative to this folder (NULL:
	 * limits.workdir when it is the bot's folder, as a tournament entry's
	 * "workdir" is; else the current one: bot_command_dir()). */
	const char *command_dir;
	/* The folder the bot starts in and, in the sandbox, sees as its own,
	 * relative to command_dir.  NULL: limits.workdir, else the folder of
	 * the script the command names (its first word after the program
	 * that names a file), else of the program when the command gives its
	 * path and it is not a system one; else none (bot_workdir()). */
	const char *workdir;
	/* Environment entries, after those of limits.env (bot_env.h). */
	const char *const *env;
	/* Appended to (so a crashed process's last words survive its
	 * restart), at most limits.max_stderr bytes per process, with the
	 * referee's marks (stderr_marks.h); NULL: the bot's stderr is
	 * discarded. */
	const char *stderr_path;
	/* Shared by the processes of one bot (NULL: each its own). */
	struct bot_stderr_count *stderr_count;
	struct bot_limits limits;
	/* Not NULL: the seat is played in this process; `command` is then
	 * only what the log calls it. */
	const struct bot_responder *responder;
};

enum bot_status {
	BOT_OK = 0,
	BOT_TIMEOUT = -1,  /* deadline passed */
	BOT_CLOSED = -2,   /* the bot exited or closed its end of a pipe */
	BOT_TOO_LONG = -3, /* a line longer than limits.max_line */
	BOT_IO_ERROR = -4, /* an unexpected error from the kernel */
	BOT_CPU_TIMEOUT = -5,        /* its group used the CPU time allowed */
	BOT_OUT_OF_MEMORY = -6,      /* the kernel killed one of its processes
				      * at its memory limit */
	BOT_TOO_MANY_PROCESSES = -7, /* it was refused a process at its limit */
	BOT_CONTAINMENT = -8,        /* it fought its stop off move: it was
				      * killed */
	BOT_MEMORY_HELD = -9,        /* its processes held more than its
				      * memory together (the fallback's
				      * count): they were killed */
};

/* When a reply is due: before `wall_ns` (absolute, on now_ns()'s clock),
 * and, when `cpu_ns` is not 0 and the bot is contained, before its group
 * has used `cpu_ns` of CPU time on it (counted from the later of the
 * message's writing and the previous reply). */
struct bot_deadline {
	int64_t wall_ns;
	int64_t cpu_ns;
};

#endif
