/*
 * A bot built by tests/sdk_install.sh against the installed C SDK only
 * (pkg-config arena-bot): at the start of each game it plays a whole game
 * of the same game and options on its own with the rules library (first
 * legal action each time, its own dice), says on stderr how many actions
 * that took, then plays the first legal action; in bolo it checks that
 * the SDK scores the first keep as the referee's view does.
 */
#include <stdio.h>
#include <stdlib.h>

#include <arena/draws.h>
#include <arena/games/registry.h>
#include <arena_bot.h>
#include <arena_games.h>

static void simulate(const cJSON *start, void *ctx)
{
	const struct game_rules *rules = game_find(cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(start, "game")));
	struct game_setup setup = {
		.players = cJSON_GetArraySize(
			cJSON_GetObjectItemCaseSensitive(start, "players")),
		.options = cJSON_GetObjectItemCaseSensitive(start, "options"),
	};
	unsigned char key[32] = {0};
	struct draws draws;
	char err[512];
	void *game;
	int actions = 0;

	(void)ctx;
	draws_init(&draws, key, NULL, NULL);
	if (!rules || !(game = rules->create(&setup, &draws, err))) {
		fprintf(stderr, "install-bot: cannot simulate this game\n");
		return;
	}
	while (rules->to_move(game) >= 0) {
		cJSON *legal = rules->legal(game);

		rules->apply(game, cJSON_GetArrayItem(legal, 0), &draws, err);
		cJSON_Delete(legal);
		actions++;
	}
	rules->destroy(game);
	fprintf(stderr, "install-bot: simulated a whole game of %s: %d actions\n",
		rules->name, actions);
}

static cJSON *decide(const cJSON *turn, void *ctx)
{
	struct arena_dice_view view;

	(void)ctx;
	if (arena_dice_view_read(arena_state(turn), &view) == 0 &&
	    view.keep_count > 0 &&
	    arena_dice_value(ARENA_BOLO, view.keeps[0].faces,
			     view.keeps[0].count) != view.keeps[0].points)
		fprintf(stderr, "install-bot: the SDK scores a keep differently\n");
	return cJSON_Duplicate(cJSON_GetArrayItem(arena_legal(turn), 0), 1);
}

int main(void)
{
	const struct arena_bot_callbacks cb = {
		.decide = decide, .on_start = simulate,
	};

	return arena_bot_run("install-bot", "1", &cb) ? EXIT_FAILURE :
							EXIT_SUCCESS;
}
