/*
 * The ladder shown from the logs (ladder_print.h's ladder_show): the
 * table of formats and what each prints from, the games collected, the
 * ratings placed by --anchor, and the ladder printed in its format, by
 * ladder_print() or, for pgn and folders, from the games or the logs'
 * headers.
 */
#include "ladder_print.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/visible.h"
#include "ladder_folders.h"
#include "ladder_pgn.h"

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

/* Prints the collected `data` in `format`: 0, or -1 with err. */
static int print_format(char *const *paths, int count, const struct ladder_data *data,
			enum ladder_format format, const char *anchor, bool trusted,
			char **names, char *err)
{
	struct ratings_options options = {.anchor = -1, .level = 0};
	struct ladder_rank rank;

	if (formats[format].source == FROM_GAMES)
		return ladder_pgn_print(stdout, data, names, err);
	if (formats[format].source == FROM_HEADERS)
		return ladder_folders_print(paths, count, err);
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
	for (int i = 0; i < data.entrants; i++)
		free(names[i]);
	free(names);
	ladder_free(&data);
	return rc;
}
