/*
 * The league's ratings and ladder; see league_rate.h.
 */
#include "league/league_rate.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "base/visible.h"
#include "ladder/ladder.h"
#include "ladder/ratings.h"

/* Where the season's load is: the game being filled, by its run and game. */
struct loading {
	struct league_rating *lr;
	long run, game, first;
	size_t cap;
};

/* A seat of the season's games entered into its game, a new game (and a
 * new set, when its first game differs) begun at a new (run, game); the
 * first seat's grade kept beside the result, for the ratings of the
 * luck-adjusted scores (league_luck.h). */
static int load_seat(const struct league_season_seat *s, void *ctx, char *err)
{
	struct loading *l = ctx;
	struct league_rating *lr = l->lr;
	struct rating_game *rg;

	if (s->run != l->run || s->game != l->game) {
		if (lr->game_count == l->cap) {
			l->cap = 2 * l->cap + 64;
			lr->games = xrealloc(lr->games, l->cap * sizeof *lr->games);
			lr->sets = xrealloc(lr->sets, l->cap * sizeof *lr->sets);
			lr->at = xrealloc(lr->at, l->cap * sizeof *lr->at);
			lr->adjusted = xrealloc(lr->adjusted, l->cap * sizeof *lr->adjusted);
		}
		if (s->run != l->run || s->first != l->first)
			lr->set_count++;
		memset(&lr->games[lr->game_count], 0, sizeof *lr->games);
		lr->adjusted[lr->game_count] = NAN;
		lr->at[lr->game_count] = (struct league_game_at){s->run, s->game};
		lr->sets[lr->game_count++] = (uint32_t)lr->set_count;
		l->run = s->run, l->game = s->game, l->first = s->first;
	}
	rg = &lr->games[lr->game_count - 1];
	if (s->version < 1 || s->version > lr->count || rg->seats == RATINGS_MAX_SEATS ||
	    s->rank < 1 || s->rank > 99)
		return errorf(err, "league.db: game %ld of run %ld names a version "
			      "or rank that is not there: rebuild the index", s->game, s->run);
	lr->forfeits[s->version - 1] += s->forfeit;
	/* A stored score is never NaN (SQLite keeps none): NAN says none. */
	if (s->seat == 0 && s->graded && s->grade.decisions >= 0)
		lr->adjusted[lr->game_count - 1] = s->grade.adjusted;
	rg->entrant[rg->seats] = (int16_t)(s->version - 1);
	rg->rank[rg->seats] = (int8_t)s->rank;
	rg->team[rg->seats++] = -1;
	return 0;
}

/* What a version is ordered by: the interval's lower bound, else
 * nothing (-inf); then the rating. */
static double bound_of(const struct ratings_entry *e)
{
	return e->status == RATINGS_RATED ? e->lo
	       : e->status == RATINGS_ABOVE ? e->elo : -INFINITY;
}

bool league_rating_active(const struct league_rating *lr, int i)
{
	return lr->versions[i].latest && !lr->versions[i].retired;
}

/* Whether version i is on the ladder: active, or kept until its bot's
 * newest is rated. */
static bool ranked(const struct league_rating *lr, int i)
{
	return league_rating_active(lr, i) || lr->until[i];
}

/* qsort_r's, the rating its argument: the server sorts on several
 * threads at once. */
static int by_bound(const void *a, const void *b, void *arg)
{
	const struct league_rating *sorting = arg;
	int x = *(const int *)a, y = *(const int *)b;
	const struct league_version *vx = &sorting->versions[x], *vy = &sorting->versions[y];
	bool ax = ranked(sorting, x), ay = ranked(sorting, y);
	const struct ratings_entry *ex = &sorting->r.entry[x], *ey = &sorting->r.entry[y];
	double bx = bound_of(ex), by = bound_of(ey);
	double rx = ex->status == RATINGS_UNRATED ? -INFINITY : ex->elo;
	double ry = ey->status == RATINGS_UNRATED ? -INFINITY : ey->elo;
	int c;

	if (ax != ay)
		return ax ? -1 : 1;
	if (bx != by)
		return bx > by ? -1 : 1;
	if (rx != ry)
		return rx > ry ? -1 : 1;
	if (ex->games != ey->games)
		return ex->games > ey->games ? -1 : 1;
	/* Versions without a game wait in the order they came, which the
	 * picker seats them in: first come, first served. */
	if (!ex->games && vx->id != vy->id)
		return vx->id < vy->id ? -1 : 1;
	c = strcmp(vx->name, vy->name);
	return c ? c : vx->number - vy->number;
}

/* For each active version not rated, its bot's newest rated version
 * before it kept on the ladder until it is. */
