/*
 * Unit tests for bot.h (bot.c, bot_spawn.c, bot_command.c) with real
 * child processes (sh, cat, sleep, yes as bots): command splitting and
 * PATH lookup with their exact messages, spawn failures, line I/O against
 * absolute deadlines, every fault a bot can commit (silence, slow pieces,
 * huge lines, early exit, a grandchild holding the pipes, ignoring
 * SIGTERM, flooding stderr, unsolicited output, CPU spinning), and that
 * nothing is left behind: no process, no zombie, no fd.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/files.h"
#include "base/util.h"
#include "bot/bot.h"
#include "bot/bot_private.h"
#include "bot/stderr_marks.h"
#include "run_suite.h"

#define MS 1000000LL

static char tmpdir[64];

/* One line to the bot, as the referee writes its lines. */
static enum bot_status write_line(struct bot *bot, const char *line, size_t len,
				  int64_t deadline_ns)
{
	return bot_write_lines(bot, &(struct iovec){ (void *)line, len }, 1, deadline_ns);
}

static void setup(void)
{
	signal(SIGPIPE, SIG_IGN);
	strcpy(tmpdir, "/tmp/check_bot.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void teardown(void)
{
	files_remove_tree(tmpdir);
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * MS };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static int64_t ms_since(int64_t start)
{
	return (now_ns() - start) / MS;
}

/* A path inside this test's temporary directory. */
static const char *tmp_path(const char *name)
{
	static char path[2][128];
	static int which;

	which ^= 1;
	snprintf(path[which], sizeof path[which], "%s/%s", tmpdir, name);
	return path[which];
}

static void write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	chmod(path, mode);
}

/* The bot's words in its stderr file at `path`: what follows the line
 * the referee opens such a file with (bot/stderr_marks.h). */
static char *slurp(const char *path)
{
	static const char head[] = STDERR_MARK_FILE "\n";
	FILE *f = fopen(path, "r");
	char *text = xmalloc(1 << 16);
	size_t skip = 1 + strlen(head);

	ck_assert_ptr_nonnull(f);
	text[fread(text, 1, (1 << 16) - 1, f)] = '\0';
	fclose(f);
	ck_assert(text[0] == STDERR_REFEREE && !strncmp(text + 1, head, strlen(head)));
	memmove(text, text + skip, strlen(text + skip) + 1);
	return text;
}

static struct bot_spec spec_for(const char *command)
{
	return (struct bot_spec){ .command = command,
				  .limits = { .max_line = 1 << 20,
					      .max_stderr = 1 << 16 } };
}

static struct bot *spawn_spec(const struct bot_spec *spec)
{
	char err[ERR_LEN] = "";
	struct bot *bot = bot_spawn(spec, err);

	ck_assert_msg(bot != NULL, "spawn '%s': %s", spec->command, err);
	return bot;
}

static struct bot *spawn(const char *command)
{
	struct bot_spec spec = spec_for(command);

	return spawn_spec(&spec);
}

static void spawn_fails(const struct bot_spec *spec, const char *message)
{
	char err[ERR_LEN] = "";

	ck_assert_ptr_null(bot_spawn(spec, err));
	ck_assert_str_eq(err, message);
}

static void expect_line(struct bot *bot, const char *want)
{
	const char *line = NULL;
	size_t len = 0;

	ck_assert_int_eq(bot_read_line(bot, &(struct bot_deadline){ now_ns() + 3000 * MS, 0 }, &line, &len),
			 BOT_OK);
	ck_assert_uint_eq(len, strlen(want));
	ck_assert_str_eq(line, want);
}

static enum bot_status read_status(struct bot *bot, int64_t deadline_ns)
{
	const char *line;
	size_t len;

	return bot_read_line(bot, &(struct bot_deadline){ deadline_ns, 0 }, &line, &len);
}

static void expect_exit(struct bot *bot, int wait_ms, const char *want)
{
	char buf[128];

	bot_describe_exit(bot, wait_ms, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}

/* True once pid is gone or a zombie (nobody may reap orphans here). */
static bool process_gone(pid_t pid, int wait_ms)
{
	for (int64_t start = now_ns(); ms_since(start) < wait_ms; sleep_ms(10)) {
		char path[64], text[256] = "";
		FILE *f;
		char *paren;

		snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
		if (!(f = fopen(path, "r")))
			return true;
		paren = fgets(text, sizeof text, f) ? strrchr(text, ')') : NULL;
		fclose(f);
		if (paren && (paren[2] == 'Z' || paren[2] == 'X'))
			return true;
	}
	return false;
}

static int count_fds(void)
{
	DIR *dir = opendir("/proc/self/fd");
	int n = 0;

	ck_assert_ptr_nonnull(dir);
	while (readdir(dir))
		n++;
	closedir(dir);
	return n;
}

static const struct {
	const char *command;
	const char *words[6];
} split_cases[] = {
	{ "a b  c", { "a", "b", "c" } },
	{ " \t lead\ttrail \n", { "lead", "trail" } },
	{ "python3 bot.py --depth 3", { "python3", "bot.py", "--depth", "3" } },
	{ "'a b' c", { "a b", "c" } },
	{ "'' x \"\"", { "", "x", "" } },
	{ "a'b'\"c\"d", { "abcd" } },
	{ "'$HOME \\ \" *'", { "$HOME \\ \" *" } },
	{ "\"a \\\" \\\\ \\$ \\` \\n 'q'\"", { "a \" \\ $ ` \\n 'q'" } },
	{ "\"line\\\ncont\"", { "linecont" } },
	{ "a\\ b \\'x\\\" \\\\", { "a b", "'x\"", "\\" } },
	{ "$HOME ~ *.py ; |", { "$HOME", "~", "*.py", ";", "|" } },
};

START_TEST(split_words)
{
	for (size_t i = 0; i < sizeof split_cases / sizeof *split_cases; i++) {
		char err[ERR_LEN] = "", **words;
		int n = bot_split_command(split_cases[i].command, &words, err);
		int want = 0;

		while (split_cases[i].words[want])
			want++;
		ck_assert_msg(n == want, "%s: %d words (%s)",
			      split_cases[i].command, n, err);
		for (int j = 0; j < n; j++)
			ck_assert_str_eq(words[j], split_cases[i].words[j]);
		ck_assert_ptr_null(words[n]);
		strings_free(words);
	}
}
END_TEST

static const struct {
	const char *command;
	const char *message;
} split_errors[] = {
	{ "", "the bot command is empty" },
	{ " \t\n ", "the bot command is empty" },
	{ "python3 \"abc",
	  "'python3 \"abc': unterminated double quote in the bot command" },
	{ "x \"a\\\"", "'x \"a\\\"': unterminated double quote in the bot command" },
	{ "echo 'abc", "'echo 'abc': unterminated single quote in the bot command" },
	{ "echo abc\\", "'echo abc\\': trailing backslash in the bot command" },
};

START_TEST(split_rejects)
{
	for (size_t i = 0; i < sizeof split_errors / sizeof *split_errors; i++) {
		char err[ERR_LEN] = "", **words = NULL;

		ck_assert_int_eq(bot_split_command(split_errors[i].command,
						   &words, err), -1);
		ck_assert_ptr_null(words);
		ck_assert_str_eq(err, split_errors[i].message);
	}
}
END_TEST

static void resolve_fails(const char *name, const char *message)
{
	char err[ERR_LEN] = "";

	ck_assert_ptr_null(bot_resolve_program(name, NULL, err));
	ck_assert_str_eq(err, message);
}

START_TEST(resolve_program)
{
	char err[ERR_LEN] = "", want[256], *path;
	const char *tool = tmp_path("tool"), *text = tmp_path("text");
	char *saved_path = xstrdup(getenv("PATH"));

	write_file(tool, "#!/bin/sh\necho tool\n", 0755);
	write_file(text, "not a program\n", 0644);
	path = bot_resolve_program("/bin/sh", NULL, err);
	ck_assert_str_eq(path, "/bin/sh");
	free(path);

	resolve_fails("no-such-program-xyz",
		      "program 'no-such-program-xyz' not found in PATH");
	resolve_fails("/nonexistent/x",
		      "cannot run '/nonexistent/x': No such file or directory");
	snprintf(want, sizeof want, "cannot run '%s': Is a directory", tmpdir);
	resolve_fails(tmpdir, want);
	snprintf(want, sizeof want, "cannot run '%s': Permission denied", text);
	resolve_fails(text, want);

	/* Entries in order; missing or empty ones and non-executable files
	 * are skipped. */
	snprintf(want, sizeof want, "/nonexistent::%s:/bin", tmpdir);
	setenv("PATH", want, 1);
	path = bot_resolve_program("tool", NULL, err);
	ck_assert_str_eq(path, tool);
	free(path);
	path = bot_resolve_program("sh", NULL, err);
	ck_assert_str_eq(path, "/bin/sh");
	free(path);
	resolve_fails("text", "program 'text' not found in PATH");

	unsetenv("PATH");
	path = bot_resolve_program("sh", NULL, err);
	ck_assert_msg(path && (!strcmp(path, "/usr/bin/sh") ||
			       !strcmp(path, "/bin/sh")), "%s", err);
	free(path);
	setenv("PATH", saved_path, 1);
	free(saved_path);
}
END_TEST

START_TEST(spawn_errors)
{
	struct bot_spec spec = spec_for("no-such-program-xyz --flag");
	const char *const bad_env[] = { "NO-NAME=1", NULL };
	char want[256];
	const char *text = tmp_path("text"), *junk = tmp_path("junk");

	write_file(text, "#!/bin/sh\necho hi\n", 0644);
	write_file(junk, "just some text\n", 0755);
	spawn_fails(&spec, "program 'no-such-program-xyz' not found in PATH");
	spec.command = "python3 \"abc";
	spawn_fails(&spec,
		    "'python3 \"abc': unterminated double quote in the bot command");
	spec.command = "/nonexistent/bot";
	spawn_fails(&spec,
		    "cannot run '/nonexistent/bot': No such file or directory");
	spec.command = text;
	snprintf(want, sizeof want, "cannot run '%s': Permission denied", text);
	spawn_fails(&spec, want);

	/* These are found by exec in the child and reported over the pipe. */
	spec.command = junk;
	snprintf(want, sizeof want, "cannot run '%s': Exec format error", junk);
	spawn_fails(&spec, want);
	/* valgrind 3.19 cannot survive this failed exec in the child. */
	if (!strstr(getenv("LD_PRELOAD") ? getenv("LD_PRELOAD") : "",
		    "vgpreload")) {
		write_file(junk, "#!/nonexistent/python\n", 0755);
		snprintf(want, sizeof want, "cannot run '%s': No such file or "
			 "directory (is the interpreter in its #! line "
			 "installed?)", junk);
		spawn_fails(&spec, want);
	}
	spec.command = "true";
	spec.workdir = "/nonexistent/dir";
	spawn_fails(&spec, "cannot enter working directory '/nonexistent/dir': "
		    "No such file or directory");
	spec.workdir = spec.command_dir = tmpdir;
	spec.command = "./missing";
	snprintf(want, sizeof want, "cannot run './missing' (read as %s/missing): No "
		 "such file or directory", tmpdir);
	spawn_fails(&spec, want);
	spec.command = "./text";
	snprintf(want, sizeof want, "cannot run './text' (read as %s/text): "
		 "Permission denied", tmpdir);
	spawn_fails(&spec, want);

	spec.command = "true";
	spec.workdir = spec.command_dir = NULL;
	spec.env = bad_env;
	spawn_fails(&spec, "bad environment entry 'NO-NAME=1': expected "
		    "NAME=VALUE, or NAME to pass the referee's");
	spec.env = NULL;
	spec.stderr_path = "/nonexistent/err.log";
	spawn_fails(&spec, "cannot open the stderr log '/nonexistent/err.log': "
		    "No such file or directory");
}
END_TEST

START_TEST(echo_round_trip)
{
	static const char *const lines[] = { "hello", "", "{\"a\": [1, 2]}",
					     "crlf\r", "  spaces  " };
	struct bot *bot = spawn("cat");
	char *big = xmalloc(100001);

	ck_assert_int_gt(bot->pid, 0);
	ck_assert_int_eq(getpgid(bot->pid), bot->pid);
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
		ck_assert_int_eq(write_line(bot, lines[i], strlen(lines[i]),
						now_ns() + 1000 * MS), BOT_OK);
		expect_line(bot, lines[i]);
		ck_assert(!bot_has_unsolicited_output(bot));
	}
	/* Longer than the pipe: written in pieces. */
	memset(big, 'x', 100000);
	big[100000] = '\0';
	ck_assert_int_eq(write_line(bot, big, 100000, now_ns() + 2000 * MS),
			 BOT_OK);
	expect_line(bot, big);
	free(big);
	bot_free(bot, 1000);
}
END_TEST

/* Lines written together come back each whole and in order, one of them
 * longer than the pipe (the write is taken in pieces across them). */
START_TEST(lines_in_one_write)
{
	struct bot *bot = spawn("cat");
	char *big = xmalloc(100001);
	struct iovec lines[3] = { { "{\"type\":\"start\"}", 16 }, { big, 100000 },
				  { "last", 4 } };

	memset(big, 'y', 100000);
	big[100000] = '\0';
	ck_assert_int_eq(bot_write_lines(bot, lines, 3, now_ns() + 2000 * MS),
			 BOT_OK);
	expect_line(bot, "{\"type\":\"start\"}");
	expect_line(bot, big);
	expect_line(bot, "last");
	ck_assert(!bot_has_unsolicited_output(bot));
	free(big);
	bot_free(bot, 1000);
}
END_TEST

START_TEST(relative_program_in_workdir)
{
	struct bot_spec spec = spec_for("./run.sh 'an arg'");
	struct bot *bot;

	write_file(tmp_path("run.sh"), "#!/bin/sh\necho \"ran $1\"\n", 0755);
	spec.workdir = spec.command_dir = tmpdir;
	bot = spawn_spec(&spec);
	expect_line(bot, "ran an arg");
	bot_free(bot, 100);
}
END_TEST

START_TEST(silent_bot_times_out)
{
	struct bot *bot = spawn("sleep 10");
	int64_t deadline = now_ns() + 200 * MS;

	ck_assert_int_eq(read_status(bot, deadline), BOT_TIMEOUT);
	ck_assert_int_ge(now_ns(), deadline);
	ck_assert_int_lt(now_ns() - deadline, 100 * MS);
	bot_free(bot, 100);
}
END_TEST

START_TEST(write_times_out)
{
	struct bot *bot = spawn("sleep 10");
	int64_t deadline = now_ns() + 200 * MS;
	char *big = xcalloc(1, 1 << 20);

	ck_assert_int_eq(write_line(bot, big, 1 << 20, deadline), BOT_TIMEOUT);
	ck_assert_int_ge(now_ns(), deadline);
	ck_assert_int_lt(now_ns() - deadline, 100 * MS);
	free(big);
	bot_free(bot, 100);
}
END_TEST

START_TEST(deadline_is_absolute)
{
	struct bot *bot = spawn("sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do "
				"printf x; sleep 0.05; done; echo'");
	int64_t deadline = now_ns() + 200 * MS;

	ck_assert_int_eq(read_status(bot, deadline), BOT_TIMEOUT);
	ck_assert_int_lt(now_ns() - deadline, 100 * MS);
	/* The pieces already read are kept. */
	expect_line(bot, "xxxxxxxxxx");
	bot_free(bot, 100);
}
END_TEST

START_TEST(line_too_long)
{
	struct bot_spec spec = spec_for("printf '12345\\n123456\\n'");
	struct bot *bot;
	int64_t start;

	spec.limits.max_line = 5;
	bot = spawn_spec(&spec);
	expect_line(bot, "12345");
	ck_assert_int_eq(read_status(bot, now_ns() + 1000 * MS), BOT_TOO_LONG);
	bot_free(bot, 100);

	spec.command = "head -c 10000000 /dev/zero";
	spec.limits.max_line = 1 << 16;
	bot = spawn_spec(&spec);
	start = now_ns();
	ck_assert_int_eq(read_status(bot, now_ns() + 5000 * MS), BOT_TOO_LONG);
	ck_assert_int_lt(ms_since(start), 1000);
	bot_free(bot, 100);
}
END_TEST

START_TEST(closed_when_bot_exits)
{
	struct bot *bot = spawn("true");

	ck_assert_int_eq(read_status(bot, now_ns() + 2000 * MS), BOT_CLOSED);
	expect_exit(bot, 1000, "exited with status 0");
	ck_assert_int_eq(write_line(bot, "x", 1, now_ns() + 1000 * MS),
			 BOT_CLOSED);
	bot_free(bot, 100);

	bot = spawn("printf partial");
	ck_assert_int_eq(read_status(bot, now_ns() + 2000 * MS), BOT_CLOSED);
	bot_free(bot, 100);

	bot = spawn("echo last");
	expect_line(bot, "last");
	ck_assert_int_eq(read_status(bot, now_ns() + 2000 * MS), BOT_CLOSED);
	bot_free(bot, 100);
}
END_TEST

START_TEST(closed_despite_grandchild)
{
	struct bot *bot = spawn("sh -c 'sleep 30 & echo $!; exit 0'");
	int64_t start = now_ns();
	const char *line;
	size_t len;
	pid_t grandchild, group = bot->pid;

	ck_assert_int_eq(bot_read_line(bot, &(struct bot_deadline){ now_ns() + 2000 * MS, 0 }, &line, &len),
			 BOT_OK);
	grandchild = atoi(line);
	ck_assert_int_gt(grandchild, 0);
	ck_assert_int_eq(read_status(bot, now_ns() + 5000 * MS), BOT_CLOSED);
	ck_assert_int_lt(ms_since(start), 1000);
	ck_assert_int_eq(getpgid(grandchild), group);
	bot_terminate(bot, 100);
	ck_assert(process_gone(grandchild, 1000));
	ck_assert_int_lt(ms_since(start), 2000);
	bot_free(bot, 100);

	/* A write blocked on a pipe a grandchild holds open ends too. */
	bot = spawn("sh -c 'exec 3<&0; sleep 30 <&3 3<&- & exit 0'");
	start = now_ns();
	line = xcalloc(1, 1 << 20);
	ck_assert_int_eq(write_line(bot, line, 1 << 20, now_ns() + 5000 * MS),
			 BOT_CLOSED);
	ck_assert_int_lt(ms_since(start), 1000);
	free((char *)line);
	bot_free(bot, 100);
}
END_TEST

START_TEST(terminate_ignoring_sigterm)
{
	struct bot *bot = spawn("sh -c 'trap \"\" TERM; echo ready; "
				"while :; do sleep 1; done'");
	int64_t start;

	expect_line(bot, "ready");
	expect_exit(bot, 0, "is still running");
	start = now_ns();
	bot_terminate(bot, 300);
	/* Killed at the grace's end: the bounds leave room for a loaded
	 * machine, not for a wait without end. */
	ck_assert_int_ge(ms_since(start), 300);
	ck_assert_int_lt(ms_since(start), 1500);
	expect_exit(bot, 0, "was killed by signal 9 (Killed)");
	bot_terminate(bot, 300);
	bot_free(bot, 300);

	/* A bot that obeys SIGTERM does not make us wait for the grace. */
	bot = spawn("sleep 10");
	start = now_ns();
	bot_terminate(bot, 5000);
	ck_assert_int_lt(ms_since(start), 2000);
	expect_exit(bot, 0, "was killed by signal 15 (Terminated)");
	bot_free(bot, 100);
}
END_TEST

START_TEST(parent_death_kills_bot)
{
	int fds[2];
	pid_t child, bot_pid_seen = 0;

	ck_assert_int_eq(pipe(fds), 0);
	child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		struct bot_spec spec = spec_for("sleep 30");
		char err[ERR_LEN];
		struct bot *bot = bot_spawn(&spec, err);
		pid_t pid = bot ? bot->pid : 0;

		_exit(write(fds[1], &pid, sizeof pid) == sizeof pid ? 0 : 1);
	}
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &bot_pid_seen, sizeof bot_pid_seen),
			 sizeof bot_pid_seen);
	close(fds[0]);
	waitpid(child, NULL, 0);
	ck_assert_int_gt(bot_pid_seen, 0);
	ck_assert(process_gone(bot_pid_seen, 1000));
}
END_TEST

