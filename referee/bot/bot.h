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
#include <sys/uio.h>

#include "bot_types.h"

struct bot;

/* Starts the bot.  Returns NULL with a precise message in err (ERR_LEN
 * bytes) when the command is empty or badly quoted, the program is not
 * found or not executable, the working directory is missing, or exec
 * fails (the child reports errno over a close-on-exec pipe). */
struct bot *bot_spawn(const struct bot_spec *spec, char *err);

/* The most lines bot_write_lines() writes at once. */
#define BOT_LINES_MOST 4

/* Writes `count` lines (BOT_LINES_MOST at most), each followed by a
 * newline, in one write where the pipe takes them, before the deadline;
 * each line is a reply due.  BOT_CONTAINMENT when the bot's last freeze
 * did not hold, BOT_MEMORY_HELD when the fallback found its processes
 * holding more than its memory together (either way it was killed). */
enum bot_status bot_write_lines(struct bot *bot, const struct iovec *lines,
				int count, int64_t deadline_ns);

/* Reads the next line (without its newline, NUL-terminated, valid until
 * the next call on this bot) before the deadline.  A line that passes
 * limits.max_line is BOT_TOO_LONG as soon as the limit is passed, without
 * waiting for its end.  Output after the line stays buffered.  A
 * contained bot that went past its memory or process limit is
 * BOT_OUT_OF_MEMORY or BOT_TOO_MANY_PROCESSES, whatever it replied; one
 * whose reply came after the CPU time of `deadline` is BOT_CPU_TIMEOUT,
 * whatever was in the pipe; one whose last freeze did not hold is
 * BOT_CONTAINMENT, one the fallback found holding too much memory (read
 * at each stop, and every BOT_MEMORY_EVERY_MS while it runs)
 * BOT_MEMORY_HELD. */
enum bot_status bot_read_line(struct bot *bot, const struct bot_deadline *deadline,
			      const char **line, size_t *len);

/* The CPU time a contained bot's group used on the last line read (see
 * struct bot_deadline); 0 for a bot that is not contained. */
int64_t bot_reply_cpu_ns(const struct bot *bot);

/* Freezes a contained bot that has no reply due (unless it may ponder)
 * once it has been idle for 4 ms without a message, while the
 * referee waits for another bot (bot_freeze.c says why it waits): it
 * gets no CPU until its next message, which thaws it. */
void bot_idle(struct bot *bot);

/* True when the bot has written to stdout while nobody asked: bytes left
 * over after the last line read, or bytes waiting in the pipe now. */
bool bot_has_unsolicited_output(struct bot *bot);

/* Splits a command line as bot_spawn does; the words array ends with
 * NULL.  Returns the word count, or -1 with a message in err. */
int bot_split_command(const char *command, char ***words, char *err);

/* A list of words, NULL-ended (strings_free() frees it), made a word at
 * a time: a command, an environment.  Zeroed, it is empty. */
struct bot_words {
	char **list;
	size_t count;
};

/* Adds a copy of `word` at the end. */
void bot_words_push(struct bot_words *w, const char *word);

/* Resolves a program name to a path: PATH lookup for names without '/',
 * else relative to `dir` (NULL: the current folder), as bot_spawn does.
 * Returns a new string or NULL with a message in err. */
char *bot_resolve_program(const char *name, const char *dir, char *err);

/* The system folders, the programs and libraries every sandboxed bot
 * sees, read-only: "/usr" first, which every system has, then the
 * others; NULL-ended.  No bot's own folder is one of them. */
extern const char *const sandbox_system_folders[];

/* Whether `path` (absolute, real) lies in a system folder. */
bool sandbox_is_system(const char *path);

/* The folder `spec`'s command is read in: its command_dir, else the
 * folder it starts in when the run names one (--workdir), so that
 * `--workdir kim "java -cp . KimBot"` reads `.` as kim, as a tournament
 * entry with "workdir" does; NULL: the current folder. */
const char *bot_command_dir(const struct bot_spec *spec);

/* What bot_spawn runs for `spec`: its words (the program's path first
 * when the command gives one, the others absolute as bot_absolute_words()
 * makes them), the program's path, and the folder it starts in
 * (bot_spec.workdir, every symlink resolved; NULL: none).  0, or -1 with
 * err; whatever was set is the caller's to free (strings_free, free)
 * either way. */
int bot_prepare_command(const struct bot_spec *spec, char ***argv,
			char **program, char **workdir, char *err);

/* Checks that bot_spawn can run a bot in a sandbox here, by running
 * `true` in one: bubblewrap is installed and can create its namespaces.
 * 0, or -1 with a message in err that says how to install bubblewrap or
 * to pass --no-sandbox, with bwrap's own words when it failed. */
int bot_sandbox_check(char *err);

/* Sends SIGKILL to the process group of every bot this process has
 * started and not yet reaped.  Async-signal-safe: for a signal handler
 * that must not leave a bot's children behind. */
void bot_kill_all(void);

/* Writes `line` and a newline to the bot's stderr file, after the byte
 * that starts each line of the referee's there and that the bot's own
 * bytes never hold (stderr_marks.h; not counted against
 * limits.max_stderr, and not written once the file was cut there): the
 * referee's marks between games.  `after` puts it after
 * whatever the bot wrote so far (a process that played: its words of the
 * game before come first); otherwise before what is still unread (a new
 * process: what it said as it started follows the mark). */
void bot_stderr_note(struct bot *bot, const char *line, bool after);

/* Marks what the bot writes to stderr from now on with the line `fmt`
 * makes ("=== arena: move 12 ==="), written as bot_stderr_note() writes
 * it, before the first of it, if the bot writes anything: a reader can
 * tell which move each line came during, and a bot that says nothing
 * costs no line.  What the bot wrote before comes first, under the mark
 * before. */
#define BOT_MARK_MAX 64
void bot_stderr_mark(struct bot *bot, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Ends the bot: SIGTERM to its process group, up to `grace_ms` for it to
 * exit, then SIGKILL to the group; reaps it and, without the sandbox,
 * kills and reaps this process's children that are not bots (what bots
 * left behind with setsid).  Safe to call twice. */
void bot_terminate(struct bot *bot, int grace_ms);

/* How the process ended, e.g. "exited with status 3" or "was killed by
 * signal 11 (Segmentation fault)"; waits up to `wait_ms` for it to end,
 * otherwise says "is still running".  A responder that gave no reply
 * "resigned (end of input)". */
void bot_describe_exit(struct bot *bot, int wait_ms, char *buf, size_t len);

/* Terminates (grace as bot_terminate) if needed and frees everything.
 * False when a process of its control group was still there two seconds
 * after it was killed; true too when it had no group (limits.contain
 * off), of which nothing can be known. */
bool bot_free(struct bot *bot, int grace_ms);

#endif
