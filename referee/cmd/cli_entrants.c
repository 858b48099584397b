/*
 * The BOT arguments of the verbs that take them (play, sprt, check-bot)
 * turned into match entrants (cli.h's cli_entrants): each bot's name, the
 * one given before '=' or one made from its command, made unique.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "bot/bot.h"
#include "plan/names.h"

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
	bot_free_words(words);
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
