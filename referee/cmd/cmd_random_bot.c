/*
 * `referee random-bot`: a bot, not a verb for people: it plays any game by
 * picking a uniformly random legal action, and declines the fairness
 * exchange.  `referee check-bot` uses it as the opponent, so checking a
 * bot needs nothing but the referee itself.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "cli.h"

static int cmd_random_bot(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	/* Its arguments are ignored: tests mark a bot's command line. */
	(void)argc, (void)argv;
	while ((len = getline(&line, &cap, stdin)) > 0) {
		cJSON *msg = cJSON_ParseWithLength(line, (size_t)len);
		const cJSON *legal = cJSON_GetObjectItemCaseSensitive(msg, "legal");
		int n = cJSON_GetArraySize(legal);
		cJSON *reply = cJSON_CreateObject();
		char *text;

		if (!msg)
			break;
		if (n > 0)
			cJSON_AddItemToObject(reply, "action", cJSON_Duplicate(
				cJSON_GetArrayItem(legal, (int)randombytes_uniform((uint32_t)n)), true));
		text = json_print_line(reply);
		printf("%s\n", text);
		fflush(stdout);
		free(text);
		cJSON_Delete(reply);
		cJSON_Delete(msg);
	}
	free(line);
	return EXIT_OK;
}

const struct cmd_entry cmd_random_bot_entry = {
	.name = "random-bot",
	.summary = "a random bot for any game (check-bot's opponent)",
	.usage = "usage: referee random-bot\n\n"
		"A bot for any game, not a verb for people: it reads the "
		"referee's messages on\nstandard input and answers each on "
		"standard output with a uniformly random legal\naction. "
		"Give it to play, tournament or check-bot as a BOT:\n"
		"  referee play rolit \"referee random-bot\" bots/random-bot\n",
	.exec = cmd_random_bot,
};
