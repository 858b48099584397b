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
#include <unistd.h>

#include "cli.h"
#include "keys.h"
#include "ladder.h"
#include "util.h"

enum format { TABLE, CSV, JSON, PGN };

struct report {
	const struct ladder_data *data;
	const struct ratings *r;
	int *order;     /* entrants, best first, grouped */
	bool multiplayer;
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
			printf("%4s  %-20s %9s %7s %6s %7s %7s %5s %5s %6s%s %6s\n",
			       "rank", "bot", "Elo", "+/-95%", "games", "points",
			       "score", "wins", "draws", "losses",
			       rep->multiplayer ? "  place" : "", "LOS");
		}
		elo_text(e, elo, sizeof elo);
		if (e->status == RATINGS_RATED)
			snprintf(pm, sizeof pm, "%.1f", RATINGS_Z95 * e->se);
		if (next >= 0 && r->entry[next].group == group &&
		    !isnan(ratings_los(r, i, next)))
			snprintf(los, sizeof los, "%.1f%%", 100 * ratings_los(r, i, next));
		printf("%4d  %-20s %9s %7s %6d %7.1f %6.1f%% %5d %5d %6d", k + 1,
		       rep->data->names[i], elo, pm, e->games, e->points,
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
	if (r->entrants > 1 && r->entrants <= 16) {
		printf("\nlikelihood of superiority (row over column)\n%-12s", "");
		for (int k = 0; k < r->entrants; k++)
			printf(" %10.10s", rep->data->names[rep->order[k]]);
		putchar('\n');
		for (int a = 0; a < r->entrants; a++) {
			printf("%-12.12s", rep->data->names[rep->order[a]]);
			for (int b = 0; b < r->entrants; b++) {
				double p = ratings_los(r, rep->order[a], rep->order[b]);

				if (a == b || isnan(p))
					printf(" %10s", "-");
				else
					printf(" %9.1f%%", 100 * p);
			}
			putchar('\n');
		}
	}
}

static void print_csv(const struct report *rep)
{
	puts("rank,bot,elo,status,ci95,games,points,score,wins,draws,losses,place,group");
	for (int k = 0; k < rep->r->entrants; k++) {
		int i = rep->order[k];
		const struct ratings_entry *e = &rep->r->entry[i];
		static const char *const status[] = {"rated", "above", "below", "unrated"};
		char elo[32] = "";	/* empty when unrated */

		if (e->status != RATINGS_UNRATED)
			snprintf(elo, sizeof elo, "%.2f", e->elo);
		printf("%d,%s,%s,%s,%.2f,%d,%.1f,%.4f,%d,%d,%d,%.3f,%d\n", k + 1,
		       rep->data->names[i], elo, status[e->status],
		       e->status == RATINGS_RATED ? RATINGS_Z95 * e->se : 0.0,
		       e->games, e->points, score_pct(e) / 100, e->wins, e->draws,
		       e->losses, e->place, e->group + 1);
	}
}

static void print_json(const struct report *rep)
{
	static const char *const status[] = {"rated", "above", "below", "unrated"};
	cJSON *root = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(root, "ladder");
	char *text;

	for (int k = 0; k < rep->r->entrants; k++) {
		int i = rep->order[k];
		const struct ratings_entry *e = &rep->r->entry[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddNumberToObject(o, "rank", k + 1);
		cJSON_AddStringToObject(o, "bot", rep->data->names[i]);
		cJSON_AddStringToObject(o, "status", status[e->status]);
		cJSON_AddNumberToObject(o, "elo", e->elo);
		if (e->status == RATINGS_RATED)
			cJSON_AddNumberToObject(o, "ci95", RATINGS_Z95 * e->se);
		cJSON_AddNumberToObject(o, "group", e->group + 1);
		cJSON_AddNumberToObject(o, "games", e->games);
		cJSON_AddNumberToObject(o, "points", e->points);
		cJSON_AddNumberToObject(o, "pairs", e->pairs);
		cJSON_AddNumberToObject(o, "wins", e->wins);
		cJSON_AddNumberToObject(o, "draws", e->draws);
		cJSON_AddNumberToObject(o, "losses", e->losses);
		cJSON_AddNumberToObject(o, "place", e->place);
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
		const struct rating_game *g = &data->games[i];
		const char *result = g->rank[0] < g->rank[1] ? "1-0"
				   : g->rank[0] > g->rank[1] ? "0-1" : "1/2-1/2";

		printf("[Event \"arena\"]\n[Round \"%zu\"]\n[White \"%s\"]\n"
		       "[Black \"%s\"]\n[Result \"%s\"]\n\n%s\n\n", i + 1,
		       data->names[g->entrant[0]], data->names[g->entrant[1]],
		       result, result);
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
	ladder_collect(paths, count, check, &data, &problems);
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
	if (format == TABLE) {
		print_table(&rep);
		printf("\n%zu games; signed by %s\n", data.count, data.key_hex);
	} else if (format == CSV) {
		print_csv(&rep);
	} else {
		print_json(&rep);
	}
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
		puts("usage: referee ladder PATH... [--format table|csv|json|pgn] "
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
		     "games only.");
		return EXIT_OK;
	}
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--format")) {
			if (++i == argc || (strcmp(argv[i], "table") && strcmp(argv[i], "csv") &&
					    strcmp(argv[i], "json") && strcmp(argv[i], "pgn"))) {
				free(paths);
				return cli_fail("ladder", "--format takes table, csv, json or pgn");
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
