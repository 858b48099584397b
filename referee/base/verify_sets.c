/*
 * Duplicate sets checked across their logs; see verify_sets.h.  A log's
 * header says its set and its seating; the logs of a set then give what
 * they must share: the records
 * "commit", "bot-commit", "bot-reveal" and "reveal", compared without
 * their "seq" and "prev", which differ from log to log, and the draws,
 * whose "dealt" must count through the whole set in step.  A whole set's
 * seatings are checked by verify_seatings_problem().
 */
#include "verify_sets.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/draws.h"
#include "games/game.h"
#include "json.h"
#include "logread.h"
#include "util.h"
#include "verify.h"

/* What the logs of a set must agree on, each as its records' text. */
enum shared { SHARED_COMMITMENT, SHARED_EXCHANGE, SHARED_SECRET, SHARED_PARTS };

static const char *const shared_names[SHARED_PARTS] = {
	"the set's commitment", "the first game's exchange", "S",
};

/* A draw of a log: its "dealt" (-1: none), its line (from 1) and the
 * place of its address (arena_draws_order()). */
struct set_draw {
	long dealt;
	size_t line;
	uint64_t order;
	const char *path; /* its log's */
	char address[64];
};

struct set_log {
	long of;
	/* Its game, its log and its bots by seat, all its own. */
	struct verify_seating seating;
	struct set_draw *draws;
	size_t draw_count;
	char *shared[SHARED_PARTS];
};

struct set {
	char id[2 * 16 + 1];
	struct set_log *logs;
	size_t count;
};

struct verify_sets {
	struct set *sets;
	size_t count;
};

struct verify_sets *verify_sets_new(void)
{
	return xcalloc(1, sizeof(struct verify_sets));
}

/* The name and command of each of its `of` seats from the header's
 * "players" (verified: one a seat, in order); false when they are not. */
static bool read_seating(struct set_log *l, const cJSON *header)
{
	const cJSON *players = cJSON_GetObjectItemCaseSensitive(header, "players");

	if (cJSON_GetArraySize(players) != l->of)
		return false;
	for (int s = 0; s < l->of; s++) {
		const cJSON *p = cJSON_GetArrayItem(players, s);
		const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p, "name"));
		const char *command = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(p, "command"));

		if (!name || !command)
			return false;
		l->seating.name[s] = xstrdup(name);
		l->seating.command[s] = xstrdup(command);
	}
	l->seating.seats = (int)l->of;
	return true;
}

/* Appends a record, but for "seq" and "prev", to `text`. */
static void add_record(char **text, const cJSON *record)
{
	cJSON *copy = cJSON_Duplicate(record, true);
	char *printed, *joined;

	cJSON_DeleteItemFromObjectCaseSensitive(copy, "seq");
	cJSON_DeleteItemFromObjectCaseSensitive(copy, "prev");
	printed = json_print_line(copy);
	joined = xasprintf("%s%s\n", *text ? *text : "", printed);
	free(printed);
	free(*text);
	*text = joined;
	cJSON_Delete(copy);
}

/* A draw record as draws.h describes it, enough for its address. */
static struct draw_record draw_of(const cJSON *rec)
{
	struct draw_record draw = {0};
	long seat = 0, turn = 0, roll = 0, d = 0;

	draw.by_seat = json_member(rec, "seat") != NULL;
	json_get_int(rec, "seat", 0, GAME_MAX_SEATS - 1, &seat);
	json_get_int(rec, "turn", 0, INT32_MAX, &turn);
	json_get_int(rec, "roll", 0, INT32_MAX, &roll);
	json_get_int(rec, "d", 0, LONG_MAX, &d);
	draw.seat = (uint32_t)seat;
	draw.turn = (uint32_t)turn;
	draw.roll = (uint32_t)roll;
	draw.index = (uint64_t)d;
	return draw;
}

/* Keeps the log's draws, with their addresses' places: the seat draws
 * counted from the seat of the first (whose turn came first). */
