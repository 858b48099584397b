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
	table->active = players;
}

int table_begin(struct table *table, const cJSON *options,
		struct draws *draws, char *err)
{
	const cJSON *first = cJSON_GetObjectItemCaseSensitive(options, "first");
	struct game_setup setup = {.players = table->players, .options = options};

	table->begun = true;
	if (table->active < 2)
		return 0;
	if (cJSON_IsString(first) && strcmp(first->valuestring, "random") == 0)
		setup.first_seat = (int)draws_uniform(draws, (uint32_t)table->players);
	table->first_seat = setup.first_seat;
	table->state = table->rules->create(&setup, draws, err);
	if (!table->state)
		return -1;
	for (int seat = 0; seat < table->players; seat++)
		if (table->out[seat])
			table->rules->forfeit(table->state, seat, draws);
	return 0;
}

void table_abandon(struct table *table)
{
	table->begun = true;
}

int table_to_move(const struct table *table)
{
	if (!table->state || table->active < 2)
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
	if (table->out[seat])
		return;
	table->out[seat] = true;
	table->out_step[seat] = table->begun ? table->step : -1;
	table->active--;
	/* With one seat left the game is simply over; the rules are only
	 * told while there is still a game to play. */
	if (table_to_move(table) >= 0)
		table->rules->forfeit(table->state, seat, draws);
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
				rank += table->out_step[j] > table->out_step[i];
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
