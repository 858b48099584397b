/*
 * `referee ladder PATH... [--format table|csv|json|pgn] [--anchor BOT=ELO]
 * [--key FILE] [--verify]`: Elo ratings with honest error bars from
 * checked games (docs/LADDER.md): signed tournament manifests and
 * verified logs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "keys.h"
#include "ladder.h"
#include "util.h"

enum format { TABLE, CSV, JSON, PGN, CROSSTABLE };

/* The crosstable in the table view up to this many bots (wider ones are
 * for --format crosstable). */
#define CROSSTABLE_IN_TABLE 12

struct report {
	const struct ladder_data *data;
	const struct ratings *r;
	int *order;     /* entrants, best first, grouped */
	bool multiplayer;
	struct ladder_bot_stats *bots; /* by entrant */
	int name_width; /* the longest name */
};

/* The rating as text: a number, or a bound ("> +412.0"). */
static void elo_text(const struct ratings_entry *e, char *buf, size_t len)
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

/* Forfeits and reply times to turns, bot by bot in ladder order. */
static void print_bot_stats(const struct report *rep)
{
	printf("\n%4s  %-*s %8s   %-24s %7s %9s %9s %9s\n", "rank", rep->name_width,
	       "bot", "forfeits", "by reason", "turns", "median", "p95", "max");
	for (int k = 0; k < rep->r->entrants; k++) {
		int i = rep->order[k];
		const struct ladder_bot_stats *b = &rep->bots[i];
		char why[256], med[24], p95[24], max[24];

		reasons_text(rep, i, ", ", " ", why, sizeof why);
		ms_text(med, sizeof med, b->us[TIMINGS_MEDIAN]);
		ms_text(p95, sizeof p95, b->us[TIMINGS_P95]);
		ms_text(max, sizeof max, b->us[TIMINGS_MAX]);
		printf("%4d  %-*s %8ld   %-24s %7ld %6s ms %6s ms %6s ms\n", k + 1,
		       rep->name_width, rep->data->names[i], b->forfeits, why,
		       b->turns, med, p95, max);
	}
}

/* The header of a matrix whose columns are the bots by ladder number. */
static void print_column_numbers(const struct report *rep)
{
	printf("%*s", rep->name_width + 6, "");
	for (int k = 0; k < rep->r->entrants; k++)
		printf(" %6d", k + 1);
	putchar('\n');
}

/* A matrix row's label: the bot's ladder number and its whole name. */
static void print_row_name(const struct report *rep, int k)
{
	printf("%4d  %-*s", k + 1, rep->name_width, rep->data->names[rep->order[k]]);
}

/* Each pair's points and games: a game of more seats counts once for
 * every two seats of different teams, as the ratings count it. */
static void pair_scores(const struct ladder_data *data, double *points, long *met)
{
	int n = data->entrants;

	for (size_t i = 0; i < data->count; i++) {
		const struct rating_game *g = &data->games[i];

		for (int s = 0; s < g->seats; s++)
			for (int t = 0; t < g->seats; t++) {
				int a = g->entrant[s], b = g->entrant[t];

				if (s == t || a == b || (g->team[s] >= 0 && g->team[s] == g->team[t]))
					continue;
				met[a * n + b]++;
				points[a * n + b] += g->rank[s] < g->rank[t] ? 1
						     : g->rank[s] == g->rank[t] ? 0.5 : 0;
			}
	}
}

/* Row's points against column, of the games they met in. */
static void print_crosstable(const struct report *rep)
{
	int n = rep->data->entrants;
	double *points = xcalloc((size_t)n * (size_t)n + 1, sizeof *points);
	long *met = xcalloc((size_t)n * (size_t)n + 1, sizeof *met);

	pair_scores(rep->data, points, met);
	printf("\ncrosstable (row's points against column, of the games between them)\n");
	printf("%*s", rep->name_width + 6, "");
	for (int k = 0; k < n; k++)
		printf(" %9d", k + 1);
	putchar('\n');
	for (int a = 0; a < n; a++) {
		print_row_name(rep, a);
		for (int b = 0; b < n; b++) {
			int x = rep->order[a], y = rep->order[b];
			char cell[32];

			if (a == b || !met[x * n + y])
				snprintf(cell, sizeof cell, "%s", a == b ? "-" : ".");
			else
				snprintf(cell, sizeof cell, "%g/%ld", points[x * n + y],
					 met[x * n + y]);
			printf(" %9s", cell);
		}
		putchar('\n');
	}
	free(points);
	free(met);
}

