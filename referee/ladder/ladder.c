/*
 * Collecting checked results; see ladder.h.
 */
#include "ladder.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/keys.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/util.h"
#include "base/verify.h"
#include "games/registry.h"
#include "manifest/manifest.h"
#include "manifest/manifest_read.h"
#include "manifest/manifest_swiss_union.h"
#include "plan/swiss_standings.h"
#include "verify/verify_place.h"
#include "verify/verify_run.h"

/* Where each game came from (data->games[i] is seen[i]): its log's
 * SHA-256, which orders the games and finds one given twice, and the log
 * given alone (game 0) or the manifest and game number. */
struct seen_game {
	unsigned char sha256[32];
	uint32_t source;                /* index into sources */
	uint32_t game;
};

struct source {
	char *path;
	bool run;                       /* a manifest, with its id */
	unsigned char id[FAIR_GAME_ID_BYTES];
};

struct collect {
	struct ladder_data *data;
	const struct ladder_options *options;
	struct problems *problems;
	/* Each game's log's SHA-256, kept when a game may come twice (logs
	 * given beside manifests: two runs never share a log) or the games'
	 * order is wanted. */
	bool track;
	struct seen_game *seen;
	size_t seen_count, seen_cap;
	struct source *sources;         /* the logs and manifests rated */
	size_t source_count;
	struct ladder_sets sets;        /* of the logs given alone */
	struct manifest_swiss_union swiss; /* the shards of Swiss runs */
};

/* The entrant named `name`, added when new; -1 (with a problem) when the
 * field is already as large as the ratings allow. */
static int entrant_of(struct collect *c, const char *name)
{
	struct ladder_data *data = c->data;
	int i = name_index(data->names, data->entrants, name);

	if (i >= 0)
		return i;
	if (data->entrants == RATINGS_MAX_ENTRANTS) {
		problems_add(c->problems, name, "one bot more than the %d a "
			     "ladder can rate", RATINGS_MAX_ENTRANTS);
		return -1;
	}
	data->replies = xrealloc(data->replies, (size_t)(data->entrants + 1) * sizeof *data->replies);
	data->buchholz = xrealloc(data->buchholz, (size_t)(data->entrants + 1) *
				  sizeof *data->buchholz);
	data->buchholz[data->entrants] = 0;
	memset(&data->replies[data->entrants], 0, sizeof *data->replies);
	return name_number(&data->names, &data->entrants, name);
}

static struct rating_game *new_game(struct ladder_data *data, int seats,
				    const struct game_rules *rules)
{
	struct rating_game *g;

	if (data->count == data->cap) {
		data->cap = data->cap ? 2 * data->cap : 256;
		data->games = xrealloc(data->games, data->cap * sizeof *data->games);
		data->stats = xrealloc(data->stats, data->cap * sizeof *data->stats);
		data->sets = xrealloc(data->sets, data->cap * sizeof *data->sets);
	}
	memset(&data->stats[data->count], 0, sizeof *data->stats);
	data->sets[data->count] = 0;
	g = &data->games[data->count++];
	g->seats = (int8_t)seats;
	for (int s = 0; s < seats; s++)
		g->team[s] = (int8_t)(rules && rules->team_of ? rules->team_of(seats, s) : -1);
	if (seats > data->max_seats)
		data->max_seats = seats;
	return g;
}

/* Whether what `where` holds may be rated with what came before: the same
 * game, signed by the same key. */
static bool agree(struct collect *c, const char *where, const char *game,
		  const char *key_hex)
{
	struct ladder_data *d = c->data;
	bool ok = true;

	if (!d->first) {
		d->first = xstrdup(where);
		snprintf(d->game, sizeof d->game, "%s", game);
		snprintf(d->key_hex, sizeof d->key_hex, "%s", key_hex);
		return true;
	}
	if (strcmp(game, d->game)) {
		problems_add(c->problems, where, "a game of %s, not of %s as %s is: "
			     "rate one game at a time", game, d->game, d->first);
		ok = false;
	}
	if (strcmp(key_hex, d->key_hex)) {
		problems_add(c->problems, where, "signed by key %s, not by %s as %s "
			     "is: give --key to say which key to trust", key_hex,
			     d->key_hex, d->first);
		ok = false;
	}
	return ok;
}

