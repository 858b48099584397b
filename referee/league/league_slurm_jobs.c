/*
 * A Slurm run's job arrays (league_slurm.h): submitted with sbatch, one
 * element a task, each running `referee league play-task` with the run's
 * options; waited for by polling squeue for the array's job name (a name
 * of its own, random, written in the batch file before the submission,
 * so that a run killed at any moment leaves an array the next run can
 * find and cancel); cancelled with scancel.  Slurm's commands are found
 * in PATH, as a user types them.
 */
#include "league/league_slurm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/child.h"
#include "base/util.h"

/* Seconds squeue may fail in a row (a controller restarting) before the
 * wait gives up. */
#define SQUEUE_TRIES 60

static bool in_path(const char *program)
{
	const char *path = getenv("PATH");
	char *copy = xstrdup(path ? path : "/usr/bin:/bin"), *save = NULL;
	bool found = false;

	for (char *d = strtok_r(copy, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", *d ? d : ".", program);

		found = access(p, X_OK) == 0;
		free(p);
	}
	free(copy);
	return found;
}

bool league_slurm_here(char *err)
{
	static const char *const programs[] = {"sbatch", "squeue", "scancel"};

	for (size_t i = 0; i < sizeof programs / sizeof *programs; i++)
		if (!in_path(programs[i])) {
			errorf(err, "--engine slurm needs Slurm's sbatch, squeue and scancel "
			       "in PATH, and %s is not there: install Slurm's client "
			       "commands (Debian: slurm-client) or play with --engine local",
			       programs[i]);
			return false;
		}
	return true;
}

/* Runs argv, its stdout and stderr in *out (new, NUL-ended): its exit
 * status, or -1 with err when it could not run. */
static int command_run(char *const *argv, char **out, char *err)
{
	const struct child c = {
		.path = argv[0], .argv = argv, .search = true, .capture = true,
	};

	return child_run(&c, out, NULL, NULL, err);
}

/* `word` quoted for sh, appended to *line. */
static void quote_onto(char **line, const char *word)
{
	size_t len = strlen(*line);
	char *q = xmalloc(len + 4 * strlen(word) + 4), *p = q + len;

	memcpy(q, *line, len);
	*p++ = '\'';
	for (const char *w = word; *w; w++)
		if (*w == '\'')
			p += sprintf(p, "'\\''");
		else
			*p++ = *w;
	*p++ = '\'';
	*p++ = ' ';
	*p = '\0';
	free(*line);
	*line = q;
}

/* The command each element runs: the referee's play-task with the run's
 * options, the folder, the batch and the element's index. */
static char *element_command(const struct league_slurm *s, const char *dir,
			     const char *batch)
{
	char *line = xstrdup("exec ");

	quote_onto(&line, s->referee);
	quote_onto(&line, "league");
	quote_onto(&line, "play-task");
	for (int i = 0; i < s->word_count; i++)
		quote_onto(&line, s->words[i]);
	quote_onto(&line, dir);
	quote_onto(&line, batch);
	char *command = xasprintf("%s\"$SLURM_ARRAY_TASK_ID\"", line);

	free(line);
	return command;
}

int league_slurm_submit(const struct league_slurm *s, const struct league_slurm_batch *b,
			const char *dir, char *err)
{
	char **argv = xcalloc((size_t)s->sbatch_arg_count + 8, sizeof *argv);
	char *line = element_command(s, dir, b->path), *out = NULL;
	char *run_dir = xstrdup(b->path), *slash = strrchr(run_dir, '/');
	int n = 0, rc;

	if (slash)
		*slash = '\0';
	argv[n++] = "sbatch";
	argv[n++] = "--parsable";
	for (int i = 0; i < s->sbatch_arg_count; i++)
		argv[n++] = s->sbatch_args[i];
	argv[n++] = xasprintf("--job-name=%s", b->name);
	argv[n++] = xasprintf("--array=0-%d", b->count - 1);
	argv[n++] = xasprintf("--output=%s/slurm-%%A_%%a.out", slash ? run_dir : ".");
	argv[n++] = xasprintf("--wrap=%s", line);
	rc = command_run(argv, &out, err);
	if (rc > 0) {
		out[strcspn(out, "\n")] = '\0';
		errorf(err, "sbatch refused the array (exit status %d): %s", rc, out);
	}
	for (int i = n - 4; i < n; i++)
		free(argv[i]);
	free(argv);
	free(line);
	free(out);
	free(run_dir);
	return rc ? -1 : 0;
}

int league_slurm_cancel(const char *name, char *err)
{
	char *arg = xasprintf("--name=%s", name), *out = NULL;
	char *argv[] = {"scancel", arg, NULL};
	int rc = command_run(argv, &out, err);

	if (rc > 0) {
		out[strcspn(out, "\n")] = '\0';
		errorf(err, "scancel could not cancel the array %s (exit status %d): %s",
		       name, rc, out);
	}
	free(arg);
	free(out);
	return rc ? -1 : 0;
}

int league_slurm_wait(const char *name, bool (*stop)(void), char *err)
{
	char *arg = xasprintf("--name=%s", name);
	char *argv[] = {"squeue", "--noheader", "--format=%T", arg, NULL};
	int failed = 0, rc = 0;
	bool cancelled = false;

	for (;;) {
		char *out = NULL;
		int status = command_run(argv, &out, err);
		bool empty = status == 0 && out[strspn(out, " \n")] == '\0';

		failed = status == 0 ? 0 : failed + 1;
		if (status < 0 || failed > SQUEUE_TRIES) {
			out[strcspn(out, "\n")] = '\0';
			rc = status < 0 ? -1 : errorf(err, "squeue could not say whether the "
						      "array %s has ended: %s", name, out);
		}
		free(out);
		if (rc || empty)
			break;
		if (!cancelled && stop && stop()) {
			cancelled = true;
			if ((rc = league_slurm_cancel(name, err)))
				break;
		}
		nanosleep(&(struct timespec){.tv_sec = 1}, NULL);
	}
	free(arg);
	return rc;
}
