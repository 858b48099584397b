/*
 * Unit tests for cgroup.c, cgroup_tree.c and cgroup_delegate.c on trees of
 * plain files laid out as the kernel lays out a cgroup v2 hierarchy (one
 * tree: cgroup.controllers, cgroup.subtree_control, memory.max, ...) and
 * the v1 hierarchies (a tree per controller: memory.limit_in_bytes,
 * freezer.state, ...).  The machine this project's CI runs on has only v1
 * controllers, which tests/e2e/containment.sh uses for real; the v2 code is
 * checked here, file by file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"
#include "bot/bot.h"
#include "bot/cgroup.h"
#include "run_suite.h"

static char root[64];

static void setup(void)
{
	snprintf(root, sizeof root, "/tmp/check-cgroup.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(root));
}

static void teardown(void)
{
	char command[128];

	snprintf(command, sizeof command, "rm -rf '%s'", root);
	ck_assert_int_eq(system(command), 0);
}

/* root/path, made with its parents. */
static void make_dirs(const char *path)
{
	char command[512];

	snprintf(command, sizeof command, "mkdir -p '%s%s'", root, path);
	ck_assert_int_eq(system(command), 0);
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The file's text, or "(none)". */
static const char *get(const char *dir, const char *name)
{
	static char text[256];
	char path[512];
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "r")))
		return "(none)";
	n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/* The folder of the one bot group made under `run`. */
static void bot_folder(const char *run, char *out, size_t size)
{
	char command[512];
	FILE *p;

	snprintf(command, sizeof command, "ls -d '%s'/bot-*", run);
	ck_assert_ptr_nonnull(p = popen(command, "r"));
	ck_assert_ptr_nonnull(fgets(out, (int)size, p));
	out[strcspn(out, "\n")] = '\0';
	pclose(p);
}

/* A delegated v2 group holding the referee alone. */
static void delegated_v2(const char *controllers)
{
	char own[256], pid[32];

	make_dirs("/user.slice/run-1.scope");
	snprintf(own, sizeof own, "%s/user.slice/run-1.scope", root);
	snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	put(own, "cgroup.controllers", controllers);
	put(own, "cgroup.subtree_control", "");
	put(own, "cgroup.procs", pid);
}

START_TEST(v2_referee_moves_into_a_leaf_beside_its_bots)
{
	struct cgroup_tree tree;
	char err[ERR_LEN] = "", own[256], run[300], pid[32];

	delegated_v2("cpuset cpu io memory pids\n");
	snprintf(own, sizeof own, "%s/user.slice/run-1.scope", root);
	snprintf(run, sizeof run, "%s/arena-%ld", own, (long)getpid());
	snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	ck_assert_int_eq(cgroup_tree_open(&tree, 2, root, "/user.slice/run-1.scope", err), 0);
	ck_assert_str_eq(err, "");
	ck_assert_int_eq(tree.version, 2);
	ck_assert_str_eq(tree.dir[0], run);
	/* The referee in a leaf of its own; the controllers on for the
	 * groups below its group and below the run's folder. */
	ck_assert_str_eq(get(run, "referee/cgroup.procs"), pid);
	ck_assert_str_eq(get(own, "cgroup.subtree_control"), "+memory +pids +cpu");
	ck_assert_str_eq(get(run, "cgroup.subtree_control"), "+memory +pids +cpu");
	cgroup_tree_close(&tree);
}
END_TEST

