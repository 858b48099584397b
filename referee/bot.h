/*
 * One bot: a child process we talk to over pipes, one line at a time.
 *
 * A bot is untrusted code.  It runs in its own process group (so it is
 * killed as a group), with a parent-death signal, with every other fd of
 * ours closed (all are close-on-exec), under setrlimit limits.  Reads and
 * writes take an absolute deadline on the monotonic clock (now_ns()), so a
 * move's budget is for the whole move, not per read(2).  Waiting is done in
 * poll(2) on the bot's stdout, stderr and a pidfd, never by sleeping, so a
 * bot that dies is noticed at once even when a grandchild keeps its pipe
 * open.  Everything the bot writes to stderr goes to a file, capped.
 * With limits.sandbox it runs in the sandbox of sandbox.h, whose PID
 * namespace takes every process of the bot with it; without, this process
 * becomes a child subreaper and kills what a bot left behind in a session
 * of its own when it terminates the bot.
 */
#ifndef ARENA_BOT_H
#define ARENA_BOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct bot_limits {
	size_t max_line;      /* longest line accepted from the bot, bytes */
	size_t max_stderr;    /* stderr bytes kept in the file; rest dropped */
	unsigned cpu_seconds; /* RLIMIT_CPU; 0 = no limit */
	size_t address_space; /* RLIMIT_AS in bytes; 0 = no limit */
	/* RLIMIT_NPROC; 0 = none set (in the sandbox: its default cap,
	 * SANDBOX_DEFAULT_PROCESSES).  In the sandbox it counts the bot's own
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
	const char *workdir;        /* NULL: the referee's own */
	const char *const *env;     /* extra NAME=VALUE entries, NULL-ended */
	/* Appended to (so a crashed process's last words survive its
	 * restart), at most limits.max_stderr bytes per process; NULL: the
	 * bot's stderr is discarded. */
	const char *stderr_path;
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
};

struct bot;

/* Starts the bot.  Returns NULL with a precise message in err (ERR_LEN
 * bytes) when the command is empty or badly quoted, the program is not
 * found or not executable, the working directory is missing, or exec
 * fails (the child reports errno over a close-on-exec pipe). */
struct bot *bot_spawn(const struct bot_spec *spec, char *err);

/* Writes `len` bytes plus a newline before the deadline. */
enum bot_status bot_write_line(struct bot *bot, const char *line, size_t len,
			       int64_t deadline_ns);

/* Reads the next line (without its newline, NUL-terminated, valid until
 * the next call on this bot) before the deadline.  A line that passes
 * limits.max_line is BOT_TOO_LONG as soon as the limit is passed, without
 * waiting for its end.  Output after the line stays buffered. */
enum bot_status bot_read_line(struct bot *bot, int64_t deadline_ns,
			      const char **line, size_t *len);

/* True when the bot has written to stdout while nobody asked: bytes left
 * over after the last line read, or bytes waiting in the pipe now. */
bool bot_has_unsolicited_output(struct bot *bot);

/* Splits a command line as bot_spawn does; the words array ends with
 * NULL.  Returns the word count, or -1 with a message in err. */
int bot_split_command(const char *command, char ***words, char *err);
void bot_free_words(char **words);

/* Resolves a program name to a path (PATH lookup for names without '/'),
 * as bot_spawn does.  Returns a new string or NULL with a message in err. */
char *bot_resolve_program(const char *name, char *err);

/* Checks that bot_spawn can run a bot in a sandbox here, by running
 * `true` in one: bubblewrap is installed and can create its namespaces.
 * 0, or -1 with a message in err that says how to install bubblewrap or
 * to pass --no-sandbox, with bwrap's own words when it failed. */
int bot_sandbox_check(char *err);

/* Sends SIGKILL to the process group of every bot this process has
 * started and not yet reaped.  Async-signal-safe: for a signal handler
 * that must not leave a bot's children behind. */
void bot_kill_all(void);

/* Writes `line` and a newline to the bot's stderr file, after whatever
 * the bot wrote so far (not counted against limits.max_stderr, and not
 * written once the file was cut there): the referee's marks between
 * games. */
void bot_stderr_note(struct bot *bot, const char *line);

pid_t bot_pid(const struct bot *bot);

/* Ends the bot: SIGTERM to its process group, up to `grace_ms` for it to
 * exit, then SIGKILL to the group; reaps it and, without the sandbox,
 * kills and reaps this process's children that are not bots (what bots
 * left behind with setsid).  Safe to call twice. */
void bot_terminate(struct bot *bot, int grace_ms);

/* How the process ended, e.g. "exited with status 3" or "was killed by
 * signal 11 (Segmentation fault)"; waits up to `wait_ms` for it to end,
 * otherwise says "is still running". */
void bot_describe_exit(struct bot *bot, int wait_ms, char *buf, size_t len);

/* Terminates (grace as bot_terminate) if needed and frees everything. */
void bot_free(struct bot *bot, int grace_ms);

#endif