static void keep_superseded(struct league_rating *lr)
{
	for (int i = 0; i < lr->count; i++) {
		const struct league_version *v = &lr->versions[i];
		int kept = -1;

		if (!league_rating_active(lr, i) || lr->r.entry[i].status == RATINGS_RATED)
			continue;
		for (int k = 0; k < lr->count; k++)
			if (k != i && lr->r.entry[k].status == RATINGS_RATED &&
			    !strcmp(lr->versions[k].name, v->name) &&
			    (kept < 0 || lr->versions[k].number > lr->versions[kept].number))
				kept = k;
		if (kept >= 0)
			lr->until[kept] = v->number;
	}
}

/* The active versions without a game numbered in the ladder's order,
 * the picker's (league_pick_seed()). */
static void number_waiting(struct league_rating *lr)
{
	int place = 0;

	for (int k = 0; k < lr->ranked; k++)
		if (league_rating_active(lr, lr->order[k]) && lr->r.entry[lr->order[k]].games == 0)
			lr->waiting[lr->order[k]] = ++place;
}

int league_rating_load(sqlite3 *db, struct league_rating *lr, char *err)
{
	int n;

	memset(lr, 0, sizeof *lr);
	if ((n = league_db_versions(db, &lr->versions, err)) < 0)
		return -1;
	lr->count = n;
	lr->forfeits = xcalloc((size_t)n + 1, sizeof *lr->forfeits);
	lr->cut = xcalloc((size_t)n + 1, sizeof *lr->cut);
	league_db_cut_by_version(db, lr->cut, n);
	if (n > RATINGS_MAX_ENTRANTS)
		return errorf(err, "%d versions: more than the fit rates (%d)", n,
			      RATINGS_MAX_ENTRANTS);
	/* Every game of the season in (run, game) order, seats in order. */
	if (league_db_each_season_seat(db, load_seat, &(struct loading){.lr = lr, .run = -1,
						     .game = -1, .first = -1}, err) ||
	    ratings_compute(lr->games, lr->game_count, n > 0 ? n : 1,
			    &(struct ratings_options){.anchor = -1, .set = lr->sets},
			    &lr->r, err))
		return -1;
	lr->order = xcalloc((size_t)n + 1, sizeof *lr->order);
	lr->until = xcalloc((size_t)n + 1, sizeof *lr->until);
	lr->waiting = xcalloc((size_t)n + 1, sizeof *lr->waiting);
	keep_superseded(lr);
	for (int i = 0; i < n; i++) {
		lr->order[i] = i;
		lr->active += league_rating_active(lr, i);
		lr->ranked += ranked(lr, i);
	}
	qsort_r(lr->order, (size_t)n, sizeof *lr->order, by_bound, lr);
	number_waiting(lr);
	return 0;
}

void league_rating_free(struct league_rating *lr)
{
	league_versions_free(lr->versions, lr->count);
	free(lr->games);
	free(lr->sets);
	free(lr->at);
	free(lr->adjusted);
	free(lr->order);
	free(lr->forfeits);
	free(lr->cut);
	free(lr->until);
	free(lr->waiting);
	if (lr->r.entry)
		ratings_free(&lr->r);
	memset(lr, 0, sizeof *lr);
}

/* The error a version is picked and rested by (league_pick_se()): of
 * the larger of the fit's two errors (the sandwich error of a few sets
 * split evenly can be near 0: the model's own says what games taught);
 * for a bound (it won or lost every pair so far: no interval, however
 * many), an even version's of as many pairs; none without either. */
static double pick_se(const struct ratings_entry *e)
{
	if (e->status == RATINGS_RATED)
		return league_pick_se(fmax(e->se, e->se_naive), e->pairs);
	return e->status != RATINGS_UNRATED ? league_pick_se(INFINITY, e->pairs) : INFINITY;
}

void league_rating_pick(const struct league_rating *lr, const int *active,
			struct league_pick *p)
{
	int *slot = xcalloc((size_t)lr->count + 1, sizeof *slot);

	for (int i = 0; i < lr->count; i++)
		slot[i] = -1;
	for (int a = 0; a < p->count; a++) {
		const struct ratings_entry *e = &lr->r.entry[active[a]];

		slot[active[a]] = a;
		p->e[a] = (struct league_pick_entry){
			.rated = e->status == RATINGS_RATED, .elo = e->elo,
			.se = pick_se(e), .games = e->games,
		};
	}
	memset(p->pair_sets, 0, (size_t)p->count * (size_t)p->count * sizeof *p->pair_sets);
	p->sets = 0;
	p->luck = false;
	for (size_t g = 0; g < lr->game_count; g++) {
		const struct rating_game *rg = &lr->games[g];

		if (g && lr->sets[g] == lr->sets[g - 1])
			continue;  /* a set's pairs once */
		p->sets++;
		for (int s = 0; s < rg->seats; s++)
			for (int t = 0; t < rg->seats; t++) {
				int a = slot[rg->entrant[s]], b = slot[rg->entrant[t]];

				if (s != t && a >= 0 && b >= 0)
					p->pair_sets[a * p->count + b]++;
			}
	}
	free(slot);
}