START_TEST(v2_group_limits_freeze_clock_breaches)
{
	const struct cgroup_limits limits = { 512ULL << 20, 20, 2 };
	struct cgroup_tree tree;
	struct cgroup *g;
	char err[ERR_LEN] = "", dir[512];
	pid_t child;
	int status;

	delegated_v2("cpu memory pids\n");
	ck_assert_int_eq(cgroup_tree_open(&tree, 2, root, "/user.slice/run-1.scope", err), 0);
	g = cgroup_create(&tree, &limits, err);
	ck_assert_msg(g != NULL, "%s", err);
	bot_folder(tree.dir[0], dir, sizeof dir);
	ck_assert_str_eq(get(dir, "memory.max"), "536870912");
	ck_assert_str_eq(get(dir, "memory.swap.max"), "0");
	ck_assert_str_eq(get(dir, "memory.oom.group"), "1");
	ck_assert_str_eq(get(dir, "pids.max"), "20");
	ck_assert_str_eq(get(dir, "cpu.max"), "200000 100000");

	/* The bot's first process enters it itself, between fork and exec. */
	child = fork();
	if (child == 0)
		_exit(cgroup_enter(g, true) == 0 ? 0 : 1);
	cgroup_entered(g);
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ck_assert_str_eq(get(dir, "cgroup.procs"), "0");
	ck_assert_str_eq(get(dir, "play/cgroup.procs"), "0");

	/* Only the bot's own part is frozen, not the sandbox's processes. */
	ck_assert_int_eq(cgroup_freeze(g, true), 0);
	ck_assert_str_eq(get(dir, "play/cgroup.freeze"), "1");
	ck_assert_int_eq(cgroup_freeze(g, false), 0);
	ck_assert_str_eq(get(dir, "play/cgroup.freeze"), "0");
	ck_assert_str_eq(get(dir, "cgroup.freeze"), "(none)");

	put(dir, "cpu.stat", "usage_usec 1234567\nuser_usec 1000000\nsystem_usec 234567\n");
	ck_assert_int_eq(cgroup_cpu_ns(g), 1234567000LL);
	put(dir, "cpu.stat", "usage_usec 2000000\nuser_usec 2000000\nsystem_usec 0\n");
	ck_assert_int_eq(cgroup_cpu_ns(g), 2000000000LL); /* read afresh */

	/* Reclaim at the limit ("max") and an OOM without a kill are not a
	 * breach; a process killed for memory is. */
	put(dir, "memory.events", "low 0\nhigh 0\nmax 7\noom 1\noom_kill 0\noom_group_kill 0\n");
	put(dir, "pids.events", "max 0\n");
	ck_assert_int_eq(cgroup_breach(g), CGROUP_WITHIN);
	put(dir, "pids.events", "max 3\n");
	ck_assert_int_eq(cgroup_breach(g), CGROUP_TOO_MANY_PROCESSES);
	put(dir, "memory.events", "low 0\nhigh 0\nmax 9\noom 2\noom_kill 1\noom_group_kill 1\n");
	ck_assert_int_eq(cgroup_breach(g), CGROUP_OUT_OF_MEMORY);

	/* Killed whole through cgroup.kill. */
	cgroup_kill(g);
	ck_assert_str_eq(get(dir, "cgroup.kill"), "1");
	cgroup_destroy(g, 0);
	cgroup_tree_close(&tree);
}
END_TEST

START_TEST(v2_no_limit_is_max)
{
	const struct cgroup_limits none = { 0, 0, 0 };
	struct cgroup_tree tree;
	struct cgroup *g;
	char err[ERR_LEN] = "", dir[512];

	delegated_v2("cpu memory pids\n");
	ck_assert_int_eq(cgroup_tree_open(&tree, 2, root, "/user.slice/run-1.scope", err), 0);
	ck_assert_ptr_nonnull(g = cgroup_create(&tree, &none, err));
	bot_folder(tree.dir[0], dir, sizeof dir);
	ck_assert_str_eq(get(dir, "memory.max"), "max");
	ck_assert_str_eq(get(dir, "pids.max"), "max");
	ck_assert_str_eq(get(dir, "cpu.max"), "max 100000");
	cgroup_destroy(g, 0);
	cgroup_tree_close(&tree);
}
END_TEST