static void add_draws(struct set_log *l, const struct game_log *log)
{
	int first_seat = -1;

	for (size_t i = logread_find(log, 0, "draw"); i < log->count;
	     i = logread_find(log, i + 1, "draw")) {
		struct draw_record draw = draw_of(log->lines[i].json);
		struct set_draw *d;

		if (draw.by_seat && first_seat < 0)
			first_seat = (int)draw.seat;
		l->draws = xrealloc(l->draws, (l->draw_count + 1) * sizeof *l->draws);
		d = &l->draws[l->draw_count++];
		d->dealt = -1;
		json_get_int(log->lines[i].json, "dealt", 0, LONG_MAX, &d->dealt);
		d->line = i + 1;
		d->path = l->seating.path;
		d->order = arena_draws_order(&draw, first_seat);
		verify_draw_address(d->address, sizeof d->address, &draw);
	}
}

/* The records a set's logs share, by part. */
static const struct {
	const char *type;
	enum shared part;
} parts[] = {
	{"commit", SHARED_COMMITMENT}, {"bot-commit", SHARED_EXCHANGE},
	{"bot-reveal", SHARED_EXCHANGE}, {"reveal", SHARED_SECRET},
};

bool verify_sets_reads(const char *type)
{
	for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
		if (!strcmp(type, parts[k].type))
			return true;
	return !strcmp(type, "draw");
}

/* Keeps what the log shares with its set. */
static void read_shared(struct set_log *l, const struct game_log *log)
{
	for (size_t i = 0; i < log->count; i++)
		for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
			if (log->lines[i].type && !strcmp(log->lines[i].type, parts[k].type))
				add_record(&l->shared[parts[k].part], log->lines[i].json);
	add_draws(l, log);
}

static struct set *set_find(struct verify_sets *sets, const char *id)
{
	struct set *set;

	for (size_t i = 0; i < sets->count; i++)
		if (!strcmp(sets->sets[i].id, id))
			return &sets->sets[i];
	sets->sets = xrealloc(sets->sets, (sets->count + 1) * sizeof *sets->sets);
	set = &sets->sets[sets->count++];
	memset(set, 0, sizeof *set);
	snprintf(set->id, sizeof set->id, "%s", id);
	return set;
}

static void set_log_free(struct set_log *l)
{
	free((char *)l->seating.path);
	free(l->draws);
	for (int p = 0; p < SHARED_PARTS; p++)
		free(l->shared[p]);
	for (int s = 0; s < GAME_MAX_SEATS; s++) {
		free((char *)l->seating.name[s]);
		free((char *)l->seating.command[s]);
	}
}

void verify_sets_add(struct verify_sets *sets, const struct game_log *log)
{
	const cJSON *header = log->count ? log->lines[0].json : NULL;
	const cJSON *described = cJSON_GetObjectItemCaseSensitive(header, "set");
	const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(described, "id"));
	struct set_log l = {.seating.path = xstrdup(log->path)};
	struct set *set;

	/* The log verified (in a folder, maybe not: its problem is named
	 * already): its "set" and "players" are well formed. */
	if (!id || !json_get_int(described, "of", 1, GAME_MAX_SEATS, &l.of) ||
	    !json_get_int(described, "game", 0, l.of - 1, &l.seating.game) ||
	    !read_seating(&l, header)) {
		set_log_free(&l);
		return;
	}
	read_shared(&l, log);
	set = set_find(sets, id);
	set->logs = xrealloc(set->logs, (set->count + 1) * sizeof *set->logs);
	set->logs[set->count++] = l;
}

/* A set's seatings (verify_seatings_problem()): each game after game 0
 * is matched against game 0's seating, first bot by bot (a name game 0
 * does not seat, or a bot of game 0 run with another command, is another
 * bot), then as a whole, for the rotation it is, which no other game of
 * the set may have. */

static bool same_bot(const struct verify_seating *a, int sa,
		     const struct verify_seating *b, int sb)
{
	return !strcmp(a->name[sa], b->name[sb]) &&
	       !strcmp(a->command[sa], b->command[sb]);
}

/* The names of g's seats in seat order: "a, b, c". */
static const char *seating_text(const struct verify_seating *g, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int s = 0; s < g->seats && len < size; s++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", s ? ", " : "",
					g->name[s]);
	return buf;
}

/* The problem of a bot that g seats but game 0 (`first`) does not; false
 * when every bot of g is one of game 0's. */