/* A version's row: its rating, bound and interval as text. */
struct row {
	char lower[16], rating[16], interval[40];
};

static void row_text(const struct ratings_entry *e, struct row *r)
{
	strcpy(r->lower, "-");
	strcpy(r->interval, "-");
	switch (e->status) {
	case RATINGS_RATED:
		snprintf(r->lower, sizeof r->lower, "%+.0f", e->lo);
		snprintf(r->rating, sizeof r->rating, "%+.0f", e->elo);
		snprintf(r->interval, sizeof r->interval, "[%+.0f, %+.0f]", e->lo, e->hi);
		break;
	case RATINGS_ABOVE:
		snprintf(r->lower, sizeof r->lower, "%+.0f", e->elo);
		snprintf(r->rating, sizeof r->rating, ">%+.0f", e->elo);
		break;
	case RATINGS_BELOW:
		snprintf(r->rating, sizeof r->rating, "<%+.0f", e->elo);
		break;
	case RATINGS_UNRATED:
		strcpy(r->rating, "-");
		break;
	}
}

static const char *state_of(const struct league_rating *lr, int i)
{
	const struct league_version *v = &lr->versions[i];

	return v->retired ? "retired" : v->latest ? "active" : lr->until[i] ? "superseded" : "old";
}

/* What a ranked version's row says besides its figures: "superseded
 * until v2 is rated", "waiting for its first game, 2nd in the queue", or
 * nothing. */
static void note_of(const struct league_rating *lr, int i, char *note, size_t size)
{
	int n = lr->waiting[i], tens = n % 100;
	const char *th = tens >= 11 && tens <= 13 ? "th" : n % 10 == 1 ? "st"
			 : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";

	if (lr->until[i])
		snprintf(note, size, "superseded until v%d is rated", lr->until[i]);
	else if (n)
		snprintf(note, size, "waiting for its first game, %d%s in the queue", n, th);
	else
		note[0] = '\0';
}

/* The user who uploaded bot `name`, or NULL: the organiser's. */
static const char *owner_of(const struct league_rating *lr, const char *name)
{
	return cJSON_GetStringValue(json_member(lr->owners, name));
}

static void print_table(FILE *out, const struct league_rating *lr, bool all)
{
	int end = all ? lr->count : lr->ranked;

	fprintf(out, "%-4s %-24s %-7s %-12s %6s %7s %-14s %6s %5s %5s %5s %6s %8s %4s %s\n",
		"rank", "bot", "version", "files", "lower", "rating", "95% interval", "games",
		"wins", "draws", "loss", "score", "forfeits", "cut", "owner");
	for (int k = 0; k < end; k++) {
		const struct league_version *v = &lr->versions[lr->order[k]];
		const struct ratings_entry *e = &lr->r.entry[lr->order[k]];
		struct row r;
		char rank[16], version[16], note[64];

		if (k == lr->ranked)
			fprintf(out, "\nold and retired versions:\n");
		row_text(e, &r);
		note_of(lr, lr->order[k], note, sizeof note);
		snprintf(rank, sizeof rank, "%d", k + 1);
		snprintf(version, sizeof version, "v%d", v->number);
		/* A version without a game has no figures to show: its place
		 * in the queue instead. */
		if (lr->waiting[lr->order[k]])
			visible_line(out, "%-4s %-24s %-7s %-12.12s %s", rank, v->name, version,
				     v->hash, note);
		else
			visible_line(out, "%-4s %-24s %-7s %-12.12s %6s %7s %-14s %6d %5d %5d %5d "
				     "%6.1f %8d %4ld %s%s%s", k < lr->ranked ? rank : "-", v->name,
				     version, v->hash, r.lower, r.rating, r.interval, e->games,
				     e->wins, e->draws, e->losses, e->points,
				     lr->forfeits[lr->order[k]], lr->cut[lr->order[k]],
				     owner_of(lr, v->name) ? owner_of(lr, v->name) : "-",
				     k < lr->ranked && !*note ? "" : " ",
				     k < lr->ranked ? note : state_of(lr, lr->order[k]));
	}
}