/* A log or a manifest, by its index; `id` is a manifest's. */
static size_t add_source(struct collect *c, const char *path,
			 const unsigned char *id)
{
	struct source *s;

	c->sources = xrealloc(c->sources, (c->source_count + 1) * sizeof *c->sources);
	s = &c->sources[c->source_count];
	s->path = xstrdup(path);
	s->run = id != NULL;
	if (id)
		memcpy(s->id, id, sizeof s->id);
	return c->source_count++;
}

static void note_game(struct collect *c, size_t source, long game,
		      const unsigned char sha256[32])
{
	if (!c->track)
		return;
	c->seen = xgrow(c->seen, c->seen_count, &c->seen_cap, sizeof *c->seen);
	memcpy(c->seen[c->seen_count].sha256, sha256, 32);
	c->seen[c->seen_count].source = (uint32_t)source;
	c->seen[c->seen_count++].game = (uint32_t)game;
}

/* A set's logs usually come one after the other, so the ids are searched
 * from the last one met. */
uint32_t ladder_sets_number(struct ladder_sets *sets, uint32_t *set_count,
			    const cJSON *header)
{
	const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(header, "set"), "id"));

	if (!id)
		return 0;
	for (size_t i = sets->count; i-- > 0;)
		if (!strcmp(sets->ids[i], id))
			return sets->numbers[i];
	sets->ids = xrealloc(sets->ids, (sets->count + 1) * sizeof *sets->ids);
	sets->numbers = xrealloc(sets->numbers, (sets->count + 1) * sizeof *sets->numbers);
	sets->ids[sets->count] = xstrdup(id);
	return sets->numbers[sets->count++] = ++*set_count;
}

void ladder_sets_free(struct ladder_sets *sets)
{
	strings_free_count(sets->ids, sets->count);
	free(sets->numbers);
}

/* A log without a manifest: verified, then rated. */
static void take_log(struct collect *c, const char *path)
{
	struct verify_summary summary;
	struct game_log log;
	unsigned char sha[32];
	char err[ERR_LEN];
	int ranks[RATINGS_MAX_SEATS], entrant[RATINGS_MAX_SEATS];
	struct reply_clocks *replies[RATINGS_MAX_SEATS];
	const cJSON *players;
	struct ladder_data *d = c->data;
	struct stat st;
	bool seated = true;

	if (logread_load(path, &log, err) ||
	    verify_log(&log, c->options->key, NULL, &summary, err)) {
		problems_add(c->problems, path, "%s", err);
	} else if (agree(c, path, summary.game, summary.key_hex) &&
		   logread_ranks(&log, ranks, RATINGS_MAX_SEATS) == summary.players) {
		players = cJSON_GetObjectItemCaseSensitive(log.lines[0].json, "players");
		for (int s = 0; s < summary.players; s++)
			seated &= (entrant[s] = entrant_of(c, cJSON_GetStringValue(
				cJSON_GetObjectItemCaseSensitive(
					cJSON_GetArrayItem(players, s), "name")))) >= 0;
		if (seated) {
			struct rating_game *g = new_game(d, summary.players,
							 arena_game_find(summary.game));
			struct game_figures *f = &d->stats[d->count - 1];

			for (int s = 0; s < g->seats; s++) {
				g->entrant[s] = (int16_t)entrant[s];
				g->rank[s] = (int8_t)ranks[s];
				replies[s] = &d->replies[entrant[s]];
			}
			d->sets[d->count - 1] = ladder_sets_number(&c->sets, &d->set_count,
								 log.lines[0].json);
			game_figures_from_log(&log, g->seats, &d->reasons, f, replies);
			f->ended = stat(path, &st) ? 0 : (uint32_t)st.st_mtime;
			hex_decode(sha, sizeof sha, log.sha256);
			note_game(c, add_source(c, path, NULL), 0, sha);
		}
	}
	logread_free(&log);
}

