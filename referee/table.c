/*
 * A game in progress; see table.h.
 */
#include "table.h"

#include <string.h>

#include "util.h"

void table_init(struct table *table, const struct game_rules *rules,
		int players)
{
	memset(table, 0, sizeof *table);
	table->rules = rules;
	table->players = players;
}

/* Whether seats a and b play on one side: the same seat, or partners. */
static bool table_same_side(const struct table *table, int a, int b)
{
	const struct game_rules *rules = table->rules;

	return a == b || (rules->team_of &&
			  rules->team_of(table->players, a) >= 0 &&
			  rules->team_of(table->players, a) ==
			  rules->team_of(table->players, b));
}

/* How many sides (seats, or teams) still have a seat in. */
static int table_sides_in(const struct table *table)
{
	int sides = 0;

	for (int seat = 0; seat < table->players; seat++) {
		bool counted = false;

		for (int before = 0; before < seat; before++)
			counted |= !table->out[before] &&
				   table_same_side(table, before, seat);
		sides += !table->out[seat] && !counted;
	}
	return sides;
}

/* The first seat still in at or after `seat`, in seat order. */
static int table_next_in(const struct table *table, int seat)
{
	while (table->out[seat])
		seat = (seat + 1) % table->players;
	return seat;
}

int table_begin(struct table *table, const cJSON *options,
		struct draws *draws, char *err)
{
	const cJSON *first = cJSON_GetObjectItemCaseSensitive(options, "first");
	struct game_setup setup = {.players = table->players, .options = options};
	int in = 0;

	if (table_sides_in(table) < 2)
		return 0;
	for (int seat = 0; seat < table->players; seat++)
		in += !table->out[seat];
	if (cJSON_IsString(first) && strcmp(first->valuestring, "random") == 0) {
		/* the k-th seat still in, k drawn among them */
		int k = (int)draws_uniform(draws, (uint32_t)in);

		for (setup.first_seat = table_next_in(table, 0); k-- > 0;)
			setup.first_seat = table_next_in(
				table, (setup.first_seat + 1) % table->players);
	}
	setup.first_seat = table_next_in(table, setup.first_seat);
	table->first_seat = setup.first_seat;
	memcpy(setup.out, table->out, sizeof setup.out);
	table->state = table->rules->create(&setup, draws, err);
	if (!table->state)
		return -1;
	/* The game already passes them by; this is for its bookkeeping. */
	for (int seat = 0; seat < table->players; seat++)
		if (table->out[seat])
			table->rules->forfeit(table->state, seat, draws);
	return 0;
}

int table_to_move(const struct table *table)
{
	if (!table->state || table_sides_in(table) < 2)
		return -1;
	return table->rules->to_move(table->state);
}

int table_apply(struct table *table, const cJSON *action,
		struct draws *draws, char *err)
{
	if (table_to_move(table) < 0)
		return errorf(err, "the game is over");
	if (table->rules->apply(table->state, action, draws, err))
		return -1;
	table->step++;
	return 0;
}

void table_forfeit(struct table *table, int seat, struct draws *draws)
{
	bool leaving[GAME_MAX_SEATS] = {false};

	if (table->out[seat])
		return;
	table->leavings++;
	for (int s = 0; s < table->players; s++)
		if (!table->out[s] && table_same_side(table, seat, s)) {
			leaving[s] = table->out[s] = true;
			table->out_order[s] = table->leavings;
		}
	/* With one side left the game is simply over; the rules are only
	 * told while there is still a game to play. */
	for (int s = 0; s < table->players; s++)
		if (leaving[s] && table_to_move(table) >= 0)
			table->rules->forfeit(table->state, s, draws);
}

void table_result(const struct table *table, struct game_result *result)
{
	struct game_result game = {{0}, {0}};
	int n = table->players;

	if (table->state)
		table->rules->result(table->state, &game);
	for (int i = 0; i < n; i++) {
		int rank = 1;

		for (int j = 0; j < n; j++) {
			if (table->out[i] && !table->out[j])
				rank++;
			else if (table->out[i] && table->out[j])
				rank += table->out_order[j] > table->out_order[i];
			else if (!table->out[j])
				rank += game.rank[j] < game.rank[i];
		}
		result->rank[i] = rank;
		result->score[i] = game.score[i];
	}
}

int table_check_setup(const struct game_rules *rules, const cJSON *options,
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
	draws_init(&draws, zero_key, NULL, NULL);
	state = rules->create(&setup, &draws, err);
	if (!state)
		return -1;
	rules->destroy(state);
	return 0;
}

void table_free(struct table *table)
{
	if (table->state)
		table->rules->destroy(table->state);
	table->state = NULL;
}