static void print_csv(FILE *out, const struct league_rating *lr, bool all)
{
	int end = all ? lr->count : lr->ranked;

	fprintf(out, "rank,bot,version,files,state,lower,rating,upper,games,wins,draws,"
		"losses,score,forfeits,cut,owner\n");
	for (int k = 0; k < end; k++) {
		const struct league_version *v = &lr->versions[lr->order[k]];
		const struct ratings_entry *e = &lr->r.entry[lr->order[k]];
		char lo[24] = "", elo[24] = "", hi[24] = "";

		if (e->status == RATINGS_RATED) {
			snprintf(lo, sizeof lo, "%.1f", e->lo);
			snprintf(hi, sizeof hi, "%.1f", e->hi);
		}
		if (e->status != RATINGS_UNRATED)
			snprintf(elo, sizeof elo, "%.1f", e->elo);
		if (e->status == RATINGS_ABOVE)
			snprintf(lo, sizeof lo, "%.1f", e->elo);
		if (e->status == RATINGS_BELOW)
			snprintf(hi, sizeof hi, "%.1f", e->elo);
		if (k < lr->ranked)
			fprintf(out, "%d,", k + 1);
		else
			fputc(',', out);
		fprintf(out, "%s,%d,%.12s,%s,%s,%s,%s,%d,%d,%d,%d,%.1f,%d,%ld,%s\n", v->name,
			v->number, v->hash, state_of(lr, lr->order[k]), lo, elo, hi, e->games,
			e->wins, e->draws, e->losses, e->points, lr->forfeits[lr->order[k]],
			lr->cut[lr->order[k]],
			owner_of(lr, v->name) ? owner_of(lr, v->name) : "");
	}
}

/* A number rounded to a tenth, as the json and csv give them. */
static void add_tenth(cJSON *o, const char *name, double x)
{
	cJSON_AddNumberToObject(o, name, round(x * 10) / 10);
}

void league_rating_add_note(cJSON *o, const struct league_rating *lr, int i)
{
	char note[64];

	note_of(lr, i, note, sizeof note);
	if (lr->waiting[i])
		cJSON_AddNumberToObject(o, "waiting", lr->waiting[i]);
	if (*note)
		cJSON_AddStringToObject(o, "note", note);
}

static void print_json(FILE *out, const struct league_rating *lr, bool all)
{
	cJSON *j = cJSON_CreateObject(), *rows = cJSON_AddArrayToObject(j, "ladder");
	int end = all ? lr->count : lr->ranked;
	char *text;

	cJSON_AddNumberToObject(j, "games", (double)lr->game_count);
	cJSON_AddNumberToObject(j, "sets", (double)lr->set_count);
	cJSON_AddStringToObject(j, "order", LEAGUE_LADDER_ORDER);
	for (int k = 0; k < end; k++) {
		const struct league_version *v = &lr->versions[lr->order[k]];
		const struct ratings_entry *e = &lr->r.entry[lr->order[k]];
		cJSON *o = cJSON_CreateObject();

		if (k < lr->ranked)
			cJSON_AddNumberToObject(o, "rank", k + 1);
		cJSON_AddStringToObject(o, "name", v->name);
		cJSON_AddNumberToObject(o, "version", v->number);
		cJSON_AddStringToObject(o, "files", v->hash);
		cJSON_AddStringToObject(o, "state", state_of(lr, lr->order[k]));
		cJSON_AddStringToObject(o, "status", ladder_status_word(e->status));
		if (e->status != RATINGS_UNRATED)
			add_tenth(o, "rating", e->elo);
		if (e->status == RATINGS_RATED) {
			cJSON *iv = cJSON_AddArrayToObject(o, "interval");

			cJSON_AddItemToArray(iv, cJSON_CreateNumber(round(e->lo * 10) / 10));
			cJSON_AddItemToArray(iv, cJSON_CreateNumber(round(e->hi * 10) / 10));
		}
		cJSON_AddNumberToObject(o, "games", e->games);
		cJSON_AddNumberToObject(o, "wins", e->wins);
		cJSON_AddNumberToObject(o, "draws", e->draws);
		cJSON_AddNumberToObject(o, "losses", e->losses);
		cJSON_AddNumberToObject(o, "score", e->points);
		cJSON_AddNumberToObject(o, "forfeits", lr->forfeits[lr->order[k]]);
		cJSON_AddNumberToObject(o, "cut", (double)lr->cut[lr->order[k]]);
		if (owner_of(lr, v->name))
			cJSON_AddStringToObject(o, "owner", owner_of(lr, v->name));
		else
			cJSON_AddNullToObject(o, "owner");
		league_rating_add_note(o, lr, lr->order[k]);
		cJSON_AddItemToArray(rows, o);
	}
	if (lr->luck_adjusted)
		cJSON_AddItemReferenceToObject(j, "luck_adjusted", (cJSON *)lr->luck_adjusted);
	text = json_print_line(j);
	fprintf(out, "%s\n", text);
	free(text);
	cJSON_Delete(j);
}

void league_ladder_print(FILE *out, const struct league_rating *lr,
			 enum league_format format, bool all)
{
	switch (format) {
	case LEAGUE_TABLE: print_table(out, lr, all); break;
	case LEAGUE_CSV: print_csv(out, lr, all); break;
	case LEAGUE_JSON: print_json(out, lr, all); break;
	}
}