/* The logs of a folder without a manifest, in name order. */
static void take_folder(struct collect *c, const char *dir)
{
	char err[ERR_LEN], **logs;
	size_t count;

	if (!(logs = verify_place_logs(dir, &count, err))) {
		problems_add(c->problems, dir, "%s", err);
		return;
	}
	if (!count)
		problems_add(c->problems, dir, "holds no game log and no %s",
			     OUTDIR_RUN_MANIFEST);
	for (size_t i = 0; i < count; i++)
		take_log(c, logs[i]);
	strings_free(logs);
}

/* qsort_r comparator of game indexes: by SHA-256, then in the order the
 * games were given. */
static int by_sha(const void *pa, const void *pb, void *ctx)
{
	const struct seen_game *seen = ctx;
	const struct seen_game *a = &seen[*(const uint32_t *)pa];
	const struct seen_game *b = &seen[*(const uint32_t *)pb];
	int d = memcmp(a->sha256, b->sha256, 32);

	if (d)
		return d;
	return a->source != b->source ? (a->source > b->source) - (a->source < b->source)
				      : (a->game > b->game) - (a->game < b->game);
}

/* The first 4 bytes of a SHA-256 as a number that orders as memcmp does. */
static uint32_t sha_prefix(const unsigned char *sha)
{
	return (uint32_t)sha[0] << 24 | (uint32_t)sha[1] << 16 |
	       (uint32_t)sha[2] << 8 | sha[3];
}

/* Puts index[] in by_sha's order: a radix sort on the first 4 bytes of
 * each SHA-256, 16 bits a pass, then by_sha within each run of equal
 * first bytes (a few pairs in a million games, and games given twice).
 * A million games take a few tens of milliseconds; qsort_r took half a
 * second. */
static void sort_by_sha(uint32_t *index, size_t n, const struct seen_game *seen)
{
	uint32_t *key = xmalloc((n + 1) * sizeof *key);
	uint32_t *key2 = xmalloc((n + 1) * sizeof *key2);
	uint32_t *index2 = xmalloc((n + 1) * sizeof *index2);
	size_t *start = xmalloc(65536 * sizeof *start);

	for (size_t i = 0; i < n; i++)
		key[i] = sha_prefix(seen[index[i]].sha256);
	for (int shift = 0; shift < 32; shift += 16) {
		size_t at = 0;
		uint32_t *t;

		memset(start, 0, 65536 * sizeof *start);
		for (size_t i = 0; i < n; i++)
			start[key[i] >> shift & 0xffff]++;
		for (size_t b = 0; b < 65536; b++) {
			size_t c = start[b];

			start[b] = at;
			at += c;
		}
		for (size_t i = 0; i < n; i++) {
			size_t to = start[key[i] >> shift & 0xffff]++;

			key2[to] = key[i];
			index2[to] = index[i];
		}
		t = key;
		key = key2;
		key2 = t;
		t = index;
		index = index2;
		index2 = t;
	}
	/* Two passes: the sorted order is back in the caller's arrays. */
	for (size_t k = 1; k < n; k++)
		for (size_t j = k; j > 0 && key[j - 1] == key[j] &&
		     by_sha(&index[j - 1], &index[j], (void *)seen) > 0; j--) {
			uint32_t t = index[j - 1];

			index[j - 1] = index[j];
			index[j] = t;
		}
	free(key);
	free(key2);
	free(index2);
	free(start);
}

/* qsort_r comparator of entrant numbers: by the names in ctx. */
static int by_name(const void *a, const void *b, void *ctx)
{
	char *const *names = ctx;

	return strcmp(names[*(const int *)a], names[*(const int *)b]);
}