/* The bot writes 1 MB to stderr before it answers: it would block for
 * good if the referee did not drain stderr while waiting for the line. */
START_TEST(stderr_capped)
{
	static const char marker[] = "\n[stderr truncated after 1000 bytes]\n";
	struct bot_spec spec = spec_for("sh -c 'read x; yes flood | "
					"head -c 1000000 >&2; echo \"$x\"'");
	const char *log = tmp_path("err.log");
	struct bot *bot;
	char *text;

	spec.stderr_path = log;
	spec.limits.max_stderr = 1000;
	bot = spawn_spec(&spec);
	ck_assert_int_eq(write_line(bot, "ping", 4, now_ns() + 1000 * MS),
			 BOT_OK);
	expect_line(bot, "ping");
	bot_free(bot, 100);
	text = slurp(log);
	ck_assert_uint_eq(strlen(text), 1000 + strlen(marker));
	ck_assert(!strncmp(text, "flood\nflood\n", 12));
	ck_assert_str_eq(text + 1000 - 4, "floo\n[stderr truncated after 1000 "
			 "bytes]\n");
	free(text);

	/* Without a log, stderr is still drained. */
	spec.stderr_path = NULL;
	bot = spawn_spec(&spec);
	ck_assert_int_eq(write_line(bot, "pong", 4, now_ns() + 1000 * MS),
			 BOT_OK);
	expect_line(bot, "pong");
	bot_free(bot, 100);

	/* An endless flood does not hold up the answer or the end. */
	spec.command = "sh -c 'yes >&2 & read x; sleep 0.1; echo \"$x\"; wait'";
	spec.stderr_path = log = tmp_path("err2.log");
	bot = spawn_spec(&spec);
	ck_assert_int_eq(write_line(bot, "again", 5, now_ns() + 1000 * MS),
			 BOT_OK);
	expect_line(bot, "again");
	bot_free(bot, 100);
	text = slurp(log);
	ck_assert_str_eq(text + 1000 - 4, "y\ny\n[stderr truncated after 1000 "
			 "bytes]\n");
	free(text);
}
END_TEST

