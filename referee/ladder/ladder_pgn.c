/*
 * The ladder's games as PGN (ladder_pgn.h), with the Termination tags of
 * cutechess and fastchess.
 */
#include "ladder_pgn.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "base/visible.h"
#include "config.h"

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

/* Games of more seats are refused rather than split into pairs: the pairs
 * of one game are not independent games, and a tool that took them as
 * such would report error bars too small. */
int ladder_pgn_print(FILE *out, const struct ladder_data *data, char *const *names,
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