void ladder_number_by_name(char *const *names, int count, int *number)
{
	int *sorted = xmalloc((size_t)(count + 1) * sizeof *sorted);

	for (int e = 0; e < count; e++)
		sorted[e] = e;
	qsort_r(sorted, (size_t)count, sizeof *sorted, by_name, (void *)names);
	for (int k = 0; k < count; k++)
		number[sorted[k]] = k;
	free(sorted);
}

/* "game N of MANIFEST", or a log's path (a new string). */
static char *describe(const struct collect *c, const struct seen_game *g)
{
	if (g->game)
		return xasprintf("game %u of %s", g->game, c->sources[g->source].path);
	return xstrdup(c->sources[g->source].path);
}

/* Names every game given twice (the same log bytes), puts the games'
 * indexes in SHA-256 order and numbers the entrants in name order: the
 * ladder then does not depend on the order of the paths, nor on how a
 * game came (as a log or through its manifest).  The games stay where
 * they are: moving a million of them took a tenth of a second. */
static void put_in_order(struct collect *c)
{
	struct ladder_data *d = c->data;
	uint32_t *index = c->track ? xmalloc((d->count + 1) * sizeof *index) : NULL;
	int *number = xmalloc((size_t)(d->entrants + 1) * sizeof *number);
	char **sorted = xmalloc((size_t)(d->entrants + 1) * sizeof *sorted);

	for (size_t i = 0; index && i < d->count; i++)
		index[i] = (uint32_t)i;
	if (index)
		sort_by_sha(index, d->count, c->seen);
	for (size_t k = 1; index && k < d->count; k++) {
		const struct seen_game *a = &c->seen[index[k - 1]], *b = &c->seen[index[k]];
		char *first, *again;

		if (memcmp(a->sha256, b->sha256, 32))
			continue;
		first = describe(c, a);
		again = describe(c, b);
		problems_add(c->problems, c->sources[b->source].path,
			     "%s is the same game as %s: a game counts once",
			     b->game ? again : "this log", first);
		free(first);
		free(again);
	}
	d->order = index;
	ladder_number_by_name(d->names, d->entrants, number);
	for (int e = 0; e < d->entrants; e++)
		sorted[number[e]] = d->names[e];
	for (size_t i = 0; i < d->count; i++)
		for (int s = 0; s < d->games[i].seats; s++)
			d->games[i].entrant[s] = (int16_t)number[d->games[i].entrant[s]];
	if (d->entrants) {
		struct reply_clocks *replies = xmalloc((size_t)d->entrants * sizeof *replies);

		int *buchholz = xmalloc((size_t)d->entrants * sizeof *buchholz);

		for (int e = 0; e < d->entrants; e++) {
			replies[number[e]] = d->replies[e];
			buchholz[number[e]] = d->buchholz[e];
		}
		free(d->replies);
		d->replies = replies;
		free(d->buchholz);
		d->buchholz = buchholz;
	}
	free(d->names);
	d->names = sorted;
	free(number);
}

/* Whether the run of `view` was already read (the same folder given
 * twice, or a copy of it). */
static bool seen_run(struct collect *c, const struct manifest_view *view)
{
	for (size_t i = 0; i < c->source_count; i++)
		if (c->sources[i].run && !memcmp(c->sources[i].id, view->id, sizeof view->id)) {
			problems_add(c->problems, view->path, "the same tournament "
				     "run as %s: its games count once", c->sources[i].path);
			return true;
		}
	return false;
}

/* The number of the tournament named `name` among the events (1 on),
 * added when new; 0 for none. */
static uint16_t event_of(struct ladder_data *d, const char *name)
{
	if (!name || (d->event_count == UINT16_MAX &&
		      name_index(d->events, d->event_count, name) < 0))
		return 0;
	return (uint16_t)(name_number(&d->events, &d->event_count, name) + 1);
}

/* The reply times of game n of a run not finished, from its log: its
 * manifest's "replies" records leave out the games since the last one
 * (up to REPLIES_EVERY_S seconds of them, or all of a short run), and a
 * ladder must not show a bot with games as one that never replied.  A log
 * that cannot be read adds nothing (the ladder names a missing one). */
