/*
 * The header's "place"; see log_place.h.
 */
#include "log_place.h"

#include <stdio.h>
#include <string.h>

#include "games/game.h"
#include "json.h"
#include "util.h"

/* A member that is `bytes` bytes of lowercase hex, copied to `out`. */
static bool hex_member(const cJSON *o, const char *name, size_t bytes, char *out)
{
	const char *hex = cJSON_GetStringValue(json_member(o, name));
	unsigned char buf[32];

	if (!hex || bytes > sizeof buf || hex_decode(buf, bytes, hex))
		return false;
	snprintf(out, 2 * bytes + 1, "%s", hex);
	return true;
}

/* That a league's place agrees with the header's set: game k of set S of
 * n games is game (S-1)*n + k + 1 of the run. */
static bool fits_set(const cJSON *header, const struct log_place *p)
{
	const cJSON *set = json_member(header, "set");
	long k = -1, of = 0;

	if (!json_get_int(set, "game", 0, GAME_MAX_SEATS, &k) ||
	    !json_get_int(set, "of", 1, GAME_MAX_SEATS, &of))
		return false;
	return p->game == (p->set - 1) * of + k + 1;
}

int log_place_read(const cJSON *header, struct log_place *p, char *why)
{
	const cJSON *o = json_member(header, "place");
	bool league = json_member(o, "league") != NULL;
	bool numbered = json_member(o, "run_number") != NULL;
	int members = 2;

	memset(p, 0, sizeof *p);
	if (!o)
		return 0;
	if (!cJSON_IsObject(o) || !hex_member(o, "run", FAIR_GAME_ID_BYTES, p->run) ||
	    !json_get_int(o, "game", 1, 1L << 40, &p->game) ||
	    (league && !hex_member(o, "league", 32, p->league)) ||
	    (numbered && (!json_get_int(o, "run_number", 1, 1L << 40, &p->run_number) ||
			  !json_get_int(o, "set", 1, 1L << 40, &p->set))) ||
	    (league && !numbered) ||
	    cJSON_GetArraySize(o) != members + league + 2 * numbered)
		return errorf(why, "\"place\" must be {\"run\": 16 bytes of lowercase hex, "
			      "\"game\": its number from 1} or, in a league's run, "
			      "{\"league\": 32 bytes of lowercase hex (none in a league "
			      "made without an id), \"run\": ..., \"run_number\", \"set\", "
			      "\"game\": numbers from 1}");
	if (numbered && !fits_set(header, p))
		return errorf(why, "\"place\" names game %ld of set %ld, which is not "
			      "its header's game of its set (\"set\")", p->game, p->set);
	return 1;
}

void log_place_text(const struct log_place *p, char *out)
{
	char league[128] = "";

	if (*p->league)
		snprintf(league, sizeof league, " of league %s", p->league);
	if (p->run_number)
		snprintf(out, LOG_PLACE_TEXT, "game %ld (set %ld) of run %ld (%s)%s", p->game,
			 p->set, p->run_number, p->run, league);
	else
		snprintf(out, LOG_PLACE_TEXT, "game %ld of run %s", p->game, p->run);
}