static void print_table(const struct report *rep)
{
	const struct ratings *r = rep->r;
	int group = -2;

	for (int k = 0; k < r->entrants; k++) {
		int i = rep->order[k], next = k + 1 < r->entrants ? rep->order[k + 1] : -1;
		const struct ratings_entry *e = &r->entry[i];
		char elo[32], pm[16] = "", los[16] = "";

		if (e->group != group) {
			group = e->group;
			if (r->groups > 1)
				printf("%sgroup %d%s\n", k ? "\n" : "", group + 1,
				       group < 0 ? " (no result places these bots)" : "");
			printf("%4s  %-*s %9s %7s %6s %7s %7s %5s %5s %6s%s %6s\n",
			       "rank", rep->name_width, "bot", "Elo", "+/-95%", "games", "points",
			       "score", "wins", "draws", "losses",
			       rep->multiplayer ? "  place" : "", "LOS");
		}
		elo_text(e, elo, sizeof elo);
		if (e->status == RATINGS_RATED)
			snprintf(pm, sizeof pm, "%.1f", RATINGS_Z95 * e->se);
		if (next >= 0 && r->entry[next].group == group &&
		    !isnan(ratings_los(r, i, next)))
			snprintf(los, sizeof los, "%.1f%%", 100 * ratings_los(r, i, next));
		printf("%4d  %-*s %9s %7s %6d %7.1f %6.1f%% %5d %5d %6d", k + 1,
		       rep->name_width, rep->data->names[i], elo, pm, e->games, e->points,
		       score_pct(e), e->wins, e->draws, e->losses);
		if (rep->multiplayer)
			printf(" %6.2f", e->place);
		printf(" %6s\n", los);
	}
	if (r->groups > 1)
		puts("\nThe groups never met: ratings compare only within a group.");
	for (int k = 0; k < r->entrants; k++)
		if (r->entry[rep->order[k]].note)
			printf("%s: %s\n", rep->data->names[rep->order[k]],
			       r->entry[rep->order[k]].note);
	print_bot_stats(rep);
	if (r->entrants > 1 && r->entrants <= CROSSTABLE_IN_TABLE)
		print_crosstable(rep);
	if (r->entrants > 1 && r->entrants <= 16) {
		printf("\nlikelihood of superiority (row over column)\n");
		print_column_numbers(rep);
		for (int a = 0; a < r->entrants; a++) {
			print_row_name(rep, a);
			for (int b = 0; b < r->entrants; b++) {
				double p = ratings_los(r, rep->order[a], rep->order[b]);

				if (a == b || isnan(p))
					printf(" %6s", "-");
				else
					printf(" %5.1f%%", 100 * p);
			}
			putchar('\n');
		}
	}
}

static void print_csv(const struct report *rep)
{
	puts("rank,bot,elo,status,ci95,games,points,score,wins,draws,losses,place,group,"
	     "forfeits,forfeit_reasons,turns,median_ms,p95_ms,max_ms");
	for (int k = 0; k < rep->r->entrants; k++) {
		int i = rep->order[k];
		const struct ratings_entry *e = &rep->r->entry[i];
		const struct ladder_bot_stats *b = &rep->bots[i];
		char elo[32] = "", why[256];	/* elo: empty when unrated */

		if (e->status != RATINGS_UNRATED)
			snprintf(elo, sizeof elo, "%.2f", e->elo);
		reasons_text(rep, i, ";", ":", why, sizeof why);
		printf("%d,%s,%s,%s,%.2f,%d,%.1f,%.4f,%d,%d,%d,%.3f,%d,%ld,%s,%ld,"
		       "%.3f,%.3f,%.3f\n", k + 1,
		       rep->data->names[i], elo, ladder_status_word(e->status),
		       e->status == RATINGS_RATED ? RATINGS_Z95 * e->se : 0.0,
		       e->games, e->points, score_pct(e) / 100, e->wins, e->draws,
		       e->losses, e->place, e->group + 1, b->forfeits, why, b->turns,
		       b->us[TIMINGS_MEDIAN] / 1000.0, b->us[TIMINGS_P95] / 1000.0,
		       b->us[TIMINGS_MAX] / 1000.0);
	}
}