START_TEST(stderr_last_words)
{
	struct bot_spec spec = spec_for("sh -c 'echo oops >&2; echo done; "
					"echo last words >&2; exit 1'");
	const char *log = tmp_path("err.log");
	struct bot *bot;
	char *text;

	spec.stderr_path = log;
	bot = spawn_spec(&spec);
	expect_line(bot, "done");
	ck_assert_int_eq(read_status(bot, now_ns() + 2000 * MS), BOT_CLOSED);
	bot_free(bot, 100);
	text = slurp(log);
	ck_assert_str_eq(text, "oops\nlast words\n");
	free(text);
}
END_TEST

START_TEST(unsolicited_output)
{
	struct bot *bot = spawn("printf 'one\\ntwo\\n'");

	expect_line(bot, "one");
	ck_assert(bot_has_unsolicited_output(bot));
	expect_line(bot, "two");
	bot_free(bot, 100);

	/* Bytes still in the pipe count, and are not lost. */
	bot = spawn("sh -c 'echo one; sleep 0.1; echo two; sleep 10'");
	expect_line(bot, "one");
	ck_assert(!bot_has_unsolicited_output(bot));
	sleep_ms(300);
	ck_assert(bot_has_unsolicited_output(bot));
	ck_assert(bot_has_unsolicited_output(bot));
	expect_line(bot, "two");
	ck_assert(!bot_has_unsolicited_output(bot));
	bot_free(bot, 100);
}
END_TEST