static void add_log_replies(struct ladder_data *d, const struct manifest_view *view,
			    long n, const struct rating_game *g)
{
	struct reply_clocks *replies[RATINGS_MAX_SEATS];
	struct game_figures scratch = {0};
	char *path = outdir_log(view->dir, n), err[ERR_LEN];
	struct game_log log;

	if (!logread_load(path, &log, err)) {
		for (int s = 0; s < g->seats; s++)
			replies[s] = &d->replies[g->entrant[s]];
		game_figures_from_log(&log, g->seats, &d->reasons, &scratch, replies);
		logread_free(&log);
	}
	free(path);
}

/* A Swiss run's Buchholz of each bot, by entrant (`entrant`: by the
 * run's bot number, -1 for a bot without a finished game; NULL: by
 * name), and its standings, named `event`, after those of the runs
 * before. */
static void add_buchholz(struct ladder_data *d, const struct manifest_view *view,
			 const char *event, const int *entrant)
{
	struct swiss_plan plan;

	manifest_view_swiss_plan(view, &plan);
	for (int i = 0; i < view->name_count; i++) {
		int e = entrant ? entrant[i] : name_index(d->names, d->entrants, view->names[i]);

		if (e >= 0)
			d->buchholz[e] += plan.buchholz[i];
	}
	if (!d->swiss_standings)
		d->swiss_standings = cJSON_CreateArray();
	cJSON_AddItemToArray(d->swiss_standings,
			     swiss_standings_json(event, &view->swiss, &plan, view->names));
	d->swiss = true;
	swiss_plan_free(&plan);
}

/* The Buchholz of the sharded Swiss runs, from all their shards' games
 * once their pairings are checked; a run of which only some shards were
 * given is rated unchecked, without Buchholz, and named (swiss_part). */
static void add_union_buchholz(struct collect *c)
{
	struct ladder_data *d = c->data;
	long before = c->problems->count;

	manifest_swiss_union_check(&c->swiss, true, c->problems);
	for (int i = 0; c->problems->count == before && i < c->swiss.count; i++) {
		const struct swiss_union_run *run = &c->swiss.runs[i];

		if (manifest_swiss_union_whole(run))
			add_buchholz(d, &run->view, *run->view.name ? run->view.name : NULL, NULL);
		else if (!d->swiss_part)
			d->swiss_part = xstrdup(run->view.path);
	}
}

/* The finished games of a checked manifest, and its bots' reply times:
 * its "replies" records when it is signed, else its logs'. */
