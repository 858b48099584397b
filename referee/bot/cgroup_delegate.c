/*
 * A delegated control group from systemd (see cgroup.h).  On a systemd
 * machine a user's processes live in groups that systemd owns;
 * `systemd-run --user --scope -p Delegate=yes CMD` runs CMD in a new scope
 * whose group is the user's to divide (root drops --user).  The referee
 * runs itself again that way, once, when the group it is in cannot hold
 * its bots' groups.
 */
#include "cgroup.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/paths.h"
#include "base/util.h"
#include "bot.h"

/* Set in the environment of the run again, so that it never loops. */
#define DELEGATED "ARENA_CGROUP_DELEGATED"

char **cgroup_delegate_argv(const char *systemd_run, bool user,
			    const char *exe, char *const *args)
{
	static const char *const options[] = {
		"--scope", "--quiet", "-p", "Delegate=yes", "--", NULL,
	};
	struct bot_words argv = {0};

	bot_words_push(&argv, systemd_run);
	if (user)
		bot_words_push(&argv, "--user");
	for (const char *const *o = options; *o; o++)
		bot_words_push(&argv, *o);
	bot_words_push(&argv, exe);
	for (size_t i = 1; args[i]; i++)
		bot_words_push(&argv, args[i]);
	return argv.list;
}

/* This process's arguments, from /proc/self/cmdline; NULL-ended. */
static char **own_arguments(void)
{
	size_t n = 0;
	char *buf = files_read_all("/proc/self/cmdline", &n);
	struct bot_words args = {0};

	/* Each argument ends with a NUL. */
	for (size_t at = 0, len; buf && (len = strnlen(buf + at, n - at)) < n - at;
	     at += len + 1)
		bot_words_push(&args, buf + at);
	free(buf);
	return args.list;
}

static bool is_in(const char *folder, const char *name)
{
	char *path = path_join(folder, name);
	bool there = access(path, F_OK) == 0;

	free(path);
	return there;
}

/* Whether systemd manages this machine (root) or this user's session. */
static bool systemd_reachable(bool user)
{
	const char *runtime = getenv("XDG_RUNTIME_DIR");

	if (!user)
		return access("/run/systemd/system", F_OK) == 0;
	return runtime && (is_in(runtime, "bus") || is_in(runtime, "systemd/private"));
}

void cgroup_delegate(void)
{
	bool user = geteuid() != 0;
	char err[ERR_LEN], *systemd_run, *exe, **args, **argv;

	if (getenv(DELEGATED) || !systemd_reachable(user) ||
	    !(systemd_run = bot_resolve_program("systemd-run", NULL, err)))
		return;
	exe = files_readlink("/proc/self/exe");
	args = exe ? own_arguments() : NULL;
	if (args) {
		argv = cgroup_delegate_argv(systemd_run, user, exe, args);
		setenv(DELEGATED, "1", 1);
		fflush(NULL);
		execv(systemd_run, argv);
		unsetenv(DELEGATED);
		strings_free(argv);
		strings_free(args);
	}
	free(exe);
	free(systemd_run);
}
