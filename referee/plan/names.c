/*
 * The rule of names; see names.h.
 */
#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

bool name_ok(const char *name, size_t len)
{
	bool folder = len <= 2 && strspn(name, ".") >= len;  /* "." or ".." */

	return len >= 1 && len <= 40 && !folder &&
	       strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			    "0123456789_.-") >= len;
}

size_t names_given_length(const char *bot)
{
	const char *eq = strchr(bot, '=');

	return eq && name_ok(bot, (size_t)(eq - bot)) ? (size_t)(eq - bot) : 0;
}

void names_make_unique(char **names, int count)
{
	for (int i = count - 1; i > 0; i--) {
		int same = 1;

		for (int k = 0; k < i; k++)
			same += strcmp(names[k], names[i]) == 0;
		if (same > 1) {
			char *renamed = xasprintf("%s-%d", names[i], same);

			free(names[i]);
			names[i] = renamed;
		}
	}
}

void names_shown(char *const *bots, int count, char *const *names,
		 const char *const *said, char **shown)
{
	for (int i = 0; i < count; i++)
		/* The protocol admits no control character in a name. */
		shown[i] = xstrdup(names_given_length(bots[i]) || !said[i] ? names[i]
				   : said[i]);
	names_make_unique(shown, count);
}