static void add_games(struct collect *c, const struct manifest_view *view)
{
	size_t source = add_source(c, view->path, view->id);
	const struct game_rules *rules = arena_game_find(view->game);
	struct ladder_data *d = c->data;
	int *entrant = xmalloc((size_t)(view->name_count + 1) * sizeof *entrant);
	size_t need = d->count + (size_t)view->finished;
	unsigned char reason[256] = {0}; /* the view's reason numbers, as ours */
	uint16_t event = event_of(d, view->name);

	/* Only bots with a finished game become entrants. */
	for (int i = 0; i < view->name_count; i++)
		entrant[i] = -1;
	for (int i = 0; i < view->reasons.count; i++)
		reason[i + 1] = forfeit_reasons_number(&d->reasons, view->reasons.names[i]);
	if (need > d->cap) {
		d->games = xrealloc(d->games, (d->cap = need) * sizeof *d->games);
		d->stats = xrealloc(d->stats, d->cap * sizeof *d->stats);
		d->sets = xrealloc(d->sets, d->cap * sizeof *d->sets);
	}
	for (long n = 1; n <= view->game_count; n++) {
		size_t at = (size_t)n * (size_t)view->players;
		struct rating_game *g;
		struct game_figures *f;

		if (view->state[n] != MANIFEST_FINISHED)
			continue;
		for (int s = 0; s < view->players; s++) {
			int *e = &entrant[view->seats[at + s]];

			if (*e < 0 && (*e = entrant_of(c, view->names[view->seats[at + s]])) < 0)
				goto out;
		}
		if (c->track)
			note_game(c, source, n, view->sha256[n]);
		g = new_game(d, view->players, rules);
		f = &d->stats[d->count - 1];
		f->ended = view->ended[n];
		f->event = event;
		/* A table's sets are its consecutive runs of `players` games,
		 * and every table's games a multiple of them. */
		if (view->duplicate)
			d->sets[d->count - 1] = d->set_count + (uint32_t)((n - 1) / view->players) + 1;
		for (int s = 0; s < view->players; s++) {
			g->entrant[s] = (int16_t)entrant[view->seats[at + s]];
			g->rank[s] = (int8_t)view->ranks[at + s];
			f->reason[s] = reason[view->forfeit[at + s]];
		}
		if (!view->signed_)
			add_log_replies(d, view, n, g);
	}
	if (view->duplicate)
		d->set_count += (uint32_t)(view->game_count / view->players) + 1;
	if (view->swiss.rounds && view->whole)
		add_buchholz(d, view, view->name, entrant);
	else if (view->swiss.rounds)
		manifest_swiss_union_add(&c->swiss, view, c->problems);
	for (int i = 0; i < view->name_count && view->signed_; i++)
		if (entrant[i] >= 0)
			reply_clocks_merge(&d->replies[entrant[i]], &view->replies[i]);
out:
	free(entrant);
}

/* Whether the manifest of `view` may be rated: signed, or of a run not
 * finished with --provisional, which takes the key its logs must be
 * signed with (they are verified with --verify) from --key, else from the
 * public key the run wrote beside its manifest. */
static bool may_rate(struct collect *c, struct manifest_view *view)
{
	unsigned char key[32];
	char *pub, err[ERR_LEN];
	int rc;

	if (view->signed_)
		return true;
	if (!c->options->provisional) {
		problems_add(c->problems, view->path, "not signed: the tournament "
			     "has not finished (finish it with --resume, or rate "
			     "the games finished so far with 'referee ladder "
			     "--provisional')");
		return false;
	}
	if (c->options->key) {
		hex_encode(view->key_hex, c->options->key, 32);
		return true;
	}
	pub = outdir_public_key(view->dir);
	if ((rc = keys_load_public(pub, key, err)))
		problems_add(c->problems, view->path, "not signed yet, and the "
			     "key of its logs is unknown (%s): give --key", err);
	else
		hex_encode(view->key_hex, key, 32);
	free(pub);
	return !rc;
}

/* Rates the run of `view`, its manifest read whole; `before`: the count
 * of problems before it was read. */
static void take_view(struct collect *c, const char *path,
		      struct manifest_view *view, long before)
{
	if (!may_rate(c, view) || !agree(c, path, view->game, view->key_hex) ||
	    seen_run(c, view))
		return;
	if (!arena_game_find(view->game))
		problems_add(c->problems, path, "a game this referee does "
			     "not know: %s", view->game);
	verify_run_tournament(view, c->options->verify, c->options->jobs, NULL, c->problems);
	if (c->problems->count == before) {
		struct manifest_cut cut;

		add_games(c, view);
		manifest_cut_count(view, &cut);
		manifest_cut_add(&c->data->cut, &cut);
		c->data->left_out += manifest_left_out(view);
	}
	if (c->problems->count == before && !view->signed_) {
		if (!c->data->unfinished_runs++)
			c->data->unfinished = xstrdup(path);
		c->data->unfinished_games += (size_t)view->finished;
	}
}

static void take_manifest(struct collect *c, const char *path)
{
	struct manifest_view view;
	long before = c->problems->count;

	if (!manifest_read(path, c->options->key, MANIFEST_RUNNING |
			   (c->track || c->options->verify ? MANIFEST_KEEP_HASHES : 0),
			   &view, c->problems))
		take_view(c, path, &view, before);
	manifest_view_free(&view);
}

