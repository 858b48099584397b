/*
 * Duplicate sets in a tournament; see tournament_duplicate.h.  Only the
 * sandbox keeps a bot from reading the logs of its set's other games,
 * written as they draw, so without it the organiser must vouch for the
 * bots.
 */
#include "tournament_duplicate.h"

#include "base/json.h"
#include "base/util.h"

static int read_bool(const cJSON *root, const char *key, bool *out, char *err)
{
	if (!json_get_bool(root, key, out))
		return errorf(err, "\"%s\" must be true or false", key);
	return 0;
}

int tournament_duplicate_read(const cJSON *root, struct tournament_spec *spec,
			      char *err)
{
	return read_bool(root, "duplicate", &spec->duplicate, err) ||
	       read_bool(root, "trusted_bots", &spec->trusted_bots, err) ? -1 : 0;
}

int tournament_duplicate_check(const struct tournament_spec *spec, char *err)
{
	if (spec->duplicate && !spec->limits.sandbox && !spec->trusted_bots)
		return errorf(err, "\"duplicate\": true without the sandbox: a bot "
			      "could read the set's draws (dice, cards, who "
			      "starts) in the logs of its other "
			      "games before its own game deals them; add "
			      "\"trusted_bots\": true if you trust the bots not to");
	return 0;
}

long tournament_duplicate_first(const struct tournament_spec *spec,
				const struct schedule *schedule, long game)
{
	const struct schedule_table *t;

	if (!spec->duplicate)
		return game;
	t = &schedule->tables[schedule->games[game - 1].table];
	return game - (game - t->first_game) % schedule->players;
}
