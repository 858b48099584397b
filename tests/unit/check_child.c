/*
 * Unit tests for child.c, the one runner of other programs: what a child
 * wrote is read back whole (stdout and stderr, or stderr to a file of its
 * own), its exit status or 128 + the signal that ended it, the folder and
 * TMPDIR it was given, its output to a file with the mode asked, a
 * program not found (127, and why, in its output), a process group of its
 * own, a wait that a signal interrupts, and a wall time past which the
 * child's group is killed (child_run_within()).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/child.h"
#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"
#include "run_suite.h"

/* `script` run by sh, its output captured: its status, its output in *out. */
static int sh(const char *script, char **out)
{
	char *argv[] = {"sh", "-c", (char *)script, NULL}, err[ERR_LEN];
	const struct child c = {.path = "sh", .argv = argv, .search = true, .capture = true};

	return child_run(&c, out, NULL, NULL, err);
}

START_TEST(output_and_status)
{
	char *out;

	ck_assert_int_eq(sh("echo out; echo err >&2; exit 3", &out), 3);
	ck_assert_str_eq(out, "out\nerr\n");
	free(out);
	ck_assert_int_eq(sh("kill -TERM $$", &out), 128 + SIGTERM);
	ck_assert_str_eq(out, "");
	free(out);
	/* More than a pipe holds: read while it runs. */
	ck_assert_int_eq(sh("head -c 200000 /dev/zero | tr '\\0' x", &out), 0);
	ck_assert_uint_eq(strlen(out), 200000);
	free(out);
}
END_TEST

START_TEST(not_found)
{
	char *argv[] = {"/nonexistent/program", NULL}, err[ERR_LEN], *out;
	const struct child c = {.path = argv[0], .argv = argv, .capture = true};

	ck_assert_int_eq(child_run(&c, &out, NULL, NULL, err), 127);
	ck_assert_str_eq(out, "cannot run /nonexistent/program: No such file or directory\n");
	free(out);
}
END_TEST

START_TEST(folder_tmpdir_and_files)
{
	char err[ERR_LEN], *dir = files_temp_dir("check-child", err);
	char *output = path_join(dir, "output"), *errors = path_join(dir, "errors");
	char *argv[] = {"sh", "-c", "pwd; echo \"$TMPDIR\"; echo e >&2", NULL};
	struct child c = {.path = "/bin/sh", .argv = argv, .dir = dir, .tmpdir = "/t",
			  .output = output, .output_mode = 0640};
	char *text, *want = xasprintf("%s\n/t\ne\n", dir);
	struct stat st;

	ck_assert_ptr_nonnull(dir);
	umask(022);
	ck_assert_int_eq(child_run(&c, NULL, NULL, NULL, err), 0);
	text = files_read_all(output, NULL);
	ck_assert_str_eq(text, want);
	ck_assert_int_eq(stat(output, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0640);
	free(text);
	/* stderr to a file of its own, stdout read. */
	c.output = NULL;
	c.capture = true;
	c.errors = errors;
	ck_assert_int_eq(child_run(&c, &text, NULL, NULL, err), 0);
	free(want);
	want = xasprintf("%s\n/t\n", dir);
	ck_assert_str_eq(text, want);
	free(text);
	text = files_read_all(errors, NULL);
	ck_assert_str_eq(text, "e\n");
	free(text);
	files_remove_tree(dir);
	free(want);
	free(output);
	free(errors);
	free(dir);
}
END_TEST

static pid_t started_pid;

static void note(pid_t pid, void *ctx)
{
	(void)ctx;
	started_pid = pid;
}

static void nothing(int sig)
{
	(void)sig;
}

/* A group of its own; the wait goes on through a signal that interrupts
 * it (an alarm while the child sleeps). */
START_TEST(own_group_and_interrupted_wait)
{
	char *argv[] = {"sh", "-c", "cut -d' ' -f5 /proc/$$/stat; sleep 0.3", NULL};
	char err[ERR_LEN], *out, *want;
	const struct child c = {.path = "sh", .argv = argv, .search = true,
				.capture = true, .own_group = true};
	struct sigaction on = {.sa_handler = nothing}, old;

	sigaction(SIGALRM, &on, &old);
	ualarm(100000, 0);
	ck_assert_int_eq(child_run(&c, &out, note, NULL, err), 0);
	sigaction(SIGALRM, &old, NULL);
	want = xasprintf("%d\n", (int)started_pid);
	ck_assert_str_eq(out, want);
	free(want);
	free(out);
}
END_TEST

/* Within its wall time a child ends as it would; past it, its group is
 * killed and the run says it was overdue. */
START_TEST(wall_time)
{
	char *quick[] = {"sh", "-c", "exit 3", NULL};
	char *slow[] = {"sh", "-c", "sleep 30; exit 0", NULL}, err[ERR_LEN];
	struct child c = {.path = "sh", .argv = quick, .search = true, .own_group = true};
	int64_t began = now_ns();
	bool overdue = true;

	ck_assert_int_eq(child_run_within(&c, 5, note, NULL, &overdue, err), 3);
	ck_assert(!overdue);
	c.argv = slow;
	ck_assert_int_eq(child_run_within(&c, 1, NULL, NULL, &overdue, err), 128 + SIGKILL);
	ck_assert(overdue);
	ck_assert_int_lt(now_ns() - began, 10 * (int64_t)1000000000);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("child");
	TCase *tc = tcase_create("run");

	tcase_add_test(tc, output_and_status);
	tcase_add_test(tc, not_found);
	tcase_add_test(tc, folder_tmpdir_and_files);
	tcase_add_test(tc, own_group_and_interrupted_wait);
	tcase_add_test(tc, wall_time);
	suite_add_tcase(s, tc);
	return s;
}
