/*
 * The ladder shown from the logs (ladder_print.h's ladder_show): the
 * table of formats and what each prints from, the games collected, the
 * ratings placed by --anchor, and the ladder printed in its format, by
 * ladder_print() or, for pgn and folders, here, from the games or the
 * logs' headers.
 */
#include "ladder_print.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/logread.h"
#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "bot/botfolder.h"
#include "config.h"
#include "manifest/manifest.h"
#include "verify/verify_place.h"

/* Every format: its name, and what it prints from: the ratings
 * (ladder_print), the games in their order (pgn), or the logs' headers
 * (folders). */
enum ladder_source { FROM_RATINGS, FROM_GAMES, FROM_HEADERS };
static const struct {
	const char *name;
	enum ladder_source source;
} formats[LADDER_FORMATS] = {
	[LADDER_TABLE] = {"table", FROM_RATINGS},
	[LADDER_CSV] = {"csv", FROM_RATINGS},
	[LADDER_JSON] = {"json", FROM_RATINGS},
	[LADDER_PGN] = {"pgn", FROM_GAMES},
	[LADDER_CROSSTABLE] = {"crosstable", FROM_RATINGS},
	[LADDER_FOLDERS] = {"folders", FROM_HEADERS},
};

int ladder_format_called(const char *name)
{
	int f = LADDER_TABLE;

	while (name && f < LADDER_FORMATS && strcmp(formats[f].name, name))
		f++;
	return f < LADDER_FORMATS ? f : -1;
}

/* Reads "BOT=ELO" into options: -1 with err when it is not that form or
 * no bot of the logs has that name. */
static int parse_anchor(const char *text, const struct ladder_data *data,
			struct ratings_options *options, char *err)
{
	const char *eq = strrchr(text, '=');
	char *end, *bot;

	if (!eq || eq == text)
		return errorf(err, "--anchor takes BOT=ELO, e.g. --anchor random=1500, not '%s'",
			      text);
	options->level = strtod(eq + 1, &end);
	if (end == eq + 1 || *end || !isfinite(options->level))
		return errorf(err, "--anchor %s: the rating after '=' must be a number",
			      text);
	bot = xasprintf("%.*s", (int)(eq - text), text);
	options->anchor = name_index(data->names, data->entrants, bot);
	free(bot);
	if (options->anchor >= 0)
		return 0;
	return errorf(err, "--anchor %s: no bot named '%.*s' in these logs",
		      text, (int)(eq - text), text);
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

/* A PGN tag pair; its value (a name from a log or a manifest, which
 * anyone may have written) with '\\' and '"' escaped as PGN says, and
 * made safe to print. */
static void pgn_tag(FILE *out, const char *tag, const char *value)
{
	char *quoted = xmalloc(2 * strlen(value) + 1), *q = quoted;

	for (const char *p = value; *p; p++) {
		if (*p == '"' || *p == '\\')
			*q++ = '\\';
		*q++ = *p;
	}
	*q = '\0';
	visible_line(out, "[%s \"%s\"]", tag, quoted);
	free(quoted);
}

/* `--format pgn`: two-player results as PGN tag pairs, with the
 * Termination tags of cutechess and fastchess, for other rating tools
 * (Ordo, BayesElo) to cross-check the ladder with: the games of `data`
 * (collected in_order) to `out`, seat 0 as White, the bots by `names`;
 * 0, or -1 with err when the logs hold games of more than two players.
 * Games of more seats are refused rather than split into pairs: the pairs
 * of one game are not independent games, and a tool that took them as
 * such would report error bars too small. */
static int pgn_print(FILE *out, const struct ladder_data *data, char *const *names,
		     char *err)
{
	if (data->max_seats > 2)
		return errorf(err, "--format pgn writes two-player games "
			      "only, and these logs hold games of up to %d "
			      "players: use --format table, csv or json",
			      data->max_seats);
	for (size_t i = 0; i < data->count; i++) {
		const struct rating_game *g = &data->games[data->order[i]];
		const struct game_figures *st = &data->stats[data->order[i]];
		const char *result = g->rank[0] < g->rank[1] ? "1-0"
				   : g->rank[0] > g->rank[1] ? "0-1" : "1/2-1/2";
		int seat = st->reason[0] ? 0 : st->reason[1] ? 1 : -1;
		const char *reason = seat < 0 ? NULL : data->reasons.names[st->reason[seat] - 1];
		char date[16] = "????.??.??";
		time_t when = (time_t)st->ended;
		struct tm tm;

		if (when && gmtime_r(&when, &tm))
			strftime(date, sizeof date, "%Y.%m.%d", &tm);
		/* Event: the tournament the game was played in. */
		pgn_tag(out, "Event", st->event ? data->events[st->event - 1] : PACKAGE_NAME);
		fprintf(out, "[Date \"%s\"]\n[Round \"%ld\"]\n", date, (long)i + 1);
		pgn_tag(out, "White", names[g->entrant[0]]);
		pgn_tag(out, "Black", names[g->entrant[1]]);
		fprintf(out, "[Result \"%s\"]\n[Termination \"%s\"]\n%s\n", result,
			termination(reason),
			data->unfinished_runs ? "[Provisional \"true\"]\n" : "");
		if (reason)
			fprintf(out, "{%s forfeits: %s} ", seat ? "Black" : "White", reason);
		fprintf(out, "%s\n\n", result);
	}
	return 0;
}

/* One bot with one folder hash ("" when it had no folder). */
struct seen {
	char *bot, *sha256;
	bool capped;
	long games;
};

struct folders {
	struct seen *seen;
	size_t count;
};

static void note(struct folders *f, const char *bot, const cJSON *folder)
{
	const char *sha256 = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(folder, "sha256"));
	bool capped = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(folder, "capped"));
	size_t i = 0;

	sha256 = sha256 ? sha256 : "";
	while (i < f->count && (strcmp(f->seen[i].bot, bot) ||
				strcmp(f->seen[i].sha256, sha256)))
		i++;
	if (i == f->count) {
		f->seen = xrealloc(f->seen, (f->count + 1) * sizeof *f->seen);
		f->seen[f->count++] = (struct seen){xstrdup(bot), xstrdup(sha256), capped, 0};
	}
	f->seen[i].games++;
}