/* A bot's forfeits (in all and by reason) and reply times to turns. */
static void add_bot_stats(const struct report *rep, int i, cJSON *o)
{
	const struct ladder_bot_stats *b = &rep->bots[i];
	cJSON *f = cJSON_AddObjectToObject(o, "forfeits"), *why, *t;

	cJSON_AddNumberToObject(f, "total", (double)b->forfeits);
	why = cJSON_AddObjectToObject(f, "by_reason");
	t = cJSON_AddObjectToObject(o, "reply_ms");
	for (int k = 0; k < rep->data->reasons.count; k++)
		if (b->by_reason[k])
			cJSON_AddNumberToObject(why, rep->data->reasons.names[k],
						(double)b->by_reason[k]);
	cJSON_AddNumberToObject(t, "turns", (double)b->turns);
	cJSON_AddNumberToObject(t, "median", b->us[TIMINGS_MEDIAN] / 1000.0);
	cJSON_AddNumberToObject(t, "p95", b->us[TIMINGS_P95] / 1000.0);
	cJSON_AddNumberToObject(t, "max", b->us[TIMINGS_MAX] / 1000.0);
}

static void print_json(const struct report *rep)
{
	cJSON *root = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(root, "ladder");
	char *text;

	for (int k = 0; k < rep->r->entrants; k++) {
		int i = rep->order[k];
		const struct ratings_entry *e = &rep->r->entry[i];
		cJSON *o = ladder_entry_json(e, rep->data->names[i], k + 1);

		add_bot_stats(rep, i, o);
		cJSON_AddItemToArray(list, o);
	}
	cJSON_AddNumberToObject(root, "games", (double)rep->data->count);
	cJSON_AddStringToObject(root, "game", rep->data->game);
	cJSON_AddStringToObject(root, "key", rep->data->key_hex);
	text = cJSON_Print(root);
	puts(text);
	free(text);
	cJSON_Delete(root);
}

/* A forfeit's reason (NULL: none) as PGN's Termination tag, in the words
 * cutechess and fastchess use. */
static const char *termination(const char *reason)
{
	if (!reason)
		return "normal";
	if (!strcmp(reason, "timeout"))
		return "time forfeit";
	if (!strcmp(reason, "illegal-action"))
		return "illegal move";
	if (!strcmp(reason, "exit"))
		return "abandoned";
	return "rules infraction";
}

/* Two-player results as PGN, seat 0 as White, to cross-check with Ordo.
 * Games of more seats are refused rather than split into pairs: the pairs
 * of one game are not independent games, and a tool that took them as
 * such would report error bars too small. */
static int print_pgn(const struct ladder_data *data)
{
	if (data->max_seats > 2)
		return cli_fail("ladder", "--format pgn writes two-player games "
				"only, and these logs hold games of up to %d "
				"players: use --format table, csv or json",
				data->max_seats);
	for (size_t i = 0; i < data->count; i++) {
		const struct rating_game *g = &data->games[data->order[i]];
		const struct ladder_game_stats *st = &data->stats[data->order[i]];
		const char *result = g->rank[0] < g->rank[1] ? "1-0"
				   : g->rank[0] > g->rank[1] ? "0-1" : "1/2-1/2";
		int out = st->reason[0] ? 0 : st->reason[1] ? 1 : -1;
		const char *reason = out < 0 ? NULL : data->reasons.names[st->reason[out] - 1];
		char date[16] = "????.??.??";
		time_t when = (time_t)st->ended;
		struct tm tm;

		if (when && gmtime_r(&when, &tm))
			strftime(date, sizeof date, "%Y.%m.%d", &tm);
		printf("[Event \"arena\"]\n[Date \"%s\"]\n[Round \"%ld\"]\n"
		       "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n"
		       "[Termination \"%s\"]\n\n", date,
		       (long)i + 1,
		       data->names[g->entrant[0]], data->names[g->entrant[1]],
		       result, termination(reason));
		if (reason)
			printf("{%s forfeits: %s} ", out ? "Black" : "White", reason);
		printf("%s\n\n", result);
	}
	return EXIT_OK;
}

