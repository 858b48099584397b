/*
 * Printing the ladder (ladder_print.h): the table with its per-bot
 * figures and matrices, csv, json and the crosstable alone, each with the
 * pentanomial counts of 2-player duplicate sets, counted here, and (but
 * csv) how many games and sets a stop cut and a resumed run dealt again.
 */
#include "ladder_print.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/keys.h"
#include "base/util.h"
#include "base/visible.h"
#include "crosstable.h"
#include "plan/swiss_standings.h"
#include "sprt.h"

/* The crosstable in the table view up to this many bots (wider ones are
 * for --format crosstable). */
#define CROSSTABLE_IN_TABLE 12

struct report {
	FILE *out;
	const struct ladder_data *data;
	const struct ladder_rank *rank;
	const struct ratings *r;
	const int *order; /* entrants, best first, grouped */
	bool multiplayer;
	const struct ladder_bot_stats *bots; /* by entrant */
	char *const *names; /* by entrant, as printed (visible.h) */
	int name_width;     /* the longest name */
};

/* What says that runs not finished were rated: their games are the ones
 * finished so far, and the ratings will change. */
static void print_provisional(FILE *out, const struct ladder_data *data)
{
	char more[32] = "";

	if (!data->unfinished_runs)
		return;
	if (data->unfinished_runs > 1)
		snprintf(more, sizeof more, " and %d more", data->unfinished_runs - 1);
	visible_line(out, "PROVISIONAL: %zu of these games are those finished so "
		     "far of a tournament that has not finished (%s%s: not signed "
		     "yet); the ratings will change", data->unfinished_games,
		     data->unfinished, more);
}

/* The Swiss runs' standings, which a Swiss run's ladder leads with. */
static void print_standings(FILE *out, const struct ladder_data *data)
{
	const cJSON *standings;

	cJSON_ArrayForEach(standings, data->swiss_standings) {
		swiss_standings_print(out, standings);
		fputc('\n', out);
	}
}

/* What says that a sharded Swiss run was rated from some of its shards. */
static void print_swiss_part(FILE *out, const struct ladder_data *data)
{
	if (data->swiss_part)
		visible_line(out, "NOT CHECKED: %s is a shard of a Swiss run whose "
			     "other shards were not given: its pairings are not "
			     "checked and its Buchholz is not counted; give every "
			     "shard's folder", data->swiss_part);
}

/* What a stop cut and a resumed run dealt again, when anything was, after
 * `before`. */
static void print_cut(FILE *out, const struct ladder_data *data, const char *before)
{
	char text[MANIFEST_CUT_LEN];

	if (data->cut.logs)
		fprintf(out, "%s%s\n", before, manifest_cut_text(&data->cut, text));
}

static double score_pct(const struct ratings_entry *e)
{
	return e->pairs ? 100.0 * e->points / e->pairs : 0;
}

/* Milliseconds from microseconds, as text. */
static void ms_text(char *buf, size_t len, int64_t us)
{
	snprintf(buf, len, "%.1f", (double)us / 1000);
}

/* A bot's forfeits by reason: "exit 2, timeout 1", or "". */
static void reasons_text(const struct report *rep, int i, const char *sep,
			 const char *between, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int k = 0; k < rep->data->reasons.count && used < len; k++)
		if (rep->bots[i].by_reason[k])
			used += (size_t)snprintf(buf + used, len - used, "%s%s%s%ld",
						 used ? sep : "", rep->data->reasons.names[k],
						 between, rep->bots[i].by_reason[k]);
}

/* Forfeits and reply times to turns, bot by bot in ladder order: wall
 * time, and the CPU time charged where the games had the CPU clock. */