START_TEST(v2_group_not_delegated)
{
	struct cgroup_tree tree;
	char err[ERR_LEN] = "", want[ERR_LEN];

	delegated_v2("cpu io\n");
	ck_assert_int_eq(cgroup_tree_open(&tree, 2, root, "/user.slice/run-1.scope", err), -2);
	snprintf(want, sizeof want, "the referee's control group %s/user.slice/run-1.scope "
		 "does not offer it the memory, pids and cpu controllers (it is not "
		 "delegated to its user)", root);
	ck_assert_str_eq(err, want);
	cgroup_tree_close(&tree);
}
END_TEST

START_TEST(v1_a_group_in_each_hierarchy)
{
	static const char *const controllers[] = {
		"memory", "pids", "cpu", "cpuacct", "freezer",
	};
	const struct cgroup_limits limits = { 256ULL << 20, 30, 1 };
	struct cgroup_tree tree;
	struct cgroup *g;
	char err[ERR_LEN] = "", dir[5][512], path[256];

	for (int h = 0; h < 5; h++) {
		snprintf(path, sizeof path, "/%s/ci", controllers[h]);
		make_dirs(path);
	}
	ck_assert_int_eq(cgroup_tree_open(&tree, 1, root, "/ci", err), 0);
	ck_assert_int_eq(tree.version, 1);
	/* An empty group frozen for the run's life keeps the kernel's v1
	 * freezer switched on (cgroup_tree.c says why). */
	ck_assert_str_eq(get(tree.dir[CGROUP_FREEZER], "frozen/freezer.state"), "FROZEN");
	ck_assert_ptr_nonnull(g = cgroup_create(&tree, &limits, err));
	for (int h = 0; h < 5; h++)
		bot_folder(tree.dir[h], dir[h], sizeof dir[h]);
	ck_assert_str_eq(get(dir[CGROUP_MEMORY], "memory.limit_in_bytes"), "268435456");
	ck_assert_str_eq(get(dir[CGROUP_MEMORY], "memory.memsw.limit_in_bytes"), "268435456");
	ck_assert_str_eq(get(dir[CGROUP_PIDS], "pids.max"), "30");
	ck_assert_str_eq(get(dir[CGROUP_CPU], "cpu.cfs_period_us"), "100000");
	ck_assert_str_eq(get(dir[CGROUP_CPU], "cpu.cfs_quota_us"), "100000");

	ck_assert_int_eq(cgroup_freeze(g, true), 0);
	ck_assert_str_eq(get(dir[CGROUP_FREEZER], "play/freezer.state"), "FROZEN");
	ck_assert_int_eq(cgroup_freeze(g, false), 0);
	ck_assert_str_eq(get(dir[CGROUP_FREEZER], "play/freezer.state"), "THAWED");

	put(dir[CGROUP_CPUACCT], "cpuacct.usage", "987654321\n");
	ck_assert_int_eq(cgroup_cpu_ns(g), 987654321LL);

	put(dir[CGROUP_MEMORY], "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n");
	put(dir[CGROUP_PIDS], "pids.events", "max 0\n");
	ck_assert_int_eq(cgroup_breach(g), CGROUP_WITHIN);
	put(dir[CGROUP_MEMORY], "memory.oom_control", "oom_kill_disable 0\nunder_oom 0\noom_kill 2\n");
	ck_assert_int_eq(cgroup_breach(g), CGROUP_OUT_OF_MEMORY);

	/* v1 does not signal a refused fork: pids.events is read again as
	 * soon as the group has run 0.5 ms of CPU more, for forking costs it. */
	ck_assert_int_eq(cgroup_breach_polled(g, false), CGROUP_WITHIN);
	put(dir[CGROUP_PIDS], "pids.events", "max 1\n");
	put(dir[CGROUP_CPUACCT], "cpuacct.usage", "988154321\n");
	ck_assert_int_eq(cgroup_cpu_ns(g), 988154321LL);
	ck_assert_int_eq(cgroup_breach_polled(g, false), CGROUP_TOO_MANY_PROCESSES);
	cgroup_destroy(g, 0);
	cgroup_tree_close(&tree);
}
END_TEST

