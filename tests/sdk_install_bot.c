/*
 * A bot built by tests/sdk_install.sh against the installed C SDK only
 * (pkg-config arena-bot): at the start of each game it plays a whole game
 * of the same game and options on its own with the rules library (first
 * legal action each time, its own dice), says on stderr how many actions
 * that took, then plays the first legal action; in bolo it checks that
 * the SDK scores the first keep as the referee's view does.  It has
 * helpers of its own named as git's, tmux's and OpenSSH's (xmalloc,
 * errorf, now_ns, hex_encode): the installed libraries must leave those
 * names to it.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <arena/games/draws.h>
#include <arena/games/registry.h>
#include <arena_bot.h>
#include <arena_games.h>

void *xmalloc(size_t size)
{
	void *p = malloc(size);

	if (!p)
		abort();
	return p;
}

/* As git's error(): a message on stderr, -1 returned. */
int errorf(const char *fmt, ...)
{
	va_list ap;

	fputs("install-bot: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

int64_t now_ns(void)
{
	struct timespec ts;

	return timespec_get(&ts, TIME_UTC) ?
		       (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec : 0;
}

void hex_encode(char *out, const unsigned char *bytes, size_t len)
{
	for (size_t i = 0; i < len; i++)
		sprintf(out + 2 * i, "%02x", bytes[i]);
	out[2 * len] = '\0';
}

static void simulate(const cJSON *start, void *ctx)
{
	const struct game_rules *rules = arena_game_find(cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(start, "game")));
	struct game_setup setup = {
		.players = cJSON_GetArraySize(
			cJSON_GetObjectItemCaseSensitive(start, "players")),
		.options = cJSON_GetObjectItemCaseSensitive(start, "options"),
	};
	unsigned char key[32] = {0};
	char *err = xmalloc(GAME_ERR_LEN), hex[2 * sizeof key + 1];
	struct draws draws;
	int64_t began = now_ns();
	void *game;
	int actions = 0;

	(void)ctx;
	arena_draws_init(&draws, key, NULL, NULL);
	if (!rules || !(game = rules->create(&setup, &draws, err))) {
		errorf("cannot simulate this game: %s",
		       rules ? err : "no rules of that name");
		free(err);
		return;
	}
	while (rules->to_move(game) >= 0) {
		cJSON *legal = rules->legal(game);

		rules->apply(game, cJSON_GetArrayItem(legal, 0), &draws, err);
		cJSON_Delete(legal);
		actions++;
	}
	rules->destroy(game);
	hex_encode(hex, key, sizeof key);
	fprintf(stderr, "install-bot: simulated a whole game of %s: %d actions, key %.8s..., %lld us\n",
		rules->name, actions, hex, (long long)((now_ns() - began) / 1000));
	free(err);
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
