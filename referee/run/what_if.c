/*
 * A what-if (what_if.h): the logged game's exchange, key and moves read
 * back from its log, then played again by the match with the other
 * action at the decision, and on by the bots.
 */
#include "what_if.h"

#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "games/registry.h"
#include "match/match_set.h"

const char *what_if_reference_bot(const char *game)
{
	static const char *const bots[][2] = {
		{"bolo", "win-bot"}, {"bolo5", "win-bot"},
		{"volle-lotte", "expect-bot"}, {"rolit", "rolit-search"},
		{"black-pot", "black-pot-lookahead"},
	};

	for (size_t i = 0; i < sizeof bots / sizeof *bots; i++)
		if (!strcmp(game, bots[i][0]))
			return bots[i][1];
	return NULL;
}

/* Member `name` of record `rec`, `len` bytes of hex, into out: false when
 * it is not (null: a declined seat). */
static bool hex_member(const cJSON *rec, const char *name, unsigned char *out,
		       size_t len)
{
	const char *hex = cJSON_GetStringValue(json_member(rec, name));

	return hex && !hex_decode(out, len, hex);
}

/* The exchange's records into x and the what-if's secrets. */
static void take_exchange(struct match_what_if *x, const cJSON *rec, const char *type)
{
	int seat = (int)cJSON_GetNumberValue(json_member(rec, "seat"));
	struct match_exchange *e = &x->exchange;

	if (!strcmp(type, "commit"))
		hex_member(rec, "commitment", x->commitment, FAIR_HASH_BYTES);
	else if (!strcmp(type, "reveal"))
		hex_member(rec, "secret", x->secret, FAIR_SECRET_BYTES);
	else if (!strcmp(type, "bot-commit"))
		e->committed[seat] = hex_member(rec, "commitment", e->commits[seat],
						 FAIR_HASH_BYTES);
	else if (!strcmp(type, "bot-reveal"))
		e->revealed[seat] = e->opened[seat] =
			hex_member(rec, "contribution", e->contributions[seat],
				   FAIR_SECRET_BYTES);
}

/* The log's records read into x: its exchange, and its moves before
 * decision w->move (a forfeit before play or a game without a key has
 * none), then the other action.  0, or -1 with err. */
static int read_game(const struct what_if *w, struct match_what_if *x,
		     cJSON *moves, char *err)
{
	const struct game_log *log = w->log;
	bool begun = false;
	int actions = 0;

	x->exchange.keyed = true;
	for (size_t i = 1; i < log->count; i++) {
		const cJSON *rec = log->lines[i].json;
		const char *type = log->lines[i].type ? log->lines[i].type : "";
		bool opening = cJSON_IsTrue(json_member(rec, "opening"));

		take_exchange(x, rec, type);
		begun |= !strcmp(type, "begin");
		if (!strcmp(type, "abandon"))
			return errorf(err, "%s: its game had no key (a seat did not open "
				      "its commitment): no move to play otherwise", log->path);
		if (!strcmp(type, "forfeit") && !begun)
			return errorf(err, "%s: a seat forfeited before play: a what-if "
				      "plays from a game that all its seats began", log->path);
		if (actions >= w->move || (strcmp(type, "forfeit") && strcmp(type, "action")))
			continue;
		if (!strcmp(type, "action") && ++actions == w->move) {
			cJSON *other = cJSON_CreateObject();

			if (opening)
				return errorf(err, "%s: move %d is an opening move the "
					      "referee drew, not a decision", log->path, w->move);
			cJSON_AddItemToObject(other, "seat", cJSON_Duplicate(
				json_member(rec, "seat"), true));
			cJSON_AddItemToObject(other, "action", cJSON_Duplicate(w->action, true));
			cJSON_AddNumberToObject(other, "us", 0);
			cJSON_AddItemToArray(moves, other);
		} else if (!opening) {
			cJSON_AddItemToArray(moves, cJSON_Duplicate(rec, true));
		}
	}
	if (actions < w->move)
		return errorf(err, "%s has %d moves, not %d", log->path, actions, w->move);
	return 0;
}

/* The header's member that says what the what-if is. */
static cJSON *hypothetical(const struct what_if *w)
{
	cJSON *h = cJSON_CreateObject();

	cJSON_AddStringToObject(h, "source", w->log->sha256);
	cJSON_AddNumberToObject(h, "move", w->move);
	cJSON_AddItemToObject(h, "action", cJSON_Duplicate(w->action, true));
	return h;
}

/* The what-if's game id, and the id its exchange and key use. */
static int read_ids(const cJSON *header, struct match_what_if *x, char *err)
{
	const cJSON *set = json_member(header, "set");

	if (!hex_member(header, "game_id", x->game_id, FAIR_GAME_ID_BYTES))
		return errorf(err, "the log's header has no game_id");
	memcpy(x->exchange_id, x->game_id, FAIR_GAME_ID_BYTES);
	x->set = set;
	if (set && !hex_member(set, "id", x->exchange_id, FAIR_GAME_ID_BYTES))
		return errorf(err, "the log's header names no set id");
	return 0;
}

/* The match of the what-if: one game, seat s played by entrant s. */
static int play_on(const struct what_if *w, struct match_config *config, char *err)
{
	int seats = cJSON_GetArraySize(json_member(w->log->lines[0].json, "players"));
	int seating[GAME_MAX_SEATS];
	struct game_outcome outcome;
	struct match *match;
	int rc;

	for (int s = 0; s < seats; s++)
		seating[s] = s;
	if (!(match = match_start(config, w->entrants, seats, err)))
		return -1;
	rc = match_play(match, 1, seating, seats, w->out, &outcome, err);
	match_finish(match, NULL);
	return rc;
}

int what_if_play(const struct what_if *w, char *err)
{
	const cJSON *header = w->log->lines[0].json;
	struct match_what_if x = {0};
	struct match_config config = {
		.rules = arena_game_find(cJSON_GetStringValue(json_member(header, "game"))),
		.options = json_member(header, "options"),
		.time = w->time,
		.grace_ms = 200,
		.openings = cJSON_IsNumber(json_member(header, "openings"))
			    ? json_member(header, "openings")->valueint : 0,
		.what_if = &x,
	};
	cJSON *moves = cJSON_CreateArray(), *what = hypothetical(w);
	int rc = -1;

	x.moves = moves;
	x.hypothetical = what;
	if (json_member(header, "book"))
		errorf(err, "%s opens from a book: a what-if plays from a game "
		       "without one", w->log->path);
	else if (!read_ids(header, &x, err) && !read_game(w, &x, moves, err))
		rc = play_on(w, &config, err);
	cJSON_Delete(moves);
	cJSON_Delete(what);
	memset(&x, 0, sizeof x);
	return rc;
}
