/*
 * `referee games [GAME]`: the games this referee knows, and one game's
 * options with their defaults.
 */
#include <stdio.h>
#include <string.h>

#include "base/options.h"
#include "cli.h"
#include "games/registry.h"

static void describe_option(const struct game_option *o)
{
	char values[256];

	options_describe_values(o, values, sizeof values);
	printf("  %-14s %-22s default %-8s %s\n", o->name, values,
	       o->default_value, o->help);
}

static int cmd_games(int argc, char **argv)
{
	const struct game_rules *rules;
	char players[GAME_PLAYERS_TEXT];

	if (argc > 2)
		return cli_fail("games", "takes at most one game name");
	if (argc == 1) {
		for (int i = 0; arena_game_registry[i]; i++) {
			rules = arena_game_registry[i];
			printf("%-12s %-27s %-6s players  rules %s\n",
			       rules->name, rules->title,
			       arena_game_players_text(rules, players),
			       rules->rules_version);
		}
		return EXIT_OK;
	}
	rules = arena_game_find(argv[1]);
	if (!rules)
		return cli_fail("games", "unknown game '%s' (run 'referee games')",
				argv[1]);
	printf("%s (%s), %s players, rules %s\n", rules->title, rules->name,
	       arena_game_players_text(rules, players), rules->rules_version);
	puts("options:");
	for (const struct game_option *o = rules->options; o && o->name; o++)
		describe_option(o);
	describe_option(&options_first);
	printf("rules as enforced: docs/games/%s.md\n", rules->name);
	return EXIT_OK;
}

const struct cmd_entry cmd_games_entry = {
	.name = "games",
	.summary = "list the games and their options",
	.usage = "usage: referee games [GAME]\n\n"
		"Lists the games, or GAME's players and options (set them "
		"with -o KEY=VALUE).\n",
	.exec = cmd_games,
};
