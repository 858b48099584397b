/*
 * Drawing openings; see openings.h.
 */
#include "openings.h"

#include "util.h"

bool openings_due(const struct game_play *play, int plies, int done)
{
	return done < plies && game_play_to_move(play) >= 0;
}

cJSON *openings_draw(const struct game_play *play, struct draws *draws)
{
	cJSON *legal = play->rules->legal(play->state);
	uint32_t pick = arena_draws_uniform(draws, (uint32_t)cJSON_GetArraySize(legal));
	cJSON *action = cJSON_DetachItemFromArray(legal, (int)pick);

	cJSON_Delete(legal);
	return action;
}

/* Plays the opening on a fixed key, as a game would: every game of a
 * game without chance in play lasts as long whichever moves are drawn
 * (Rolit's, until the board is full), so one try tells. */
static int try_opening(const struct game_rules *rules, const cJSON *options,
		       int players, int plies, char *err)
{
	static const unsigned char zero_key[32];
	struct game_play play;
	struct draws draws;
	int done = 0, rc = 0;

	game_play_init(&play, rules, players);
	arena_draws_init(&draws, zero_key, NULL, NULL);
	rc = game_play_begin(&play, options, &draws, err);
	for (; rc == 0 && openings_due(&play, plies, done); done++) {
		cJSON *action = openings_draw(&play, &draws);

		rc = game_play_apply(&play, action, &draws, err);
		cJSON_Delete(action);
	}
	if (rc == 0 && game_play_to_move(&play) < 0)
		rc = errorf(err, "an opening of %d plies would end a game of %s "
			    "with these options (it lasts %d moves): give fewer "
			    "plies", plies, rules->name, play.step);
	game_play_free(&play);
	return rc;
}

int openings_check(const struct game_rules *rules, const cJSON *options,
		   int players, int plies, char *err)
{
	if (plies == 0)
		return 0;
	if (!rules->openings)
		return errorf(err, "%s takes no openings: only games without "
			      "chance in play do (rolit); the draws of %s "
			      "already make each game different", rules->name,
			      rules->name);
	return try_opening(rules, options, players, plies, err);
}