START_TEST(v1_hierarchy_not_writable)
{
	struct cgroup_tree tree;
	char err[ERR_LEN] = "";

	/* No memory hierarchy to make the run's folder in. */
	ck_assert_int_eq(cgroup_tree_open(&tree, 1, root, "/ci", err), -1);
	ck_assert_msg(strstr(err, "cannot make a control group in ") &&
		      strstr(err, "/memory/ci: No such file or directory"), "%s", err);
	cgroup_tree_close(&tree);
}
END_TEST

/* A folder of this process's name left by a run whose keeper was killed
 * too, in one hierarchy only: the run takes the next name, free in all of
 * them, and leaves the old one as it was (it may be another namespace's
 * live run). */
START_TEST(v1_a_leftover_folder_of_this_pid)
{
	static const char *const controllers[] = {
		"memory", "pids", "cpu", "cpuacct", "freezer",
	};
	struct cgroup_tree tree;
	char err[ERR_LEN] = "", path[256], want[300], stale[600];

	for (int h = 0; h < 5; h++) {
		snprintf(path, sizeof path, "/%s/ci", controllers[h]);
		make_dirs(path);
	}
	snprintf(path, sizeof path, "/freezer/ci/arena-%ld/bot-1-1", (long)getpid());
	make_dirs(path);
	ck_assert_int_eq(cgroup_tree_open(&tree, 1, root, "/ci", err), 0);
	for (int h = 0; h < 5; h++) {
		snprintf(want, sizeof want, "%s/%s/ci/arena-%ld-2", root, controllers[h],
			 (long)getpid());
		ck_assert_str_eq(tree.dir[h], want);
	}
	cgroup_tree_close(&tree);
	snprintf(stale, sizeof stale, "%s%s", root, path);
	ck_assert_int_eq(access(stale, F_OK), 0);
	snprintf(want, sizeof want, "%s/memory/ci/arena-%ld", root, (long)getpid());
	ck_assert_int_eq(access(want, F_OK), -1);
}
END_TEST

START_TEST(v2_a_leftover_folder_of_this_pid)
{
	struct cgroup_tree tree;
	char err[ERR_LEN] = "", path[256], run[600];

	delegated_v2("cpu memory pids\n");
	snprintf(path, sizeof path, "/user.slice/run-1.scope/arena-%ld/bot-1-1", (long)getpid());
	make_dirs(path);
	ck_assert_int_eq(cgroup_tree_open(&tree, 2, root, "/user.slice/run-1.scope", err), 0);
	snprintf(run, sizeof run, "%s/user.slice/run-1.scope/arena-%ld-2", root, (long)getpid());
	ck_assert_str_eq(tree.dir[0], run);
	cgroup_tree_close(&tree);
	snprintf(run, sizeof run, "%s%s", root, path);
	ck_assert_int_eq(access(run, F_OK), 0);
}
END_TEST

/* The tree as /proc/self/mountinfo and /proc/self/cgroup describe it. */
START_TEST(v2_found_from_proc)
{
	struct cgroup_tree tree;
	char err[ERR_LEN] = "", text[1024], run[300];

	delegated_v2("cpu memory pids\n");
	put(root, "cgroup.controllers", "cpuset cpu io memory hugetlb pids rdma misc\n");
	snprintf(text, sizeof text, "22 1 0:21 / /proc rw - proc proc rw\n"
		 "30 25 0:26 / %s rw,nosuid,nodev,noexec - cgroup2 cgroup2 rw,nsdelegate\n",
		 root);
	put(root, "mountinfo", text);
	put(root, "self", "0::/user.slice/run-1.scope\n");
	snprintf(text, sizeof text, "%s/mountinfo", root);
	snprintf(run, sizeof run, "%s/self", root);
	ck_assert_int_eq(cgroup_tree_find(&tree, text, run, err), 0);
	ck_assert_int_eq(tree.version, 2);
	snprintf(run, sizeof run, "%s/user.slice/run-1.scope/arena-%ld", root, (long)getpid());
	ck_assert_str_eq(tree.dir[0], run);
	cgroup_tree_close(&tree);
}
END_TEST