static void print_bot_stats(const struct report *rep)
{
	fprintf(rep->out, "\n%4s  %-*s %8s   %-24s %7s %9s %9s %9s %9s %9s\n", "rank",
	       rep->name_width, "bot", "forfeits", "by reason", "turns", "median",
	       "p95", "max", "CPU med", "CPU p95");
	for (int k = 0; k < rep->r->entrants; k++) {
		int i = rep->order[k];
		const struct ladder_bot_stats *b = &rep->bots[i];
		char why[256], med[24] = "-", p95[24] = "-", max[24] = "-";
		char cpu_med[24] = "-", cpu_p95[24] = "-";
		const char *unit = b->turns ? " ms" : "   ";

		/* No turn answered: no time, "-", not a zero that looks
		 * measured. */
		reasons_text(rep, i, ", ", " ", why, sizeof why);
		if (b->turns) {
			ms_text(med, sizeof med, b->us[TIMINGS_MEDIAN]);
			ms_text(p95, sizeof p95, b->us[TIMINGS_P95]);
			ms_text(max, sizeof max, b->us[TIMINGS_MAX]);
		}
		if (b->cpu_turns) {
			ms_text(cpu_med, sizeof cpu_med, b->cpu_us[TIMINGS_MEDIAN]);
			ms_text(cpu_p95, sizeof cpu_p95, b->cpu_us[TIMINGS_P95]);
		}
		fprintf(rep->out, "%4d  %-*s %8ld   %-24s %7lu %6s%s %6s%s %6s%s %6s%s %6s%s\n",
		       k + 1, rep->name_width, rep->names[i], b->forfeits, why,
		       (unsigned long)b->turns, med, unit, p95, unit, max, unit, cpu_med,
		       b->cpu_turns ? " ms" : "   ", cpu_p95, b->cpu_turns ? " ms" : "");
	}
}

/* The header of a matrix whose columns, `width` wide, are the bots by
 * ladder number. */
static void print_column_numbers(const struct report *rep, int width)
{
	fprintf(rep->out, "%*s", rep->name_width + 6, "");
	for (int k = 0; k < rep->r->entrants; k++)
		fprintf(rep->out, " %*d", width, k + 1);
	fputc('\n', rep->out);
}

/* A matrix row's label: the bot's ladder number and its whole name. */
static void print_row_name(const struct report *rep, int k)
{
	fprintf(rep->out, "%4d  %-*s", k + 1, rep->name_width, rep->names[rep->order[k]]);
}

/* Row's points against column, of the games they met in. */
static void print_crosstable(const struct report *rep)
{
	int n = rep->data->entrants;
	struct crosstable cross;

	crosstable_compute(rep->data->games, rep->data->count, n, &cross);
	fprintf(rep->out, "\ncrosstable (row's points against column, of the games between them)\n");
	print_column_numbers(rep, 9);
	for (int a = 0; a < n; a++) {
		print_row_name(rep, a);
		for (int b = 0; b < n; b++) {
			const struct crosstable_cell *c = crosstable_cell(&cross, rep->order[a],
									  rep->order[b]);
			char cell[32];

			if (a == b || !crosstable_games(c))
				snprintf(cell, sizeof cell, "%s", a == b ? "-" : ".");
			else
				snprintf(cell, sizeof cell, "%g/%ld", crosstable_points(c),
					 crosstable_games(c));
			fprintf(rep->out, " %9s", cell);
		}
		fputc('\n', rep->out);
	}
	crosstable_free(&cross);
}

/* The points of entrant `who` in the 2-player game `g`: 1, 1/2 or 0. */
static double points_of(const struct rating_game *g, int who)
{
	int k = g->entrant[0] == who ? 0 : 1;

	return g->rank[k] < g->rank[1 - k] ? 1 : g->rank[k] == g->rank[1 - k] ? 0.5 : 0;
}

/* Whether games x and y are a set's two games between the same two bots. */
static bool same_pair(const struct rating_game *x, const struct rating_game *y)
{
	return x->seats == 2 && y->seats == 2 && x->entrant[0] != x->entrant[1] &&
	       ((x->entrant[0] == y->entrant[0] && x->entrant[1] == y->entrant[1]) ||
		(x->entrant[0] == y->entrant[1] && x->entrant[1] == y->entrant[0]));
}

/* The pentanomial counts of the ladder's 2-player duplicate sets: for each
 * pair of bots, how many of their sets the first scored 0, 1/4, 1/2, 3/4
 * and 1 of, as `referee sprt` counts its seat-swapped pairs, a new array
 * ([(a * entrants + b) * 5 + i]: a's sets of i / 4 points against b), and
 * in *counted how many sets it counts.  The games of a set share their
 * dice, so the set's total, not each game, says which bot played better
 * (docs/LADDER.md).  Only a whole set counts, its two games between the
 * same two bots (a set cut short by a run not yet finished waits). */
