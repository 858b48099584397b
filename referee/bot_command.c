/*
 * Bot command lines: splitting one into words as a shell would (quotes and
 * backslashes, no expansion of any kind) and finding its program in PATH,
 * both before any fork so that errors come back as precise messages.  The
 * functions are declared in bot.h, whose bot_spawn() uses them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot.h"
#include "util.h"

static const char *cmd_error(const char *reason, const char *command,
			     char *err)
{
	errorf(err, "'%s': %s in the bot command", command, reason);
	return NULL;
}

/* Copies one word from *p into out (escapes resolved, quotes removed)
 * and returns the position after it, or NULL with a message. */
static const char *split_word(const char *p, char *out, const char *command,
			      char *err)
{
	for (; *p && !strchr(" \t\n", *p); p++) {
		if (*p == '\'') {
			const char *end = strchr(p + 1, '\'');

			if (!end)
				return cmd_error("unterminated single quote",
						 command, err);
			memcpy(out, p + 1, (size_t)(end - p - 1));
			out += end - p - 1;
			p = end;
		} else if (*p == '"') {
			for (p++; *p != '"'; p++) {
				if (!*p)
					return cmd_error("unterminated double quote",
							 command, err);
				if (*p == '\\' && p[1] == '\n') {
					p++;
					continue;
				}
				if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
					p++;
				*out++ = *p;
			}
		} else if (*p == '\\') {
			if (!*++p)
				return cmd_error("trailing backslash", command, err);
			*out++ = *p;
		} else {
			*out++ = *p;
		}
	}
	*out = '\0';
	return p;
}

int bot_split_command(const char *command, char ***words, char *err)
{
	char *scratch = xmalloc(strlen(command) + 1);
	char **list = xcalloc(1, sizeof *list);
	const char *p = command;
	int count = 0;

	for (;;) {
		p += strspn(p, " \t\n");
		if (!*p)
			break;
		p = split_word(p, scratch, command, err);
		if (!p) {
			free(scratch);
			bot_free_words(list);
			return -1;
		}
		list = xrealloc(list, (size_t)(count + 2) * sizeof *list);
		list[count++] = xstrdup(scratch);
		list[count] = NULL;
	}
	free(scratch);
	if (!count) {
		free(list);
		return errorf(err, "the bot command is empty");
	}
	*words = list;
	return count;
}

void bot_free_words(char **words)
{
	if (!words)
		return;
	for (char **w = words; *w; w++)
		free(*w);
	free(words);
}

/* 0 when path is an executable regular file, else why not (an errno). */
static int check_executable(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return errno;
	if (!S_ISREG(st.st_mode))
		return S_ISDIR(st.st_mode) ? EISDIR : EACCES;
	return access(path, X_OK) < 0 ? errno : 0;
}

char *bot_resolve_program(const char *name, char *err)
{
	const char *path = getenv("PATH");
	int why;

	if (strchr(name, '/')) {
		if ((why = check_executable(name))) {
			errorf(err, "cannot run '%s': %s", name, strerror(why));
			return NULL;
		}
		return xstrdup(name);
	}
	if (!path)
		path = "/usr/bin:/bin";
	for (;;) {
		size_t dirlen = strcspn(path, ":");
		size_t size = dirlen + strlen(name) + 3;
		char *candidate = xmalloc(size);

		/* An empty entry means the current directory. */
		snprintf(candidate, size, "%.*s/%s", dirlen ? (int)dirlen : 1,
			 dirlen ? path : ".", name);
		if (!check_executable(candidate))
			return candidate;
		free(candidate);
		if (!path[dirlen])
			break;
		path += dirlen + 1;
	}
	errorf(err, "program '%s' not found in PATH", name);
	return NULL;
}