START_TEST(describe_exit)
{
	struct bot *bot = spawn("sh -c 'exit 3'");

	expect_exit(bot, 2000, "exited with status 3");
	bot_terminate(bot, 100);
	expect_exit(bot, 0, "exited with status 3");
	bot_free(bot, 100);

	bot = spawn("sh -c 'kill -SEGV $$'");
	expect_exit(bot, 2000, "was killed by signal 11 (Segmentation fault)");
	bot_free(bot, 100);

	bot = spawn("sleep 10");
	expect_exit(bot, 50, "is still running");
	bot_free(bot, 100);
}
END_TEST

START_TEST(no_leaks)
{
	struct bot_spec spec = spec_for("cat");
	int before = count_fds();

	spec.stderr_path = tmp_path("err.log");
	for (int i = 0; i < 50; i++) {
		struct bot *bot = spawn_spec(&spec);

		ck_assert_int_eq(write_line(bot, "x", 1, now_ns() + 1000 * MS),
				 BOT_OK);
		expect_line(bot, "x");
		bot_free(bot, 100);
	}
	spec.workdir = "/nonexistent/dir";
	for (int i = 0; i < 10; i++)
		spawn_fails(&spec, "cannot enter working directory "
			    "'/nonexistent/dir': No such file or directory");
	ck_assert_int_eq(count_fds(), before);
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
}
END_TEST