static long *pentanomial_count(const struct ladder_data *data, long *counted)
{
	size_t n = (size_t)data->entrants, sets = (size_t)data->set_count + 1;
	long *first = xmalloc(sets * sizeof *first), *games = xcalloc(sets, sizeof *games);
	long *second = xmalloc(sets * sizeof *second), *counts = xcalloc(n * n * 5, sizeof *counts);

	*counted = 0;
	for (size_t g = 0; data->set_count && g < data->count; g++) {
		uint32_t s = data->sets[g];

		if (!s)
			continue;
		if (games[s] == 0)
			first[s] = (long)g;
		else
			second[s] = (long)g;
		games[s]++;
	}
	for (size_t s = 1; s < sets; s++) {
		const struct rating_game *x, *y;
		int a, b, i;

		if (games[s] != 2)
			continue;
		x = &data->games[first[s]];
		y = &data->games[second[s]];
		if (!same_pair(x, y))
			continue;
		a = x->entrant[0];
		b = x->entrant[1];
		i = sprt_pair_outcome(points_of(x, a), points_of(y, a));
		counts[((size_t)a * n + (size_t)b) * 5 + (size_t)i]++;
		counts[((size_t)b * n + (size_t)a) * 5 + (size_t)(4 - i)]++;
		(*counted)++;
	}
	free(first);
	free(second);
	free(games);
	return counts;
}

/* Each pair's 2-player duplicate sets by the points of the pair's better
 * ranked bot, labelled as `referee sprt` labels them; nothing without
 * such sets. */
static void print_pentanomial(const struct report *rep)
{
	int n = rep->data->entrants;
	long sets, *counts = pentanomial_count(rep->data, &sets);

	if (sets)
		fprintf(rep->out, "\nduplicate sets of 2 games (the first bot's points x 2 in each set)\n");
	for (int a = 0; sets && a < n; a++)
		for (int b = a + 1; b < n; b++) {
			const long *c = &counts[((size_t)rep->order[a] * (size_t)n +
						 (size_t)rep->order[b]) * 5];
			char text[SPRT_PENTANOMIAL_LEN];

			if (!(c[0] + c[1] + c[2] + c[3] + c[4]))
				continue;
			sprt_pentanomial_text(c, text, sizeof text);
			fprintf(rep->out, "%-*s  %-*s  %s\n", rep->name_width, rep->names[rep->order[a]],
				rep->name_width, rep->names[rep->order[b]], text);
		}
	free(counts);
}

/* Whether a rated bot's interval is zero only because its results have
 * no spread yet (every duplicate set alike): few games, not certainty.
 * (The anchor, held where it is, has no spread either, and no Hessian
 * one.) */
static bool too_few(const struct ratings_entry *e)
{
	return e->status == RATINGS_RATED && RATINGS_Z95 * e->se < 0.05 &&
	       e->se_naive > 0;
}

/* Whether bot `i` is the only rated bot of its group: the point its
 * bounds are measured from, with no interval of its own (every other bot
 * won or lost all its games against it). */
static bool alone_rated(const struct ratings *r, int i)
{
	if (r->entry[i].status != RATINGS_RATED)
		return false;
	for (int j = 0; j < r->entrants; j++)
		if (j != i && r->entry[j].status == RATINGS_RATED &&
		    r->entry[j].group == r->entry[i].group)
			return false;
	return true;
}

/* With two rated bots, what matters is the gap between them, not each
 * around their mean: "gap: A - B = +X.X +/- Y.Y Elo (95%)". */
static void print_gap(const struct report *rep)
{
	const struct ratings *r = rep->r;
	int a = rep->order[0], b = rep->order[1], n = r->entrants;
	double v;

	if (n != 2 || r->entry[a].status != RATINGS_RATED ||
	    r->entry[b].status != RATINGS_RATED || r->entry[a].group != r->entry[b].group)
		return;
	v = r->cov[a * n + a] + r->cov[b * n + b] - 2 * r->cov[a * n + b];
	fprintf(rep->out, "\ngap: %s - %s = %+.1f Elo", rep->names[a], rep->names[b],
		r->entry[a].elo - r->entry[b].elo);
	if (too_few(&r->entry[a]) || !(v > 0))
		fputs(", +/-95%: too few games to tell (their results have no spread yet)\n",
		      rep->out);
	else
		fprintf(rep->out, " +/- %.1f (95%%)\n", RATINGS_Z95 * sqrt(v));
}

