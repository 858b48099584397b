/*
 * Matches: a fixed set of bot processes playing games one after another
 * (see match.h), each game played as match_game.c plays one; and the
 * games of a duplicate set played at the same time on twin matches, in
 * step on their draws (docs/FAIRNESS.md, "Sets in step").
 */
#include "match.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "bot/botfiles.h"
#include "bot/botfolder.h"
#include "match_game.h"

int match_play(struct match *match, unsigned long index, const int *seating,
	       int seats, const char *log_path, struct game_outcome *outcome, char *err)
{
	struct game_run g;
	int rc = game_run_open(&g, match, NULL, index, seating, seats, log_path,
			       outcome, err);

	while (!rc && game_run_step(&g))
		;
	if (!rc)
		rc = game_run_close(&g);
	game_run_free(&g);
	return rc;
}

/* The game of the set to step next: of those still on, one whose draws
 * have gone least far (so every other game has drawn at least as far:
 * what it shows its bots was dealt everywhere), the first such after
 * `last` in turn, so that games level with each other take turns.  -1
 * when every game has ended. */
static int next_in_step(const struct game_run *runs, const bool *on, int n,
			int last)
{
	uint64_t least = UINT64_MAX;
	int pick = -1;

	for (int k = 0; k < n; k++)
		if (on[k] && runs[k].draws.reached < least)
			least = runs[k].draws.reached;
	for (int i = 1; pick < 0 && i <= n; i++) {
		int k = (last + i) % n;

		if (on[k] && runs[k].draws.reached == least)
			pick = k;
	}
	return pick;
}

/* Deals, one at a time, every draw that waits (match_game.h) and whose
 * address every other game still on has reached: of those, the one
 * first in the order of addresses, so that ordered by "dealt" the set's
 * draws never go back (docs/FAIRNESS.md, "Sets in step", item 9). */
static void deal_in_step(struct game_run *runs, const bool *on, int n)
{
	for (;;) {
		uint64_t best = UINT64_MAX;
		int pick = -1;

		for (int k = 0; k < n; k++) {
			uint64_t at = dealt_queue_waiting(&runs[k].waiting);
			bool ready = at < best;

			for (int j = 0; ready && j < n; j++)
				ready = j == k || !on[j] || runs[j].draws.reached >= at;
			if (ready) {
				best = at;
				pick = k;
			}
		}
		if (pick < 0)
			return;
		game_run_deal(&runs[pick]);
	}
}

/*
 * Every game opened in turn (the first runs the set's exchange, the others
 * copy it), then one turn at a time of the game next_in_step() names: a
 * game's bots are sent a turn only once every other game of the set has
 * drawn as far as it (or ended), so a bot learns no draw from a twin before
 * its own game deals it, and the game least far on can always go on, so
 * the set cannot deadlock.  A game left for another has its bots frozen.
 * A game's draws reach its log as they are dealt (deal_in_step()), and an
 * ended game's log goes to the set, to wait for S, once all are.
 */
int match_play_set(struct match *const *lanes, struct match_set *set,
		   const struct match_set_game *games, int seats,
		   struct game_outcome *outcomes, char *err)
{
	int n = set->games, rc = 0, last = n - 1, k;
	struct game_run *runs = xcalloc((size_t)n, sizeof *runs);
	bool on[GAME_MAX_SEATS] = {false}, handed[GAME_MAX_SEATS] = {false};

	for (k = 0; !rc && k < n; k++) {
		rc = game_run_open(&runs[k], lanes[k], set, games[k].index,
				   games[k].seating, seats, games[k].log_path,
				   &outcomes[k], err);
		on[k] = true;
	}
	while (!rc && (k = next_in_step(runs, on, n, last)) >= 0) {
		if (k != last && on[last])
			game_run_idle(&runs[last]);
		last = k;
		if (!game_run_step(&runs[k])) {
			on[k] = false;
			rc = game_run_close(&runs[k]);
		}
		deal_in_step(runs, on, n);
		for (int j = 0; !rc && j < n; j++)
			if (!on[j] && !handed[j] && dealt_queue_waiting(&runs[j].waiting) == UINT64_MAX) {
				handed[j] = true;
				rc = game_run_hand_over(&runs[j]);
			}
	}
	for (k = 0; k < n; k++)
		if (runs[k].match)
			game_run_free(&runs[k]);
	free(runs);
	return rc;
}

