/*
 * Bot command lines: splitting one into words as a shell would (quotes and
 * backslashes, no expansion of any kind) and finding its program in PATH,
 * both before any fork so that errors come back as precise messages; and
 * the system folders, which no bot's own folder is and which the sandbox
 * (sandbox.c) shows every bot.  The functions are declared in bot.h,
 * whose bot_spawn() uses them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/paths.h"
#include "base/util.h"
#include "bot.h"

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
	struct bot_words list = {0};
	const char *p = command;

	for (;;) {
		p += strspn(p, " \t\n");
		if (!*p)
			break;
		p = split_word(p, scratch, command, err);
		if (!p) {
			free(scratch);
			strings_free(list.list);
			return -1;
		}
		bot_words_push(&list, scratch);
	}
	free(scratch);
	if (!list.count)
		return errorf(err, "the bot command is empty");
	*words = list.list;
	return (int)list.count;
}

void bot_words_push(struct bot_words *w, const char *word)
{
	w->list = xrealloc(w->list, (w->count + 2) * sizeof *w->list);
	w->list[w->count++] = xstrdup(word);
	w->list[w->count] = NULL;
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

char *bot_resolve_program(const char *name, const char *dir, char *err)
{
	const char *path = getenv("PATH");
	int why;

	if (strchr(name, '/')) {
		char *resolved = path_resolve(dir, name);

		if (!resolved || (why = check_executable(resolved))) {
			/* A relative path says where it was read: a copied
			 * tournament file's "../bots/x" is not where it was. */
			if (resolved && strcmp(resolved, name))
				errorf(err, "cannot run '%s' (read as %s): %s", name,
				       resolved, strerror(why));
			else
				errorf(err, "cannot run '%s': %s", name,
				       strerror(resolved ? why : errno));
			free(resolved);
			return NULL;
		}
		return resolved;
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

/* Makes every word after the program that names an existing path
 * relative to `dir` (NULL: the current folder) absolute, so that the bot
 * finds it wherever it starts. */
static void bot_absolute_words(char **words, const char *dir)
{
	for (size_t i = 1; words[i]; i++) {
		char *path;

		if (words[i][0] == '/' || words[i][0] == '-' ||
		    !(path = path_resolve(dir, words[i])))
			continue;
		if (access(path, F_OK) == 0) {
			free(words[i]);
			words[i] = path;
		} else {
			free(path);
		}
	}
}

const char *const sandbox_system_folders[] = {
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc",
	NULL,
};

bool sandbox_is_system(const char *path)
{
	for (const char *const *s = sandbox_system_folders; *s; s++)
		if (path_within(path, *s))
			return true;
	return false;
}

/* The folder a bot starts in when none is given (see bot_spec.workdir),
 * with every symlink resolved, of the absolute words of
 * bot_absolute_words() and the program's path `program`; NULL when it
 * has none. */
static char *bot_workdir(char *const *words, const char *program)
{
	char *folder = NULL;
	struct stat st;

	for (size_t i = 1; words[i] && !folder; i++)
		if (words[i][0] == '/' && stat(words[i], &st) == 0 &&
		    S_ISREG(st.st_mode))
			folder = path_real_parent(words[i]);
	if (!folder && strchr(words[0], '/'))
		folder = path_real_parent(program);
	if (folder && sandbox_is_system(folder)) {
		free(folder);
		folder = NULL;
	}
	return folder;
}

const char *bot_command_dir(const struct bot_spec *spec)
{
	if (spec->command_dir || spec->workdir)
		return spec->command_dir;
	return spec->limits.workdir;
}

int bot_prepare_command(const struct bot_spec *spec, char ***argv,
			char **program, char **workdir, char *err)
{
	const char *given = spec->workdir ? spec->workdir : spec->limits.workdir;
	const char *dir = bot_command_dir(spec);
	char *path;

	*argv = NULL;
	*program = *workdir = NULL;
	if (bot_split_command(spec->command, argv, err) < 0)
		return -1;
	if (!(*program = bot_resolve_program((*argv)[0], dir, err)))
		return -1;
	/* Its files are found wherever it starts. */
	if (strchr((*argv)[0], '/')) {
		free((*argv)[0]);
		(*argv)[0] = xstrdup(*program);
	}
	bot_absolute_words(*argv, dir);
	if (!given) {
		*workdir = bot_workdir(*argv, *program);
		return 0;
	}
	path = path_resolve(spec->command_dir, given);
	*workdir = path ? realpath(path, NULL) : NULL;
	free(path);
	if (!*workdir)
		return errorf(err, "cannot enter working directory '%s': %s",
			      given, strerror(errno));
	return 0;
}