static void print_table(const struct report *rep)
{
	const struct ratings *r = rep->r;
	int group = -2;
	bool few = false, alone = false;

	for (int k = 0; k < r->entrants; k++) {
		int i = rep->order[k], next = k + 1 < r->entrants ? rep->order[k + 1] : -1;
		const struct ratings_entry *e = &r->entry[i];
		char elo[32], pm[16] = "", los[16] = "";

		if (e->group != group) {
			group = e->group;
			if (r->groups > 1)
				fprintf(rep->out, "%sgroup %d%s\n", k ? "\n" : "", group + 1,
				       group < 0 ? " (no result places these bots)" : "");
			fprintf(rep->out, "%4s  %-*s %9s %7s %6s %7s %7s %5s %5s %6s%s%s %6s\n",
			       "rank", rep->name_width, "bot", "Elo", "+/-95%", "games", "points",
			       "score", "wins", "draws", "losses",
			       rep->multiplayer ? "  place" : "",
			       rep->data->swiss ? " Buchholz" : "", "LOS");
		}
		ladder_elo_text(e, elo, sizeof elo);
		if (too_few(e) || alone_rated(r, i))
			snprintf(pm, sizeof pm, "-");
		else if (e->status == RATINGS_RATED)
			snprintf(pm, sizeof pm, "%.1f", RATINGS_Z95 * e->se);
		few |= too_few(e);
		alone |= alone_rated(r, i) && r->entrants > 1;
		if (next >= 0 && r->entry[next].group == group &&
		    !isnan(ratings_los(r, i, next)))
			snprintf(los, sizeof los, "%.1f%%", 100 * ratings_los(r, i, next));
		fprintf(rep->out, "%4d  %-*s %9s %7s %6d %7.1f %6.1f%% %5d %5d %6d", k + 1,
		       rep->name_width, rep->names[i], elo, pm, e->games, e->points,
		       score_pct(e), e->wins, e->draws, e->losses);
		if (rep->multiplayer)
			fprintf(rep->out, " %6.2f", e->place);
		if (rep->data->swiss)
			fprintf(rep->out, " %8.1f", rep->data->buchholz[i] / 2.0);
		fprintf(rep->out, " %6s\n", los);
	}
	if (few)
		fputs("+/-95% -: too few games to tell (their results have no spread yet; "
		      "a zero interval would look certain)\n", rep->out);
	if (alone)
		fputs("+/-95% -: the only bot of its group with a rating, the point the "
		      "bounds (> X, < X) are measured from: no interval of its own\n",
		      rep->out);
	print_gap(rep);
	if (r->groups > 1)
		fputs("\nThe groups never met: ratings compare only within a group.\n", rep->out);
	for (int k = 0; k < r->entrants; k++)
		if (r->entry[rep->order[k]].note)
			fprintf(rep->out, "%s: %s\n", rep->names[rep->order[k]],
			       r->entry[rep->order[k]].note);
	print_bot_stats(rep);
	if (r->entrants > 1 && r->entrants <= CROSSTABLE_IN_TABLE)
		print_crosstable(rep);
	print_pentanomial(rep);
	if (r->entrants > 1 && r->entrants <= 16) {
		fprintf(rep->out, "\nlikelihood of superiority (row over column)\n");
		print_column_numbers(rep, 6);
		for (int a = 0; a < r->entrants; a++) {
			print_row_name(rep, a);
			for (int b = 0; b < r->entrants; b++) {
				double p = ratings_los(r, rep->order[a], rep->order[b]);

				if (a == b || isnan(p))
					fprintf(rep->out, " %6s", "-");
				else
					fprintf(rep->out, " %5.1f%%", 100 * p);
			}
			fputc('\n', rep->out);
		}
	}
}

