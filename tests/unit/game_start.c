/*
 * A game started through its rules table for a unit suite; see
 * game_start.h.
 */
#include "game_start.h"

#include <check.h>

void *game_start(const struct game_rules *rules, int players,
		 const cJSON *options, struct draws *draws)
{
	static const unsigned char zero_key[32];
	struct game_setup setup = {.players = players, .first_seat = 0};
	char err[GAME_ERR_LEN] = "";
	void *state;

	setup.options = options;
	arena_draws_init(draws, zero_key, NULL, NULL);
	state = rules->create(&setup, draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	return state;
}

const char *game_refusal(const struct game_rules *rules, int players,
			 int first, const cJSON *options)
{
	static char err[GAME_ERR_LEN];
	struct game_setup setup = {.players = players, .first_seat = first};
	void *state;

	setup.options = options;
	err[0] = '\0';
	state = rules->create(&setup, NULL, err);
	ck_assert_msg(state == NULL, "%s: a game of %d players, seat %d first, "
		      "was not refused", rules->name, players, first);
	return err;
}