/* Notes every player of the log at `path`, from its first line. */
static int read_header(struct folders *f, const char *path, char *err)
{
	cJSON *header = logread_header(path), *player;

	if (!header && access(path, R_OK))
		return errorf(err, "cannot read '%s'", path);
	if (!header)
		return errorf(err, "%s: its first line is not a header record", path);
	cJSON_ArrayForEach(player, cJSON_GetObjectItemCaseSensitive(header, "players")) {
		const char *bot = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(player, "name"));

		note(f, bot ? bot : "?", cJSON_GetObjectItemCaseSensitive(player, "folder"));
	}
	cJSON_Delete(header);
	return 0;
}

/* The logs of one path: a folder's (a tournament's games/), those of the
 * folder of a manifest, or the log itself. */
static int read_path(struct folders *f, const char *path, char *err)
{
	struct stat st;
	char **logs, *dir = NULL;
	size_t count;
	int rc = 0;

	if (stat(path, &st))
		return errorf(err, "cannot read '%s'", path);
	if (!S_ISDIR(st.st_mode) && !manifest_is(path))
		return read_header(f, path, err);
	if (!S_ISDIR(st.st_mode))
		dir = path_parent(path);
	logs = verify_place_logs(dir ? dir : path, &count, err);
	free(dir);
	if (!logs)
		return -1;
	for (size_t i = 0; i < count && !rc; i++)
		rc = read_header(f, logs[i], err);
	strings_free(logs);
	return rc;
}

static int by_bot(const void *pa, const void *pb)
{
	const struct seen *a = pa, *b = pb;
	int d = strcmp(a->bot, b->bot);

	return d ? d : strcmp(a->sha256, b->sha256);
}

/* `--format folders`: which version of each bot played, from the
 * "folder" record of each player in the logs' headers (docs/LOGS.md, "A
 * bot's folder"), only their header lines read: per bot, each folder
 * hash seen and in how many games, for the logs of `paths` (as `referee
 * ladder` takes them); 0, or -1 with err when a log cannot be read. */
static int folders_print(char *const *paths, int count, char *err)
{
	struct folders f = {0};
	int rc = 0;

	for (int i = 0; i < count && !rc; i++)
		rc = read_path(&f, paths[i], err);
	if (!rc && f.count) {
		qsort(f.seen, f.count, sizeof *f.seen, by_bot);
		printf("%-20s %-64s %6s\n", "bot", "folder sha256", "games");
	}
	for (size_t i = 0; i < f.count; i++) {
		const struct seen *s = &f.seen[i];

		if (!rc)
			visible_line(stdout, "%-20s %-64s %6ld%s", s->bot,
				     s->sha256[0] ? s->sha256 : "(no folder)", s->games,
				     s->capped ? "  capped: the first " BOTFOLDER_CAP : "");
		free(s->bot);
		free(s->sha256);
	}
	free(f.seen);
	return rc;
}

/* Prints the collected `data` in `format`: 0, or -1 with err. */
static int print_format(char *const *paths, int count, const struct ladder_data *data,
			enum ladder_format format, const char *anchor, bool trusted,
			char **names, char *err)
{
	struct ratings_options options = {.anchor = -1, .level = 0};
	struct ladder_rank rank;

	if (formats[format].source == FROM_GAMES)
		return pgn_print(stdout, data, names, err);
	if (formats[format].source == FROM_HEADERS)
		return folders_print(paths, count, err);
	if ((anchor && parse_anchor(anchor, data, &options, err)) ||
	    ladder_rank(data, &options, &rank, err))
		return -1;
	ladder_print(stdout, data, &rank, names, format, trusted);
	ladder_rank_free(&rank);
	return 0;
}

long ladder_show(char *const *paths, int count, enum ladder_format format,
		 const char *anchor, const struct ladder_options *check,
		 struct problems *problems, char *err)
{
	struct ladder_options collect = *check;
	struct ladder_data data;
	char **names;
	long rc;

	collect.in_order = formats[format].source == FROM_GAMES;
	ladder_collect(paths, count, &collect, &data, problems);
	data.luck_adjusted = check->luck_adjusted;
	if (problems->count) {
		ladder_free(&data);
		return problems->count;
	}
	names = xcalloc((size_t)data.entrants + 1, sizeof *names);
	for (int i = 0; i < data.entrants; i++)
		names[i] = visible_text(data.names[i], VISIBLE_LINE);
	rc = print_format(paths, count, &data, format, anchor, check->key != NULL,
			  names, err);
	strings_free_count(names, data.entrants);
	ladder_free(&data);
	return rc;
}