/* Reads "BOT=ELO" into options: -1 with err when it is not that form or
 * no bot of the logs has that name. */
static int parse_anchor(const char *text, const struct ladder_data *data,
			struct ratings_options *options, char *err)
{
	const char *eq = strrchr(text, '=');
	char *end;

	if (!eq || eq == text)
		return errorf(err, "--anchor takes BOT=ELO, e.g. --anchor random=1500, not '%s'",
			      text);
	options->level = strtod(eq + 1, &end);
	if (end == eq + 1 || *end || !isfinite(options->level))
		return errorf(err, "--anchor %s: the rating after '=' must be a number",
			      text);
	for (int i = 0; i < data->entrants; i++)
		if (strlen(data->names[i]) == (size_t)(eq - text) &&
		    !strncmp(data->names[i], text, (size_t)(eq - text))) {
			options->anchor = i;
			return 0;
		}
	return errorf(err, "--anchor %s: no bot named '%.*s' in these logs",
		      text, (int)(eq - text), text);
}

static void report_problem(void *ctx, const char *where, const char *what)
{
	(void)ctx;
	fprintf(stderr, "referee ladder: %s: %s\n", where, what);
}

/* Rates and prints, the ratings placed by `anchor` (BOT=ELO, or NULL);
 * nothing but the problems, and exit status 1, when there is one. */
static int ladder_report(char *const *paths, int count,
			 const char *format_name, const char *anchor,
			 const struct ladder_options *check)
{
	struct problems problems = {.report = report_problem};
	struct ladder_options collect = *check;
	struct ladder_data data;
	struct ratings r;
	struct ratings_options options = {.anchor = -1, .level = 0};
	enum format format = TABLE;
	char err[ERR_LEN];

	if (format_name && !strcmp(format_name, "csv"))
		format = CSV;
	else if (format_name && !strcmp(format_name, "json"))
		format = JSON;
	else if (format_name && !strcmp(format_name, "pgn"))
		format = PGN;
	else if (format_name && !strcmp(format_name, "crosstable"))
		format = CROSSTABLE;
	collect.in_order = format == PGN;
	ladder_collect(paths, count, &collect, &data, &problems);
	if (problems.count) {
		ladder_free(&data);
		fprintf(stderr, "referee ladder: %ld problem%s: no ladder; 'referee "
			"verify FOLDER' checks a tournament's every log\n",
			problems.count, problems.count > 1 ? "s" : "");
		return EXIT_CHECK_FAILED;
	}
	if (format == PGN) {
		int rc = print_pgn(&data);

		ladder_free(&data);
		return rc;
	}
	if ((anchor && parse_anchor(anchor, &data, &options, err)) ||
	    ratings_compute(data.games, data.count, data.entrants, &options, &r, err)) {
		ladder_free(&data);
		return cli_fail("ladder", "%s", err);
	}
	struct report rep = {.data = &data, .r = &r, .multiplayer = data.max_seats > 2};

	rep.order = xmalloc((size_t)(data.entrants ? data.entrants : 1) * sizeof *rep.order);
	ratings_order(&r, (const char *const *)data.names, rep.order);
	rep.bots = xcalloc((size_t)data.entrants + 1, sizeof *rep.bots);
	ladder_stats_by_bot(data.games, data.stats, data.count, data.entrants,
			    &data.reasons, data.replies, rep.bots);
	rep.name_width = 20;
	for (int i = 0; i < data.entrants; i++)
		if ((int)strlen(data.names[i]) > rep.name_width)
			rep.name_width = (int)strlen(data.names[i]);
	if (format == CROSSTABLE) {
		print_crosstable(&rep);
	} else if (format == TABLE) {
		print_table(&rep);
		printf("\n%zu games; signed by %s\n", data.count, data.key_hex);
	} else if (format == CSV) {
		print_csv(&rep);
	} else {
		print_json(&rep);
	}
	ladder_stats_free(rep.bots, data.entrants);
	free(rep.bots);
	free(rep.order);
	ratings_free(&r);
	ladder_free(&data);
	return EXIT_OK;
}