static void print_csv(const struct report *rep)
{
	fputs("rank,bot,elo,status,ci95,games,points,score,wins,draws,losses,place,group,"
	      "forfeits,forfeit_reasons,turns,median_ms,p95_ms,max_ms,"
	      "cpu_turns,cpu_median_ms,cpu_p95_ms,cpu_max_ms,provisional\n", rep->out);
	for (int k = 0; k < rep->r->entrants; k++) {
		int i = rep->order[k];
		const struct ratings_entry *e = &rep->r->entry[i];
		const struct ladder_bot_stats *b = &rep->bots[i];
		char elo[32] = "", why[256];	/* elo: empty when unrated */

		if (e->status != RATINGS_UNRATED)
			snprintf(elo, sizeof elo, "%.2f", e->elo);
		reasons_text(rep, i, ";", ":", why, sizeof why);
		fprintf(rep->out, "%d,%s,%s,%s,%.2f,%d,%.1f,%.4f,%d,%d,%d,%.3f,%d,%ld,%s,%ld,"
		       "%.3f,%.3f,%.3f,%llu,%.3f,%.3f,%.3f,%d\n", k + 1,
		       rep->names[i], elo, ladder_status_word(e->status),
		       e->status == RATINGS_RATED ? RATINGS_Z95 * e->se : 0.0,
		       e->games, e->points, score_pct(e) / 100, e->wins, e->draws,
		       e->losses, e->place, e->group + 1, b->forfeits, why, b->turns,
		       b->us[TIMINGS_MEDIAN] / 1000.0, b->us[TIMINGS_P95] / 1000.0,
		       b->us[TIMINGS_MAX] / 1000.0, (unsigned long long)b->cpu_turns,
		       b->cpu_us[TIMINGS_MEDIAN] / 1000.0, b->cpu_us[TIMINGS_P95] / 1000.0,
		       b->cpu_us[TIMINGS_MAX] / 1000.0, rep->data->unfinished_runs > 0);
	}
}

static void print_json(const struct report *rep)
{
	cJSON *root = cJSON_CreateObject(), *cut;
	char *text;

	if (rep->data->swiss_standings)
		cJSON_AddItemReferenceToObject(root, "swiss", rep->data->swiss_standings);
	cJSON_AddItemToObject(root, "ladder", ladder_rank_json(rep->data, rep->rank));
	if (rep->data->luck_adjusted)
		cJSON_AddItemReferenceToObject(root, "luck_adjusted",
					       (cJSON *)rep->data->luck_adjusted);
	cJSON_AddNumberToObject(root, "games", (double)rep->data->count);
	cJSON_AddStringToObject(root, "game", rep->data->game);
	cJSON_AddStringToObject(root, "key", rep->data->key_hex);
	cJSON_AddBoolToObject(root, "provisional", rep->data->unfinished_runs > 0);
	cut = cJSON_AddObjectToObject(root, "cut");
	cJSON_AddNumberToObject(cut, "games", (double)rep->data->cut.games);
	cJSON_AddNumberToObject(cut, "sets", (double)rep->data->cut.sets);
	cJSON_AddNumberToObject(cut, "logs", (double)rep->data->cut.logs);
	text = cJSON_Print(root);
	visible_puts(rep->out, text, VISIBLE_JSON);
	fputc('\n', rep->out);
	free(text);
	cJSON_Delete(root);
}

void ladder_print(FILE *out, const struct ladder_data *data, const struct ladder_rank *rank,
		  char *const *names, enum ladder_format format, bool trusted)
{
	char signer[KEYS_SIGNED_BY_LEN];
	struct report rep = {.out = out, .data = data, .rank = rank, .r = &rank->r,
			     .order = rank->order, .bots = rank->bots, .names = names,
			     .multiplayer = data->max_seats > 2};

	rep.name_width = 20;
	for (int i = 0; i < data->entrants; i++)
		if ((int)strlen(names[i]) > rep.name_width)
			rep.name_width = (int)strlen(names[i]);
	/* Every format is a case (no default), so that the compiler names a
	 * new one without its printer. */
	switch (format) {
	case LADDER_CROSSTABLE:
		print_provisional(out, data);
		print_swiss_part(out, data);
		print_crosstable(&rep);
		print_pentanomial(&rep);
		print_cut(out, data, "\n");
		break;
	case LADDER_TABLE:
		print_provisional(out, data);
		print_swiss_part(out, data);
		print_standings(out, data);
		print_table(&rep);
		fprintf(out, "\n%zu games", data->count);
		if (data->left_out)
			fprintf(out, " (and %ld left out by --skip-broken, not "
				"played)", data->left_out);
		fprintf(out, "%s; %s\n", data->unfinished_runs ? ", PROVISIONAL" : "",
			keys_signed_by(signer, data->key_hex, trusted));
		print_cut(out, data, "");
		break;
	case LADDER_CSV:
		print_csv(&rep);
		break;
	case LADDER_JSON:
		print_json(&rep);
		break;
	case LADDER_PGN:	/* from the games: ladder_show.c */
	case LADDER_FOLDERS:	/* from the logs' headers: ladder_show.c */
	case LADDER_FORMATS:
		break;
	}
}
