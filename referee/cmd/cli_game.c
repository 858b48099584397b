/*
 * The game of the verbs that name one (play, sprt, check-bot, league
 * init; cli.h): GAME found, its -o KEY=VALUE options resolved and set up
 * for the players, and the openings drawn or read from a book.
 */
#include "cli.h"

#include "base/game_play.h"
#include "base/openings.h"
#include "base/options.h"
#include "base/util.h"
#include "games/registry.h"

int cli_pair(const char *verb, struct cli_pairs *p, const char *pair)
{
	if (p->count == CLI_PAIRS_MAX)
		return cli_fail(verb, "too many -o options");
	p->pairs[p->count++] = pair;
	return EXIT_OK;
}

const struct game_rules *cli_game_find(const char *verb, const char *game)
{
	const struct game_rules *rules = arena_game_find(game);

	if (!rules)
		cli_fail(verb, "unknown game '%s' (see 'referee games')", game);
	return rules;
}

cJSON *cli_game_options(const char *verb, const struct game_rules *rules,
			const struct cli_pairs *p, const char *first, int players)
{
	char err[ERR_LEN];
	cJSON *given = options_from_pairs(p->pairs, p->count, err), *options;

	if (given && first && !cJSON_GetObjectItemCaseSensitive(given, "first"))
		cJSON_AddStringToObject(given, "first", first);
	options = given ? options_resolve(rules, given, err) : NULL;
	cJSON_Delete(given);
	if (options && players && game_play_check_setup(rules, options, players, err)) {
		cJSON_Delete(options);
		options = NULL;
	}
	if (!options)
		cli_fail(verb, "%s", err);
	return options;
}

int cli_openings(const char *verb, const struct game_rules *rules,
		 const cJSON *options, int players, const char *book_file,
		 struct book *book, struct match_config *config)
{
	char err[ERR_LEN];

	if (openings_check(rules, options, players, config->openings, err))
		return cli_fail(verb, "%s", err);
	if (book_file && config->openings)
		return cli_fail(verb, "give --openings N or --openings-book FILE, not both");
	if (book_file && book_read(book_file, rules, options, players, book, err))
		return cli_fail(verb, "%s", err);
	if (book_file) {
		config->book = book;
		config->book_first = 1;     /* games count from 1, */
		config->book_unit = players; /* a line a rotation of the seats */
	}
	return EXIT_OK;
}
