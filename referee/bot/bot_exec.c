/*
 * bot-exec, the last step of a sandboxed bot's start (sandbox.h): bwrap
 * runs it in the bot's namespaces, where it sets the bot's limits (there,
 * the kernel counts a process cap for this bot alone), moves itself into
 * the frozen part of the bot's control group when told to, puts the bot's
 * pipes on its stdin and stdout, and becomes the bot.  It replaces a
 * `sh -c` and a prlimit(1), two programs loaded and linked at each start:
 * static and small, it costs a fraction of either (bench/README.md).
 *
 *   bot-exec NPROC SIGPENDING DATA GROUP PROGRAM [ARG...]
 *
 * NPROC, SIGPENDING and DATA are the soft and hard RLIMIT_NPROC,
 * RLIMIT_SIGPENDING and RLIMIT_DATA ("-": left as they are); GROUP is
 * "group" to write "0" to SANDBOX_CGROUP_FD first, "-" otherwise.  The
 * bot's stdin and stdout come on SANDBOX_STDIN_FD and SANDBOX_STDOUT_FD.
 * When PROGRAM cannot be run it exits 127 (not found) or 126, as a shell
 * does, with the reason on stderr.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "sandbox_ids.h"

static int fail(const char *what, const char *arg, int status)
{
	fprintf(stderr, "bot-exec: %s '%s': %s\n", what, arg, strerror(errno));
	return status;
}

/* Sets `resource` to `word`'s value, unless it is "-"; false when the
 * word is not a number or the limit cannot be set. */
static bool set_limit(int resource, const char *word)
{
	struct rlimit rl;
	char *end;

	if (!strcmp(word, "-"))
		return true;
	errno = 0;
	rl.rlim_cur = rl.rlim_max = strtoull(word, &end, 10);
	if (errno || end == word || *end) {
		errno = EINVAL;
		return false;
	}
	return setrlimit(resource, &rl) == 0;
}

int main(int argc, char **argv)
{
	static const int resources[] = {RLIMIT_NPROC, RLIMIT_SIGPENDING, RLIMIT_DATA};

	if (argc < 6) {
		fputs("usage: bot-exec NPROC SIGPENDING DATA GROUP PROGRAM [ARG...]\n", stderr);
		return 127;
	}
	for (int i = 0; i < 3; i++)
		if (!set_limit(resources[i], argv[1 + i]))
			return fail("cannot set the limit", argv[1 + i], 127);
	if (!strcmp(argv[4], "group")) {
		if (write(SANDBOX_CGROUP_FD, "0", 1) != 1)
			return fail("cannot enter the control group through", "fd 5", 127);
		close(SANDBOX_CGROUP_FD);
	}
	if (dup2(SANDBOX_STDIN_FD, 0) < 0 || dup2(SANDBOX_STDOUT_FD, 1) < 0)
		return fail("cannot take the bot's pipes", "fd 3 and 4", 127);
	close(SANDBOX_STDIN_FD);
	close(SANDBOX_STDOUT_FD);
	execvp(argv[5], argv + 5);
	return fail("cannot run", argv[5], errno == ENOENT ? 127 : 126);
}