/* The collection's start: nothing rated yet. */
static void collect_start(struct collect *c, const struct ladder_options *options,
			  struct ladder_data *data, struct problems *problems)
{
	memset(c, 0, sizeof *c);
	c->data = data;
	c->options = options;
	c->problems = problems;
	memset(data, 0, sizeof *data);
	if (options->key)
		hex_encode(data->key_hex, options->key, 32);
}

/* Its end: the games in order, the collection's own memory freed. */
static void collect_finish(struct collect *c)
{
	add_union_buchholz(c);
	manifest_swiss_union_free(&c->swiss);
	put_in_order(c);
	for (size_t i = 0; i < c->source_count; i++)
		free(c->sources[i].path);
	free(c->seen);
	free(c->sources);
	ladder_sets_free(&c->sets);
}

void ladder_collect_run(const char *path, struct manifest_view *view,
			const struct ladder_options *options,
			struct ladder_data *data, struct problems *problems)
{
	struct collect c;

	collect_start(&c, options, data, problems);
	c.track = options->in_order;
	take_view(&c, path, view, problems->count);
	collect_finish(&c);
}

void ladder_collect(char *const *paths, int count,
		    const struct ladder_options *options,
		    struct ladder_data *data, struct problems *problems)
{
	struct collect c;
	char **manifests = xcalloc((size_t)count, sizeof *manifests);
	bool *given = xcalloc((size_t)count, sizeof *given);
	struct stat st;

	collect_start(&c, options, data, problems);
	/* What each path is: a manifest, or logs. */
	for (int i = 0; i < count; i++) {
		given[i] = !stat(paths[i], &st);
		if (!given[i])
			problems_add(problems, paths[i], "cannot be read: %s",
				     strerror(errno));
		else if (manifest_is(paths[i]))
			manifests[i] = xstrdup(paths[i]);
		else if (S_ISDIR(st.st_mode))
			manifests[i] = manifest_find(paths[i]);
	}
	c.track = options->in_order;
	for (int i = 0; i < count; i++)
		c.track |= given[i] && !manifests[i];
	for (int i = 0; i < count; i++) {
		if (!given[i])
			continue;
		if (manifests[i])
			take_manifest(&c, manifests[i]);
		else if (!stat(paths[i], &st) && S_ISDIR(st.st_mode))
			take_folder(&c, paths[i]);
		else
			take_log(&c, paths[i]);
	}
	collect_finish(&c);
	strings_free_count(manifests, count);
	free(given);
}

void ladder_free(struct ladder_data *data)
{
	strings_free_count(data->names, data->entrants);
	free(data->games);
	free(data->stats);
	free(data->sets);
	free(data->order);
	free(data->replies);
	free(data->buchholz);
	strings_free_count(data->events, data->event_count);
	forfeit_reasons_free(&data->reasons);
	free(data->first);
	free(data->unfinished);
	free(data->swiss_part);
	cJSON_Delete(data->swiss_standings);
	memset(data, 0, sizeof *data);
}

const char *ladder_status_word(enum ratings_status status)
{
	static const char *const words[] = {
		[RATINGS_RATED] = "rated", [RATINGS_ABOVE] = "above",
		[RATINGS_BELOW] = "below", [RATINGS_UNRATED] = "unrated",
	};

	return words[status];
}

void ladder_elo_text(const struct ratings_entry *e, char *buf, size_t len)
{
	switch (e->status) {
	case RATINGS_RATED:
		snprintf(buf, len, "%+.1f", e->elo);
		break;
	case RATINGS_ABOVE:
		snprintf(buf, len, "> %+.1f", e->elo);
		break;
	case RATINGS_BELOW:
		snprintf(buf, len, "< %+.1f", e->elo);
		break;
	case RATINGS_UNRATED:
		snprintf(buf, len, "unrated");
		break;
	}
}
