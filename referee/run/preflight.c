/*
 * A tournament's pre-flight; see preflight.h.
 */
#include "preflight.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/outdir.h"
#include "base/util.h"
#include "match/match.h"
#include "tournament_entrant.h"

/* One bot started for the pre-flight. */
struct started {
	struct match_entrant entrant;
	const char **hidden;
	char *stderr_path;
	struct match *match;  /* NULL when it could not be started */
};

/* Whether bot `b` sits at a table of the shard. */
static bool plays(const struct schedule *schedule, int b, int index, int count)
{
	/* Every bot of a Swiss plays once its rounds are paired. */
	if (schedule->swiss.rounds)
		return true;
	for (int t = 0; t < schedule->table_count; t++)
		for (int i = 0; i < schedule->players; i++)
			if (schedule->tables[t].bots[i] == b &&
			    schedule_in_shard(t, index, count))
				return true;
	return false;
}

int preflight_run(const struct tournament_spec *spec,
		  const struct schedule *schedule, int shard_index,
		  int shard_count, const char *out_dir,
		  const struct preflight_events *events, bool *broken, char **why)
{
	struct started *started = xcalloc((size_t)spec->bot_count, sizeof *started);
	struct match_config config = {
		.rules = spec->rules, .options = spec->options, .time = spec->time,
		.grace_ms = 200,
	};
	char err[ERR_LEN];
	int count = 0;

	/* All started before any is waited for: they start side by side. */
	for (int b = 0; b < spec->bot_count; b++) {
		struct started *s = &started[b];
		int fd;

		broken[b] = false;
		why[b] = NULL;
		if (!plays(schedule, b, shard_index, shard_count))
			continue;
		s->stderr_path = outdir_preflight_stderr(out_dir, spec->bots[b].name);
		/* Only this start's words: an earlier run's are gone. */
		if ((fd = open(s->stderr_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			       0644)) >= 0)
			close(fd);
		s->hidden = tournament_entrant(spec, b, s->stderr_path, &s->entrant);
		if (!(s->match = match_start(&config, &s->entrant, 1, err)))
			why[b] = xstrdup(err);
	}
	for (int b = 0; b < spec->bot_count; b++) {
		struct started *s = &started[b];

		if (s->match) {
			match_greet(s->match);
			/* Still running and silent is a pass: a game's opening
			 * sends hello, start and commit together, and a bot may
			 * answer hello only once it has its game's commitment. */
			if (match_start_silent(s->match, 0))
				events->silent(events->ctx, spec->bots[b].name,
					       spec->time.start_ms);
			else if (match_start_fault(s->match, 0))
				why[b] = xstrdup(match_start_fault(s->match, 0));
			match_finish(s->match, NULL);
		}
		if (why[b]) {
			broken[b] = true;
			count++;
			events->no_start(events->ctx, spec->bots[b].name, why[b],
					 s->stderr_path, spec->limits.sandbox);
		}
		free(s->hidden);
		free(s->stderr_path);
	}
	free(started);
	return count;
}