/* A hybrid machine (as this project's CI): a v2 tree without controllers
 * beside the v1 hierarchies, one of them mounted with another. */
START_TEST(v1_found_from_proc_beside_an_empty_v2)
{
	static const char *const hierarchies[] = {
		"memory", "pids", "cpu,cpuacct", "freezer", "unified",
	};
	struct cgroup_tree tree;
	char err[ERR_LEN] = "", text[2048], self[300], dir[300];
	size_t len = 0;

	for (int h = 0; h < 5; h++) {
		snprintf(dir, sizeof dir, "/%s/ci", hierarchies[h]);
		make_dirs(dir);
		len += (size_t)snprintf(text + len, sizeof text - len,
					"%d 25 0:%d / %s/%s rw - %s cgroup rw,%s\n", 30 + h, 30 + h,
					root, hierarchies[h], h == 4 ? "cgroup2" : "cgroup",
					h == 4 ? "nsdelegate" : hierarchies[h]);
	}
	snprintf(dir, sizeof dir, "%s/unified", root);
	put(dir, "cgroup.controllers", "");
	put(root, "mountinfo", text);
	put(root, "self", "9:name=systemd:/\n8:pids:/ci\n6:freezer:/ci\n4:memory:/ci\n"
	    "2:cpu,cpuacct:/ci\n0::/\n");
	snprintf(text, sizeof text, "%s/mountinfo", root);
	snprintf(self, sizeof self, "%s/self", root);
	ck_assert_msg(cgroup_tree_find(&tree, text, self, err) == 0, "%s", err);
	ck_assert_int_eq(tree.version, 1);
	snprintf(dir, sizeof dir, "%s/cpu,cpuacct/ci/arena-%ld", root, (long)getpid());
	ck_assert_str_eq(tree.dir[CGROUP_CPU], dir);
	ck_assert_str_eq(tree.dir[CGROUP_CPUACCT], dir);
	snprintf(dir, sizeof dir, "%s/freezer/ci/arena-%ld", root, (long)getpid());
	ck_assert_str_eq(tree.dir[CGROUP_FREEZER], dir);
	cgroup_tree_close(&tree);
}
END_TEST

START_TEST(delegation_command)
{
	char *const args[] = { "referee", "play", "rolit", "a b", NULL };
	char **argv = cgroup_delegate_argv("/usr/bin/systemd-run", true,
					   "/opt/arena/bin/referee", args);
	const char *const want[] = {
		"/usr/bin/systemd-run", "--user", "--scope", "--quiet", "-p",
		"Delegate=yes", "--", "/opt/arena/bin/referee", "play", "rolit",
		"a b", NULL,
	};
	int i;

	for (i = 0; want[i]; i++)
		ck_assert_str_eq(argv[i], want[i]);
	ck_assert_ptr_null(argv[i]);
	strings_free(argv);
	argv = cgroup_delegate_argv("/usr/bin/systemd-run", false, "/r", args);
	ck_assert_str_eq(argv[1], "--scope"); /* root's own manager */
	strings_free(argv);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("cgroup");
	TCase *tc = tcase_create("cgroup");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, v2_referee_moves_into_a_leaf_beside_its_bots);
	tcase_add_test(tc, v2_group_limits_freeze_clock_breaches);
	tcase_add_test(tc, v2_no_limit_is_max);
	tcase_add_test(tc, v2_group_not_delegated);
	tcase_add_test(tc, v1_a_group_in_each_hierarchy);
	tcase_add_test(tc, v1_hierarchy_not_writable);
	tcase_add_test(tc, v1_a_leftover_folder_of_this_pid);
	tcase_add_test(tc, v2_a_leftover_folder_of_this_pid);
	tcase_add_test(tc, v2_found_from_proc);
	tcase_add_test(tc, v1_found_from_proc_beside_an_empty_v2);
	tcase_add_test(tc, delegation_command);
	suite_add_tcase(s, tc);
	return s;
}