static bool other_bot(const struct verify_seating *first,
		      const struct verify_seating *g, char *what, size_t size)
{
	char names[1024];

	for (int s = 0; s < g->seats; s++) {
		int named = -1, same = -1;

		for (int t = 0; t < first->seats; t++) {
			if (!strcmp(g->name[s], first->name[t]) && named < 0)
				named = t;
			if (same_bot(g, s, first, t))
				same = t;
		}
		if (same >= 0)
			continue;
		if (named < 0)
			snprintf(what, size, "game %ld (%s) seats \"%s\" in seat %d, a "
				 "bot not at game 0's table (%s: %s)", g->game, g->path,
				 g->name[s], s, first->path,
				 seating_text(first, names, sizeof names));
		else
			snprintf(what, size, "game %ld (%s) runs \"%s\" with the command "
				 "\"%s\", game 0 (%s) with \"%s\": another bot", g->game,
				 g->path, g->name[s], g->command[s], first->path,
				 first->command[named]);
		return true;
	}
	return false;
}

/* The rotation r of game 0's seating that g has (its seat s holds the bot
 * of game 0's seat (s + r) mod n), or -1. */
static int rotation_of(const struct verify_seating *first,
		       const struct verify_seating *g)
{
	for (int r = 0; r < first->seats; r++) {
		int s = 0;

		while (s < g->seats && same_bot(g, s, first, (s + r) % first->seats))
			s++;
		if (s == g->seats)
			return r;
	}
	return -1;
}

bool verify_seatings_problem(const struct verify_seating *games, size_t count,
			     char *what, size_t size)
{
	const struct verify_seating *by_game[GAME_MAX_SEATS] = {NULL}, *first;
	const struct verify_seating *seated[GAME_MAX_SEATS] = {NULL};
	char names[1024], more[1024];

	for (size_t i = 0; i < count; i++)
		by_game[games[i].game] = &games[i];
	first = seated[0] = by_game[0];
	for (size_t k = 1; k < count; k++) {
		const struct verify_seating *g = by_game[k];
		int r;

		if (other_bot(first, g, what, size))
			return true;
		if ((r = rotation_of(first, g)) < 0) {
			snprintf(what, size, "game %ld (%s) seats %s: not a rotation "
				 "of game 0's seating, %s (%s)", g->game, g->path,
				 seating_text(g, names, sizeof names),
				 seating_text(first, more, sizeof more), first->path);
			return true;
		}
		if (seated[r]) {
			snprintf(what, size, "games %ld (%s) and %ld (%s) seat the "
				 "bots the same way, %s: each game of a set seats "
				 "them in a rotation of its own", seated[r]->game,
				 seated[r]->path, g->game, g->path,
				 seating_text(g, names, sizeof names));
			return true;
		}
		seated[r] = g;
	}
	return false;
}

static int by_dealt(const void *a, const void *b)
{
	const struct set_draw *x = *(const struct set_draw *const *)a;
	const struct set_draw *y = *(const struct set_draw *const *)b;

	return (x->dealt > y->dealt) - (x->dealt < y->dealt);
}

/* Item 9 of docs/FAIRNESS.md, "Sets in step", over a whole set: its draws, ordered by
 * "dealt", run 0, 1, 2, ... and never go back in the order of addresses.
 * Logs of revision 4, without "dealt", are not checked. */
