/*
 * The game and the bots of the verbs that play (cli.h): GAME found, its
 * -o KEY=VALUE options resolved and set up for the players, and the
 * openings drawn or read from a book (play, sprt, check-bot, league
 * init); the BOT arguments turned into match entrants (play, sprt,
 * check-bot), each named, the name given before '=' or one made from its
 * command, made unique.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "base/game_play.h"
#include "base/openings.h"
#include "base/options.h"
#include "base/util.h"
#include "bot/bot.h"
#include "games/registry.h"
#include "plan/names.h"

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
	if (options && game_play_check_setup(rules, options, players, err)) {
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

/* The base name of the file `word` names, without its extension, unless
 * that names a folder ("." or "..", or "" for "dir/"); else NULL.  Any
 * other bytes of a file's name are kept, as the file has them (a name is
 * always shown escaped, visible.h). */
static char *file_name(const char *word)
{
	const char *base = strrchr(word, '/');
	char *name = xstrdup(base ? base + 1 : word), *dot = strrchr(name, '.');

	if (dot && dot > name)  /* ".bot" is all name */
		*dot = '\0';
	if (*name && strcmp(name, ".") && strcmp(name, ".."))
		return name;
	free(name);
	return NULL;
}

/* A default name, for a bot that gives none in hello: that of the last
 * word of the command that names a script (has a '/' or a '.', is no
 * option, names no folder: not the "." of "java -cp . Bot"), else of the
 * program, else "bot". */
static char *default_name(const char *command)
{
	char err[ERR_LEN], **words, *name = NULL;
	int count = bot_split_command(command, &words, err);

	if (count <= 0)
		return xstrdup("bot");
	for (int i = count - 1; i > 0 && !name; i--)
		if (words[i][0] != '-' && strpbrk(words[i], "/."))
			name = file_name(words[i]);
	if (!name)
		name = file_name(words[0]);
	strings_free(words);
	return name ? name : xstrdup("bot");
}

bool cli_entrants(const char *verb, char **bots, int count,
		  struct match_entrant *entrants, char **names)
{
	for (int i = 0; i < count; i++) {
		size_t given = names_given_length(bots[i]);
		const char *command = given ? bots[i] + given + 1 : bots[i];

		names[i] = given ? strndup(bots[i], given) : default_name(bots[i]);
		if (!*command) {
			for (int k = 0; k <= i; k++) {
				free(names[k]);
				names[k] = NULL;
			}
			cli_fail(verb, "bot %d has an empty command", i + 1);
			return false;
		}
		memset(&entrants[i], 0, sizeof entrants[i]);
		entrants[i].spec.command = command;
	}
	names_make_unique(names, count);
	for (int i = 0; i < count; i++)
		entrants[i].name = names[i];
	return true;
}
