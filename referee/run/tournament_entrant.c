/*
 * A tournament's bot as a match entrant; see tournament_entrant.h.
 */
#include "tournament_entrant.h"

#include <string.h>

#include "base/util.h"

/* What bot `self` of the spec must not see in the sandbox: the run's
 * hidden paths and the working folders of the other bots (unless they
 * share its own).  NULL-ended; free the array, not the strings. */
static const char **hidden_from(const struct tournament_spec *spec, int self)
{
	const char *const *run = spec->limits.hidden;
	size_t n = 0, k = 0;
	const char **list;

	while (run && run[n])
		n++;
	list = xcalloc(n + (size_t)spec->bot_count + 1, sizeof *list);
	for (; k < n; k++)
		list[k] = run[k];
	for (int i = 0; i < spec->bot_count; i++)
		if (spec->bots[i].workdir && (!spec->bots[self].workdir ||
		    strcmp(spec->bots[i].workdir, spec->bots[self].workdir)))
			list[k++] = spec->bots[i].workdir;
	return list;
}

const char **tournament_entrant(const struct tournament_spec *spec, int bot,
				const char *stderr_path,
				struct match_entrant *out)
{
	const struct tournament_bot *b = &spec->bots[bot];
	const char **hidden = hidden_from(spec, bot);

	*out = (struct match_entrant){
		.name = b->name,
		.spec = {.command = b->command, .command_dir = b->command_dir,
			 .workdir = b->workdir,
			 .env = (const char *const *)b->env,
			 .stderr_path = stderr_path,
			 .limits = spec->limits},
	};
	out->spec.limits.readable = (const char *const *)b->readable;
	out->spec.limits.ponder = b->ponder;
	out->spec.limits.hidden = hidden;
	return hidden;
}

int tournament_bot_index(const struct tournament_spec *spec, const char *name)
{
	for (int i = 0; i < spec->bot_count; i++)
		if (!strcmp(spec->bots[i].name, name))
			return i;
	return -1;
}