static bool dealt_problem(const struct set *set, char *what, size_t size)
{
	const struct set_draw **all = NULL, *none = NULL, *with = NULL;
	uint64_t *orders;
	size_t count = 0, bad;
	bool problem = false;

	for (size_t i = 0; i < set->count; i++)
		for (size_t k = 0; k < set->logs[i].draw_count; k++) {
			const struct set_draw *d = &set->logs[i].draws[k];

			if (d->dealt < 0 && !none)
				none = d;
			else if (d->dealt >= 0 && !with)
				with = d;
			all = xrealloc(all, (count + 1) * sizeof *all);
			all[count++] = d;
		}
	if (!with || none) {
		if (with)
			snprintf(what, size, "%s numbers its draws with \"dealt\" and "
				 "%s does not (line %zu)", with->path,
				 none->path, none->line);
		free(all);
		return with != NULL;
	}
	qsort(all, count, sizeof *all, by_dealt);
	orders = xmalloc(count * sizeof *orders);
	for (size_t i = 0; i < count; i++)
		orders[i] = all[i]->order;
	bad = arena_draws_out_of_step(orders, count);
	for (size_t i = 0; !problem && i < count; i++)
		if (all[i]->dealt != (long)i) {
			problem = true;
			if (all[i]->dealt < (long)i)
				snprintf(what, size, "two draws are \"dealt\": %ld, %s line "
					 "%zu and %s line %zu", all[i]->dealt,
					 all[i - 1]->path, all[i - 1]->line,
					 all[i]->path, all[i]->line);
			else
				snprintf(what, size, "no draw is \"dealt\": %zu (the next, "
					 "%s line %zu, is %ld): the count has a gap", i,
					 all[i]->path, all[i]->line, all[i]->dealt);
		}
	if (!problem && bad < count) {
		problem = true;
		snprintf(what, size, "out of step: %s line %zu (\"dealt\": %zu) is "
			 "%s, which comes before %s line %zu (\"dealt\": %zu), %s: "
			 "ordered by \"dealt\", a set's addresses never go back",
			 all[bad]->path, all[bad]->line, bad, all[bad]->address,
			 all[bad - 1]->path, all[bad - 1]->line, bad - 1,
			 all[bad - 1]->address);
	}
	free(orders);
	free(all);
	return problem;
}

/* The first problem of one set, in `what`; false when there is none. */
static bool set_problem(const struct set *set, char *what, size_t size)
{
	const struct set_log *first = &set->logs[0];
	struct verify_seating games[GAME_MAX_SEATS];
	char missing[GAME_MAX_SEATS * 4] = "";
	bool seen[GAME_MAX_SEATS] = {false};
	size_t len = 0;
	int gaps = 0;

	for (size_t i = 0; i < set->count; i++) {
		const struct set_log *l = &set->logs[i];

		for (int p = 0; p < SHARED_PARTS; p++)
			if (strcmp(l->shared[p] ? l->shared[p] : "",
				   first->shared[p] ? first->shared[p] : "")) {
				snprintf(what, size, "%s and %s disagree on %s", first->seating.path,
					 l->seating.path, shared_names[p]);
				return true;
			}
		if (l->of != first->of) {
			snprintf(what, size, "%s says the set has %ld games, %s %ld",
				 first->seating.path, first->of, l->seating.path, l->of);
			return true;
		}
		if (seen[l->seating.game]) {
			snprintf(what, size, "two logs of its game %ld (the second: %s)",
				 l->seating.game, l->seating.path);
			return true;
		}
		seen[l->seating.game] = true;
	}
	for (long k = 0; k < first->of; k++)
		if (!seen[k])
			len += (size_t)snprintf(missing + len, sizeof missing - len,
						"%s%ld", gaps++ ? ", " : "", k);
	if (gaps) {
		snprintf(what, size, "incomplete: no log of game%s %s (of %ld, "
			 "counted from 0) that verifies", gaps > 1 ? "s" : "",
			 missing, first->of);
		return true;
	}
	/* Each game once: the seatings, then the draws. */
	for (size_t i = 0; i < set->count; i++)
		games[i] = set->logs[i].seating;
	return verify_seatings_problem(games, set->count, what, size) ||
	       dealt_problem(set, what, size);
}

void verify_sets_report(const struct verify_sets *sets,
			void (*report)(void *ctx, const char *where,
				       const char *what),
			void *ctx)
{
	for (size_t i = 0; i < sets->count; i++) {
		char where[64], what[ERR_LEN + 8192];

		if (!set_problem(&sets->sets[i], what, sizeof what))
			continue;
		snprintf(where, sizeof where, "set %s", sets->sets[i].id);
		report(ctx, where, what);
	}
}

void verify_sets_free(struct verify_sets *sets)
{
	if (!sets)
		return;
	for (size_t i = 0; i < sets->count; i++) {
		for (size_t k = 0; k < sets->sets[i].count; k++)
			set_log_free(&sets->sets[i].logs[k]);
		free(sets->sets[i].logs);
	}
	free(sets->sets);
	free(sets);
}
