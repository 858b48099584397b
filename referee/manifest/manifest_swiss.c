/*
 * A Swiss run's manifest checked against its pairings; see
 * manifest_swiss.h.
 */
#include "manifest_swiss.h"

#include <string.h>

#include "base/json.h"

int manifest_swiss_field(const cJSON *file, int bots, long schedule_games,
			 struct swiss_field *field)
{
	const cJSON *format = cJSON_GetObjectItemCaseSensitive(file, "format");
	long rounds = 0;

	memset(field, 0, sizeof *field);
	if (!cJSON_IsString(format) || strcmp(format->valuestring, "swiss"))
		return 0;
	if (!json_get_int(file, "rounds", 1, 1000, &rounds) || rounds < 1 || bots < 2)
		return -1;
	field->bots = bots;
	field->rounds = (int)rounds;
	field->games = (int)(schedule_games / (rounds * (bots / 2)));
	if (field->games > 0 && (long)field->games * rounds * (bots / 2) == schedule_games)
		return 1;
	memset(field, 0, sizeof *field);
	return -1;
}

/* Game `game` of the pairing `pair`: a problem when the manifest seats
 * it otherwise. */
static void check_game(const struct manifest_swiss_games *v, long game, int round,
		       const int *pair, int g, const int *seats,
		       struct problems *problems)
{
	int want[2];

	swiss_seating(pair, g, want);
	if (seats[0] == want[0] && seats[1] == want[1])
		return;
	problems_add(problems, v->path, "game %ld seats '%s' and '%s', but the "
		     "Swiss pairing of round %d, made from the results of the "
		     "rounds before, seats '%s' and '%s': the manifest does not "
		     "follow its pairings (changed by hand, or paired otherwise)",
		     game, v->names[seats[0]], v->names[seats[1]], round + 1,
		     v->names[want[0]], v->names[want[1]]);
}

void manifest_swiss_check(const struct manifest_swiss_games *games,
			  struct problems *problems)
{
	const struct swiss_field *f = games->field;
	struct swiss_plan plan;

	swiss_plan(f, games->ranks, games->ctx, &plan);
	for (int round = 0; round < f->rounds; round++)
		for (int b = 0; b < plan.boards; b++)
			for (int g = 0; g < f->games; g++) {
				long game = swiss_game_number(f, round, b, g);
				int seats[2];

				if (!games->seats(games->ctx, game, seats))
					continue;
				if (swiss_board_empty(f, b))
					problems_add(problems, games->path, "game %ld "
						     "finished on a board of Swiss "
						     "round %d that the bots left out "
						     "leave empty", game, round + 1);
				else if (round < plan.paired)
					check_game(games, game, round,
						   plan.pairs[round * plan.boards + b],
						   g, seats, problems);
				else
					problems_add(problems, games->path, "game %ld "
						     "of Swiss round %d finished, but "
						     "round %d has games not finished, "
						     "from which its pairing is made",
						     game, round + 1, plan.paired);
			}
	swiss_plan_free(&plan);
}