/* The ladder of `referee tournament`, which ends with it. */
int cmd_ladder_dirs(char *const *paths, int count, const char *format_name)
{
	struct ladder_options check = {.jobs = 1};

	return ladder_report(paths, count, format_name, NULL, &check);
}

int cmd_ladder(int argc, char **argv)
{
	const char *format = "table", *anchor = NULL;
	struct ladder_options check = {.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN)};
	unsigned char key[32];
	char **paths = xcalloc((size_t)argc, sizeof *paths), err[ERR_LEN];
	int count = 0, rc;

	if (cli_wants_help(argc, argv)) {
		free(paths);
		puts("usage: referee ladder PATH... [--format table|csv|json|pgn|crosstable] "
		     "[--anchor BOT=ELO]\n"
		     "                      [--key PUBLIC_KEY_FILE] [--verify]\n\n"
		     "Rates the bots from the games in each PATH: a tournament's "
		     "output folder\n(give every shard's folder to rate a sharded "
		     "run), its manifest.jsonl, a\nfolder of logs from 'play --out', "
		     "or a log.  A tournament is rated from its\nsigned manifest, "
		     "once its chain and signature hold, every finished game's\n"
		     "log is there and nothing else is; other logs are each "
		     "verified.  Everything\nmust be one game, signed by one key "
		     "(--key's, else the first one found),\nand no game may count "
		     "twice.  Exit status 1, with every problem named and no\n"
		     "ladder, when one of these fails.  The output does not depend "
		     "on the order of\nthe paths or of the logs in them.\n"
		     "--anchor BOT=ELO holds BOT at ELO (default: each group's mean "
		     "is 0).\n"
		     "--key F    the public key every manifest and log must be "
		     "signed with\n"
		     "--verify   also hash and verify every log of a tournament, on "
		     "every core\n"
		     "pgn writes the results for other rating tools; two-player "
		     "games only.\n"
		     "The table shows each bot's forfeits by reason and its reply "
		     "times to turns\n(median, 95th percentile, longest), and the "
		     "crosstable for up to 12 bots;\ncrosstable prints the crosstable "
		     "alone, for any number of bots.");
		return EXIT_OK;
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--format")) {
			if (++i == argc || (strcmp(argv[i], "table") && strcmp(argv[i], "csv") &&
					    strcmp(argv[i], "json") && strcmp(argv[i], "pgn") &&
					    strcmp(argv[i], "crosstable"))) {
				free(paths);
				return cli_fail("ladder", "--format takes table, csv, json, "
						"pgn or crosstable");
			}
			format = argv[i];
		} else if (!strcmp(argv[i], "--anchor")) {
			if (++i == argc) {
				free(paths);
				return cli_fail("ladder", "--anchor takes BOT=ELO, e.g. --anchor random=1500");
			}
			anchor = argv[i];
		} else if (!strcmp(argv[i], "--key")) {
			if (++i == argc || keys_load_public(argv[i], key, err)) {
				free(paths);
				return cli_fail("ladder", "%s", i == argc ? "--key needs a file" : err);
			}
			check.key = key;
		} else if (!strcmp(argv[i], "--verify")) {
			check.verify = true;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			free(paths);
			return cli_fail("ladder", "unknown option '%s'", argv[i]);
		} else if (access(argv[i], F_OK)) {
			free(paths);
			return cli_fail("ladder", "cannot read '%s': %s", argv[i],
					strerror(errno));
		} else {
			paths[count++] = argv[i];
		}
	}
	if (!count) {
		free(paths);
		return cli_fail("ladder", "no path given");
	}
	rc = ladder_report(paths, count, format, anchor, &check);
	free(paths);
	return rc;
}
