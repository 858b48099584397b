/*
 * A bot's environment; see bot_env.h.
 */
#include "bot_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "bot.h"

extern char **environ;

/* Programs in the system folders only: the referee found the bot's own
 * program before it started it, and a PATH of the organiser's would name
 * folders the bot does not see. */
static const char clean_path[] = "PATH=/usr/local/bin:/usr/bin:/bin";

static size_t name_length(const char *entry)
{
	return strcspn(entry, "=");
}

/* Sets the entry "NAME=VALUE", replacing NAME's. */
static void env_set(struct bot_words *env, const char *entry)
{
	size_t n = name_length(entry);

	for (size_t i = 0; i < env->count; i++)
		if (name_length(env->list[i]) == n &&
		    !strncmp(env->list[i], entry, n)) {
			free(env->list[i]);
			env->list[i] = xstrdup(entry);
			return;
		}
	bot_words_push(env, entry);
}

/* The referee's "NAME=VALUE", when it has NAME. */
static const char *referee_entry(const char *name, size_t n)
{
	for (char **e = environ; *e; e++)
		if (name_length(*e) == n && !strncmp(*e, name, n) && (*e)[n] == '=')
			return *e;
	return NULL;
}

bool bot_env_entry_valid(const char *entry)
{
	size_t n = name_length(entry);

	return n > 0 && !(entry[0] >= '0' && entry[0] <= '9') &&
	       strspn(entry, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			     "0123456789_") >= n;
}

static int apply(struct bot_words *env, const char *const *entries, char *err)
{
	for (; entries && *entries; entries++) {
		const char *entry = *entries;

		if (!bot_env_entry_valid(entry))
			return errorf(err, "bad environment entry '%s': expected "
				      "NAME=VALUE, or NAME to pass the referee's",
				      entry);
		if (!strchr(entry, '='))
			entry = referee_entry(entry, strlen(entry));
		if (entry)
			env_set(env, entry);
	}
	return 0;
}

char **bot_env_build(bool clean, const char *const *given,
		     const char *const *more, char *err)
{
	struct bot_words env = { xcalloc(1, sizeof *env.list), 0 };

	if (clean) {
		const char *const fixed[] = {
			clean_path, "HOME=" BOT_ENV_HOME, "TMPDIR=/tmp",
			"TERM=dumb", NULL,
		};
		const char *const locale[] = { "LANG", "LC_ALL", NULL };

		for (const char *const *e = fixed; *e; e++)
			env_set(&env, *e);
		apply(&env, locale, err);
	} else {
		for (char **e = environ; *e; e++)
			env_set(&env, *e);
	}
	if (apply(&env, given, err) < 0 || apply(&env, more, err) < 0) {
		strings_free(env.list);
		return NULL;
	}
	return env.list;
}