void match_round_rotate(struct match_set_game *games, int count, int seats, long first,
			long turn)
{
	for (int k = 0; k < count; k++) {
		games[k].index = (unsigned long)(first + k);
		for (int s = 0; s < seats; s++)
			games[k].seating[s] = match_set_rotated((int)((turn + k) % seats), s, seats);
	}
}

int match_play_round(struct match **lanes, const struct match_round *round,
		     struct game_outcome *outcomes, char *err)
{
	const struct match_set_game *games = round->games;
	struct match_set *set;
	int rc;

	if (!round->duplicate) {
		for (int k = 0; k < round->count; k++)
			if (match_play(lanes[0], games[k].index, games[k].seating,
				       round->seats, games[k].log_path, &outcomes[k], err))
				return -1;
		return 0;
	}
	if (!match_twins(lanes, round->count, err))
		return -1;
	set = match_set_new(round->set_seed, games[0].index, round->count);
	if (round->announce)
		round->announce(round->ctx, set->id);
	rc = match_play_set(lanes, set, games, round->seats, outcomes, err);
	match_set_free(set);
	return rc;
}

/* Says goodbye to the processes of the match's entrants, all before any
 * reply is read, and stops them; said[i] tells whether entrant i
 * answered.  A process that never played had no hello: it gets no
 * goodbye. */
static void part(struct match *match, bool *said)
{
	const struct allowance a = entrant_allow(&match->config,
						 match->config.time.move_ms);
	cJSON *bye = wire_goodbye();
	struct fault f;

	for (int i = 0; i < match->count; i++) {
		struct entrant *e = &match->entrants[i];

		if (e->bot && (!e->greeted || !entrant_send(e, bye, &a, &f)))
			entrant_stop(e);
	}
	for (int i = 0; i < match->count; i++) {
		struct entrant *e = &match->entrants[i];
		cJSON *reply = e->bot ? entrant_read(e, &a, &f) : NULL;

		said[i] = reply != NULL;
		cJSON_Delete(reply);
		entrant_stop(e);
	}
	cJSON_Delete(bye);
}

/* The stderr file (new) of lane `lane`'s process, from 1, of a bot
 * whose first lane writes `path`: X.gameK.stderr for a path X.stderr and
 * game K = lane + 1 (match_twins()). */
static char *twin_stderr(const char *path, int lane)
{
	static const char suffix[] = ".stderr";
	size_t len = strlen(path), n = sizeof suffix - 1;

	if (len > n && !strcmp(path + len - n, suffix))
		return xasprintf("%.*s.game%d%s", (int)(len - n), path, lane + 1, suffix);
	return xasprintf("%s.game%d", path, lane + 1);
}

/* match_start() for lane `lane` of a set's matches, whose bots keep
 * their stderr count in `counts` (NULL: each its own). */
static struct match *start(const struct match_config *config,
			   const struct match_entrant *entrants, int count,
			   int lane, struct bot_stderr_count *const *counts, char *err)
{
	struct match *match = xcalloc(1, sizeof *match);
	char why[ERR_LEN];

	match->config = *config;
	match->count = count;
	match->entrants = xcalloc((size_t)count, sizeof *match->entrants);
	/* Each entrant knows its match before any starts: a failed start
	 * stops every one (match_finish). */
	for (int i = 0; i < count; i++) {
		struct entrant *e = &match->entrants[i];

		e->config = &entrants[i];
		e->match_config = &match->config;
		e->index = i;
		e->stderr_count = counts ? counts[i] : &e->stderr_kept;
		if (lane > 0 && entrants[i].spec.stderr_path)
			e->stderr_path = twin_stderr(entrants[i].spec.stderr_path, lane);
	}
	for (int i = 0; i < count; i++) {
		struct entrant *e = &match->entrants[i];

		e->files = botfiles_describe(entrants[i].spec.command,
					     bot_command_dir(&entrants[i].spec), why);
		if (!e->files)
			errorf(err, "%s: %s", entrants[i].name, why);
		e->folder = e->files ? botfolder_describe(&entrants[i].spec) : NULL;
		if (!e->files || !entrant_spawn(e, err)) {
			match_finish(match, NULL);
			return NULL;
		}
	}
	return match;
}

