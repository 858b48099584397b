/*
 * The pair's values of own play (grade_own.h): a first pass over the
 * logs replays each (grade_replay()) and counts each decision as its
 * player's choice in the half of its game; then each half's values are
 * solved with the other half's counts.
 */
#include "grade_own.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/logread.h"
#include "base/util.h"
#include "games/dice.h"
#include "games/registry.h"
#include "grade_ahead.h"
#include "values/own_policy.h"

struct grade_own {
	char *names[VALUES_SEATS];	/* the pair, as first met */
	struct grade_values *half[2];	/* graded with the other half's choices */
};

/* The half of the game of `header`: its game id's last digit's parity. */
static int grade_own_half(const cJSON *header)
{
	const char *id = cJSON_GetStringValue(json_member(header, "game_id"));
	size_t len = id ? strlen(id) : 0;

	return len ? (int)(strtol(id + len - 1, NULL, 16) & 1) : 0;
}

/* The players of the game of `header` as the pair's, into player[seat];
 * the pair named from the first game; false when they are not the pair. */
static bool grade_own_seats(struct grade_own *o, const cJSON *header,
			    int player[VALUES_SEATS])
{
	const cJSON *players = json_member(header, "players");

	if (cJSON_GetArraySize(players) != VALUES_SEATS)
		return false;
	for (int s = 0; s < VALUES_SEATS; s++) {
		const char *name = cJSON_GetStringValue(json_member(
			cJSON_GetArrayItem(players, s), "name"));

		if (!name)
			return false;
		if (!o->names[0])
			o->names[0] = xstrdup(name);
		else if (!o->names[1] && strcmp(name, o->names[0]))
			o->names[1] = xstrdup(name);
		player[s] = o->names[0] && !strcmp(name, o->names[0]) ? 0
			    : o->names[1] && !strcmp(name, o->names[1]) ? 1 : -1;
		if (player[s] < 0)
			return false;
	}
	return player[0] != player[1];
}

/* What a decision's replay needs: the values that read the state (their
 * model), each player's counts, the seats' players. */
struct grade_own_count {
	struct values *values;
	struct own_policy **counts;	/* [player] of the game's half */
	const int *player;
};

/* grade_decided of grade_replay(): the action played counted as its
 * player's (values_count() passes over one the rules do not list). */
static void grade_own_decided(void *ctx, const void *state, int seat,
			      const cJSON *action)
{
	const struct grade_own_count *c = ctx;

	values_count(c->values, state, arena_dice_game_action_id(state, action),
		     c->counts[c->player[seat]]);
}

/* Counts the decisions of the log at `path` into counts[half][player];
 * -1 with why in err for a log not of the pair. */
static int grade_own_count_log(struct grade_own *o, const char *path,
			       struct values **values,
			       struct own_policy *counts[2][VALUES_SEATS],
			       cJSON **options, char *err)
{
	struct game_log log;
	const cJSON *header;
	const char *game;
	int player[VALUES_SEATS], rc = 0;

	if (logread_load(path, &log, err) < 0)
		return -1;
	header = log.count ? log.lines[0].json : NULL;
	game = cJSON_GetStringValue(json_member(header, "game"));
	if (!game || !grade_own_seats(o, header, player)) {
		rc = errorf(err, "%s: --own-play grades the games of one pair of "
			    "players: this one is not %s against %s", path,
			    o->names[0] ? o->names[0] : "?",
			    o->names[1] ? o->names[1] : "?");
	} else if (!*values) {
		char why[VALUES_ERR_LEN];

		*options = cJSON_Duplicate(json_member(header, "options"), true);
		*values = values_open(game, *options, VALUES_SEATS, NULL, why);
		for (int h = 0; h < 2 && *values; h++)
			for (int m = 0; m < VALUES_SEATS; m++)
				counts[h][m] = own_policy_new(game);
		if (!*values)
			rc = errorf(err, "%s: %s", path, why);
	} else if (!cJSON_Compare(*options, json_member(header, "options"), true) ||
		   strcmp(game, values_game_name(*values))) {
		rc = errorf(err, "%s: --own-play grades the games of one game "
			    "and options: this one's differ", path);
	}
	if (rc == 0) {
		struct grade_own_count c = {*values, counts[grade_own_half(header)],
					    player};

		grade_replay(&log, arena_game_find(game), VALUES_SEATS,
			     json_member(header, "options"), grade_own_decided, &c);
	}
	logread_free(&log);
	return rc;
}

struct grade_own *grade_own_open(char *const *paths, size_t count, char *err)
{
	struct grade_own *o = xcalloc(1, sizeof *o);
	struct own_policy *counts[2][VALUES_SEATS] = {{NULL}};
	struct values *values = NULL;
	cJSON *options = NULL;
	int rc = 0;

	for (size_t i = 0; i < count && rc == 0; i++)
		rc = grade_own_count_log(o, paths[i], &values, counts, &options, err);
	if (rc == 0 && !o->names[1])
		rc = errorf(err, "--own-play grades the games of one pair of players: "
			    "no game of two was found");
	for (int h = 0; h < 2 && rc == 0; h++) {
		const struct own_policy *learned[VALUES_SEATS] = {counts[1 - h][0],
								  counts[1 - h][1]};
		char why[VALUES_ERR_LEN];
		struct values *own = values_open_own(values_game_name(values), options,
						     VALUES_SEATS, learned, why);

		if (!own)
			rc = errorf(err, "%s", why);
		else
			o->half[h] = grade_values_own(own);
	}
	for (int h = 0; h < 2; h++)
		for (int m = 0; m < VALUES_SEATS; m++)
			own_policy_free(counts[h][m]);
	values_close(values);
	cJSON_Delete(options);
	if (rc) {
		grade_own_close(o);
		return NULL;
	}
	return o;
}

void grade_own_close(struct grade_own *o)
{
	if (!o)
		return;
	for (int h = 0; h < 2; h++)
		grade_values_close(o->half[h]);
	free(o->names[0]);
	free(o->names[1]);
	free(o);
}

struct grade_values *grade_own_values(struct grade_own *o, const cJSON *header,
				      char *why)
{
	int player[VALUES_SEATS];
	struct grade_values *gv = o->half[grade_own_half(header)];

	if (!grade_own_seats(o, header, player)) {
		snprintf(why, VALUES_ERR_LEN, "not a game of the pair %s and %s",
			 o->names[0], o->names[1]);
		return NULL;
	}
	grade_values_seat(gv, player);
	return gv;
}
