/*
 * A Slurm run's job arrays (league_slurm.h): submitted, waited for and
 * cancelled by the script league-slurm (league_slurm.sh, installed with
 * the referee's helpers), which the run runs as a child; the array's job
 * name is random, written in the batch file before the submission, so
 * that a run killed at any moment leaves an array the next run can find
 * and cancel.
 */
#include "league/league_slurm.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/child.h"
#include "base/helper.h"
#include "base/paths.h"
#include "base/util.h"

/* The script running now (0: none), told of a stop by the run's handler. */
static volatile sig_atomic_t script;

static void script_started(pid_t pid, void *ctx)
{
	bool (*const *stop)(void) = ctx;

	script = pid;
	/* A stop before `script` was set is passed on here. */
	if (*stop && (*stop)())
		kill(pid, SIGTERM);
}

void league_slurm_stop_script(int sig)
{
	(void)sig;
	if (script > 0)
		kill((pid_t)script, SIGTERM);
}

int league_slurm_script(char *const *words, bool (*stop)(void), char *err)
{
	char *path = helper_path("league-slurm", NULL, "--engine slurm needs its script", err);
	size_t n = 0;
	char **argv, *out = NULL;
	sigset_t stops;
	int rc;

	if (!path)
		return -1;
	while (words[n])
		n++;
	argv = xcalloc(n + 2, sizeof *argv);
	argv[0] = path;
	memcpy(argv + 1, words, n * sizeof *argv);
	/* Its trap cancels the array on a stop, even when this process blocks them. */
	sigemptyset(&stops);
	sigaddset(&stops, SIGINT);
	sigaddset(&stops, SIGTERM);
	rc = child_run(&(struct child){.path = path, .argv = argv, .capture = true,
				       .unblock = &stops},
		       &out, script_started, &stop, err);
	script = 0;
	if (rc > 0) {
		out[strcspn(out, "\n")] = '\0';
		if (*out)
			errorf(err, "%s", out);
		else
			errorf(err, "%s ended with exit status %d", path, rc);
	}
	free(out);
	free(argv);
	free(path);
	return rc ? -1 : 0;
}

int league_slurm_submit(const struct league_slurm *s, const struct league_slurm_batch *b,
			const char *dir, bool (*stop)(void), char *err)
{
	char **argv = xcalloc((size_t)s->word_count + 12, sizeof *argv);
	char *count = xasprintf("%d", b->count), *run_dir = path_parent(b->path);
	int n = 0, rc;

	argv[n++] = "submit";
	argv[n++] = (char *)b->name;
	argv[n++] = count;
	argv[n++] = run_dir;
	argv[n++] = (char *)(s->sbatch_words ? s->sbatch_words : "");
	argv[n++] = (char *)s->referee;
	argv[n++] = "league";
	argv[n++] = "play-task";
	for (int i = 0; i < s->word_count; i++)
		argv[n++] = s->words[i];
	argv[n++] = (char *)dir;
	argv[n++] = b->path;
	rc = league_slurm_script(argv, stop, err);
	free(count);
	free(run_dir);
	free(argv);
	return rc;
}