struct match *match_start(const struct match_config *config,
			  const struct match_entrant *entrants, int count,
			  char *err)
{
	return start(config, entrants, count, 0, NULL, err);
}

bool match_twins(struct match **lanes, int n, char *err)
{
	const struct match *first = lanes[0];
	struct bot_stderr_count *counts[GAME_MAX_SEATS];

	for (int i = 0; i < first->count; i++)
		counts[i] = first->entrants[i].stderr_count;
	for (int k = 1; k < n; k++)
		if (!lanes[k] && !(lanes[k] = start(&first->config, first->entrants[0].config,
						    first->count, k, counts, err)))
			return false;
	return true;
}

void match_finish_lanes(struct match **lanes, int n)
{
	for (int k = n - 1; k >= 0; k--)
		if (lanes[k])
			match_finish(lanes[k], NULL);
}

/* A fault before the entrant's first game: its process is stopped and
 * the fault charged to that game. */
static void fault_pending(struct entrant *e, const struct fault *f)
{
	e->pending = true;
	e->pending_fault = *f;
	entrant_stop(e);
}

void match_greet(struct match *match)
{
	const struct allowance a = entrant_allow(&match->config,
						 match->config.time.start_ms);
	struct fault *faults = xcalloc((size_t)match->count, sizeof *faults);
	bool *sent = xcalloc((size_t)match->count, sizeof *sent);
	cJSON *hello = wire_hello();

	/* Every hello out first: the bots start side by side. */
	for (int i = 0; i < match->count; i++) {
		struct entrant *e = &match->entrants[i];

		if (!e->bot || e->greeted)
			continue;
		sent[i] = entrant_send(e, hello, &a, &faults[i]);
		if (!sent[i]) {
			entrant_name_message(&faults[i], "hello");
			fault_pending(e, &faults[i]);
		}
	}
	for (int i = 0; i < match->count; i++) {
		struct entrant *e = &match->entrants[i];

		if (sent[i] && !entrant_take_hello(e, entrant_read(e, &a, &faults[i]),
						   &faults[i]))
			fault_pending(e, &faults[i]);
	}
	cJSON_Delete(hello);
	free(sent);
	free(faults);
}

const char *match_start_fault(const struct match *match, int i)
{
	const struct entrant *e = &match->entrants[i];

	return e->pending ? e->pending_fault.detail : NULL;
}

bool match_start_silent(const struct match *match, int i)
{
	const struct entrant *e = &match->entrants[i];

	return e->pending && e->pending_fault.silent;
}

bool match_finish(struct match *match, bool *said_goodbye)
{
	bool *said = xcalloc((size_t)match->count, sizeof *said), all = true;

	part(match, said);
	for (int i = 0; i < match->count; i++) {
		struct entrant *e = &match->entrants[i];

		if (said_goodbye)
			said_goodbye[i] = said[i];
		all = all && said[i];
		free(e->reported_name);
		free(e->reported_version);
		cJSON_Delete(e->files);
		cJSON_Delete(e->folder);
		free(e->stderr_path);
	}
	free(said);
	free(match->entrants);
	free(match);
	return all;
}

const char *match_stderr_path(const struct match *match, int i)
{
	const struct entrant *e = &match->entrants[i];

	return e->stderr_path ? e->stderr_path : e->config->spec.stderr_path;
}

bool match_hello_name(const struct match *match, int i, const char **name)
{
	*name = match->entrants[i].reported_name;
	return match->entrants[i].greeted;
}
