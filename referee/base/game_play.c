/*
 * A game in progress; see game_play.h.
 */
#include "game_play.h"

#include <string.h>

#include "util.h"

const char *game_play_chance(const struct game_rules *rules)
{
	if (rules->openings)
		return "the draws (who starts, the opening)";
	return strcmp(rules->name, "volle-lotte") ? "the dice" : "the dice and cards";
}

void game_play_init(struct game_play *play, const struct game_rules *rules,
		int players)
{
	memset(play, 0, sizeof *play);
	play->rules = rules;
	play->players = players;
}

/* Whether seats a and b play on one side: the same seat, or partners. */
static bool same_side(const struct game_play *play, int a, int b)
{
	const struct game_rules *rules = play->rules;

	return a == b || (rules->team_of &&
			  rules->team_of(play->players, a) >= 0 &&
			  rules->team_of(play->players, a) ==
			  rules->team_of(play->players, b));
}

/* How many sides (seats, or teams) still have a seat in. */
static int sides_in(const struct game_play *play)
{
	int sides = 0;

	for (int seat = 0; seat < play->players; seat++) {
		bool counted = false;

		for (int before = 0; before < seat; before++)
			counted |= !play->out[before] &&
				   same_side(play, before, seat);
		sides += !play->out[seat] && !counted;
	}
	return sides;
}

/* The first seat still in at or after `seat`, in seat order. */
static int next_in(const struct game_play *play, int seat)
{
	while (play->out[seat])
		seat = (seat + 1) % play->players;
	return seat;
}

int game_play_begin(struct game_play *play, const cJSON *options,
		struct draws *draws, char *err)
{
	const cJSON *first = cJSON_GetObjectItemCaseSensitive(options, "first");
	struct game_setup setup = {.players = play->players, .options = options};
	int in = 0;

	if (sides_in(play) < 2)
		return 0;
	for (int seat = 0; seat < play->players; seat++)
		in += !play->out[seat];
	if (cJSON_IsString(first) && strcmp(first->valuestring, "random") == 0) {
		/* the k-th seat still in, k drawn among them */
		int k = (int)arena_draws_uniform(draws, (uint32_t)in);

		for (setup.first_seat = next_in(play, 0); k-- > 0;)
			setup.first_seat = next_in(
				play, (setup.first_seat + 1) % play->players);
	}
	setup.first_seat = next_in(play, setup.first_seat);
	play->first_seat = setup.first_seat;
	memcpy(setup.out, play->out, sizeof setup.out);
	play->state = play->rules->create(&setup, draws, err);
	if (!play->state)
		return -1;
	/* The game already passes them by; this is for its bookkeeping. */
	for (int seat = 0; seat < play->players; seat++)
		if (play->out[seat])
			play->rules->forfeit(play->state, seat, draws);
	return 0;
}

int game_play_to_move(const struct game_play *play)
{
	/* Without a forfeit every side is in (game_play_begin() makes no
	 * game for fewer than two). */
	if (!play->state || (play->leavings && sides_in(play) < 2))
		return -1;
	return play->rules->to_move(play->state);
}

int game_play_apply(struct game_play *play, const cJSON *action,
		struct draws *draws, char *err)
{
	if (game_play_to_move(play) < 0)
		return errorf(err, "the game is over");
	if (play->rules->apply(play->state, action, draws, err))
		return -1;
	play->step++;
	return 0;
}

void game_play_apply_move(struct game_play *play, int move,
		struct draws *draws)
{
	play->rules->apply_move(play->state, move, draws);
	play->step++;
}

void game_play_forfeit(struct game_play *play, int seat, struct draws *draws)
{
	bool leaving[GAME_MAX_SEATS] = {false};

	if (play->out[seat])
		return;
	play->leavings++;
	for (int s = 0; s < play->players; s++)
		if (!play->out[s] && same_side(play, seat, s)) {
			leaving[s] = play->out[s] = true;
			play->out_order[s] = play->leavings;
		}
	/* With one side left the game is simply over; the rules are only
	 * told while there is still a game to play. */
	for (int s = 0; s < play->players; s++)
		if (leaving[s] && game_play_to_move(play) >= 0)
			play->rules->forfeit(play->state, s, draws);
}

void game_play_result(const struct game_play *play, struct game_result *result)
{
	struct game_result game = {{0}, {0}};
	int n = play->players;

	if (play->state)
		play->rules->result(play->state, &game);
	for (int i = 0; i < n; i++) {
		int rank = 1;

		for (int j = 0; j < n; j++) {
			if (play->out[i] && !play->out[j])
				rank++;
			else if (play->out[i] && play->out[j])
				rank += play->out_order[j] > play->out_order[i];
			else if (!play->out[j])
				rank += game.rank[j] < game.rank[i];
		}
		result->rank[i] = rank;
		result->score[i] = game.score[i];
	}
}

int game_play_check_setup(const struct game_rules *rules, const cJSON *options,
			  int players, char *err)
{
	static const unsigned char zero_key[32];
	struct game_setup setup = {.players = players, .options = options};
	struct draws draws;
	void *state;

	if (players < rules->min_players || players > rules->max_players)
		return errorf(err, "%s is played by %d to %d players, not %d",
			      rules->name, rules->min_players,
			      rules->max_players, players);
	arena_draws_init(&draws, zero_key, NULL, NULL);
	state = rules->create(&setup, &draws, err);
	if (!state)
		return -1;
	rules->destroy(state);
	return 0;
}

void game_play_free(struct game_play *play)
{
	if (play->state)
		play->rules->destroy(play->state);
	play->state = NULL;
}