/* Every fd the referee holds for a bot is close-on-exec, so no bot
 * inherits another's pipes. */
START_TEST(fds_close_on_exec)
{
	struct bot_spec spec = spec_for("cat");
	bool before[256];
	struct bot *bot;
	int added = 0;

	for (int fd = 0; fd < 256; fd++)
		before[fd] = fcntl(fd, F_GETFD) >= 0;
	spec.stderr_path = tmp_path("err.log");
	bot = spawn_spec(&spec);
	for (int fd = 0; fd < 256; fd++) {
		int flags = fcntl(fd, F_GETFD);

		if (flags < 0 || before[fd])
			continue;
		ck_assert_msg(flags & FD_CLOEXEC, "fd %d not close-on-exec", fd);
		added++;
	}
	ck_assert_int_ge(added, 4); /* 5 with a pidfd */
	bot_free(bot, 100);
}
END_TEST

/* The bot starts with no blocked and no ignored signals, whatever ours.
 * Signals 32 and 33 are glibc's own (sigaction refuses them), so whatever
 * started the test suite may have left them ignored: they are not ours to
 * reset and not checked. */
START_TEST(signals_reset)
{
	const char *line = NULL;
	unsigned long long ignored;
	size_t len;
	struct bot *bot;
	sigset_t set;

	signal(SIGUSR1, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	bot = spawn("grep -E ^Sig(Blk|Ign) /proc/self/status");
	expect_line(bot, "SigBlk:\t0000000000000000");
	ck_assert_int_eq(bot_read_line(bot, &(struct bot_deadline){ now_ns() + 3000 * MS, 0 }, &line, &len),
			 BOT_OK);
	ck_assert_int_eq(sscanf(line, "SigIgn: %llx", &ignored), 1);
	ck_assert_uint_eq(ignored & ~(3ULL << 31), 0);
	bot_free(bot, 100);
}
END_TEST

START_TEST(environment)
{
	const char *const env[] = { "ARENA_EXTRA=hello world",
				    "ARENA_OVERRIDE=new", NULL };
	struct bot_spec spec = spec_for("sh -c 'echo \"$ARENA_EXTRA|"
					"$ARENA_OVERRIDE\"; env | grep -c "
					"^ARENA_OVERRIDE='");
	struct bot *bot;

	setenv("ARENA_OVERRIDE", "old", 1);
	spec.env = env;
	bot = spawn_spec(&spec);
	expect_line(bot, "hello world|new");
	expect_line(bot, "1");
	bot_free(bot, 100);
}
END_TEST

START_TEST(working_directory)
{
	struct bot_spec spec = spec_for("pwd -P");
	char real[PATH_MAX];
	struct bot *bot;

	ck_assert_ptr_nonnull(realpath(tmpdir, real));
	spec.workdir = tmpdir;
	bot = spawn_spec(&spec);
	expect_line(bot, real);
	bot_free(bot, 100);
}
END_TEST

START_TEST(resource_limits)
{
	struct bot_spec spec = spec_for("sh -c 'ulimit -t'");
	struct bot *bot;
	char buf[128];

	spec.limits.cpu_seconds = 7;
	bot = spawn_spec(&spec);
	expect_line(bot, "7");
	bot_free(bot, 100);

	/* Shells disagree on ulimit's letter for processes. */
	spec.command = "awk '/Max processes/ { print $3, $4 }' /proc/self/limits";
	spec.limits.processes = 300;
	bot = spawn_spec(&spec);
	expect_line(bot, "300 300");
	bot_free(bot, 100);
	spec.limits.processes = 0;

	/* The kernel stops it after one second of CPU time, however long
	 * that takes on a busy machine: SIGXCPU, or the SIGKILL a second
	 * of CPU later. */
	spec.command = "sh -c 'while :; do :; done'";
	spec.limits.cpu_seconds = 1;
	bot = spawn_spec(&spec);
	bot_describe_exit(bot, 20000, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "was killed by signal 24 (") ||
		      strstr(buf, "was killed by signal 9 ("), "%s", buf);
	bot_free(bot, 100);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("bot");
	TCase *tc = tcase_create("bot");

	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, split_words);
	tcase_add_test(tc, split_rejects);
	tcase_add_test(tc, resolve_program);
	tcase_add_test(tc, spawn_errors);
	tcase_add_test(tc, echo_round_trip);
	tcase_add_test(tc, lines_in_one_write);
	tcase_add_test(tc, relative_program_in_workdir);
	tcase_add_test(tc, silent_bot_times_out);
	tcase_add_test(tc, write_times_out);
	tcase_add_test(tc, deadline_is_absolute);
	tcase_add_test(tc, line_too_long);
	tcase_add_test(tc, closed_when_bot_exits);
	tcase_add_test(tc, closed_despite_grandchild);
	tcase_add_test(tc, terminate_ignoring_sigterm);
	tcase_add_test(tc, parent_death_kills_bot);
	tcase_add_test(tc, stderr_capped);
	tcase_add_test(tc, stderr_last_words);
	tcase_add_test(tc, unsolicited_output);
	tcase_add_test(tc, describe_exit);
	tcase_add_test(tc, no_leaks);
	tcase_add_test(tc, fds_close_on_exec);
	tcase_add_test(tc, signals_reset);
	tcase_add_test(tc, environment);
	tcase_add_test(tc, working_directory);
	tcase_add_test(tc, resource_limits);
	suite_add_tcase(s, tc);
	return s;
}
