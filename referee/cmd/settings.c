/*
 * The settings a user gives once (see settings.h): read from the file
 * and the variable into one list, in the order they apply, each with
 * where it came from; put before the arguments of each verb that takes
 * them.
 */
#include "settings.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paths.h"
#include "util.h"

enum kind { LIMITS, SANDBOX, KEY, CONCURRENCY };

#define ALL (1u << LIMITS | 1u << SANDBOX | 1u << KEY | 1u << CONCURRENCY)

/* The verbs that take settings, which, and how they say concurrency. */
static const struct {
	const char *verb;
	unsigned kinds;
	const char *concurrency;
} verbs[] = {
	{"play", 1u << LIMITS | 1u << SANDBOX | 1u << KEY, NULL},
	{"tournament", ALL, "--concurrency="},
	{"sprt", ALL, "--concurrency="},
	{"check-bot", 1u << LIMITS | 1u << SANDBOX, NULL},
	{"verify", 1u << CONCURRENCY, "--jobs="},
};

struct setting {
	enum kind kind;
	char *shown;   /* as given, canonical: "--no-limits", "--key /k" */
	char *value;   /* the key's path or the number; NULL for a flag */
	char *word;    /* as settings_argv() gave it to the verb; NULL */
	char *origin;  /* "the file F, line N", or the variable's name */
};

static struct setting *list;
static size_t count;
static char *file;          /* the file's path; NULL: no home to find it */
static bool file_there;
static const char *variable; /* its value; NULL: not set */
static char **spliced;      /* settings_argv()'s array */

static const char settings_words[] =
	"--limits, --no-limits, --sandbox, --no-sandbox, --key FILE and "
	"--concurrency N (-j N)";

/* The settings file's path, or NULL when there is no home folder. */
static char *file_path(void)
{
	const char *config = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");

	/* A relative XDG_CONFIG_HOME is to be ignored (XDG's rule). */
	if (config && config[0] == '/')
		return path_join(config, "arena/defaults");
	if (home && home[0] == '/')
		return path_joinf(home, ".config/arena/defaults");
	return NULL;
}

/* The key's path as the file gives it: absolute, or "~/..." in the home
 * folder; NULL after a message otherwise. */
static char *key_path(const char *value, bool in_file, const char *origin,
		      char *err)
{
	const char *home = getenv("HOME");
	char *path;

	if (in_file && !strncmp(value, "~/", 2) && home && home[0] == '/')
		path = path_join(home, value + 2);
	else if (in_file && value[0] != '/') {
		errorf(err, "%s: --key takes an absolute path (or ~/...) in the "
		       "file, not '%s'", origin, value);
		return NULL;
	} else
		path = xstrdup(value);
	if (access(path, R_OK)) {
		errorf(err, "%s: --key %s: %s", origin, path, strerror(errno));
		free(path);
		return NULL;
	}
	return path;
}

/* Adds the option `name` with `value` (NULL: none given) from `origin`.
 * 0, or -1 with a message in err. */
static int add(const char *name, const char *value, bool in_file,
	       const char *origin, char *err)
{
	static const char *const flags[] = {
		"--limits", "--no-limits", "--sandbox", "--no-sandbox",
	};
	struct setting s = { 0 };
	char *end;
	long n;

	for (int i = 0; i < 4; i++)
		if (!strcmp(name, flags[i])) {
			if (value)
				return errorf(err, "%s: %s takes no value, not '%s'",
					      origin, name, value);
			s.kind = i < 2 ? LIMITS : SANDBOX;
			s.shown = xstrdup(name);
		}
	if (!s.shown && strcmp(name, "--key") && strcmp(name, "--concurrency") &&
	    strcmp(name, "-j"))
		return errorf(err, "%s: unknown setting '%s'; the settings are %s",
			      origin, name, settings_words);
	if (!s.shown && (!value || !*value))
		return errorf(err, "%s: %s needs a value", origin, name);
	if (!s.shown && !strcmp(name, "--key")) {
		s.kind = KEY;
		if (!(s.value = key_path(value, in_file, origin, err)))
			return -1;
		s.shown = xasprintf("--key %s", s.value);
	} else if (!s.shown) {
		errno = 0;
		n = strtol(value, &end, 10);
		if (errno || *end || end == value || n < 1 || n > 1024)
			return errorf(err, "%s: %s takes a whole number from 1 "
				      "to 1024 (as verify -j), not '%s'", origin,
				      name, value);
		s.kind = CONCURRENCY;
		s.value = xasprintf("%ld", n);
		s.shown = xasprintf("--concurrency %ld", n);
	}
	s.origin = xstrdup(origin);
	list = xrealloc(list, (count + 1) * sizeof *list);
	list[count++] = s;
	return 0;
}

/* One line of the file, number `number`: an option and its value, the
 * rest of the line ("--key /a b"; "--key=/a b" too). */
static int add_line(char *line, int number, char *err)
{
	char *origin, *value, *end = line + strlen(line);
	int rc;

	while (isspace((unsigned char)*line))
		line++;
	while (end > line && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (!*line || *line == '#')
		return 0;
	value = line + strcspn(line, " \t=");
	if (*value) {
		*value++ = '\0';
		while (isspace((unsigned char)*value) || *value == '=')
			value++;
	}
	origin = xasprintf("the file %s, line %d", file, number);
	rc = add(line, *value ? value : NULL, true, origin, err);
	free(origin);
	return rc;
}

static int read_file(char *err)
{
	char *line = NULL;
	size_t cap = 0;
	int number = 0, rc = 0;
	struct stat st;
	FILE *f;

	if (!(file = file_path()))
		return 0;
	/* None, or none this user can see (a home folder of another user:
	 * stat() fails too); one it cannot read is refused. */
	if (!(f = fopen(file, "r")) &&
	    (errno == ENOENT || errno == ENOTDIR || stat(file, &st)))
		return 0;
	if (!f)
		return errorf(err, "cannot read the settings file %s: %s", file,
			      strerror(errno));
	file_there = true;
	while (rc == 0 && getline(&line, &cap, f) >= 0)
		rc = add_line(line, ++number, err);
	if (rc == 0 && ferror(f))
		rc = errorf(err, "cannot read the settings file %s: %s", file,
			    strerror(errno));
	free(line);
	fclose(f);
	return rc;
}

/* The variable's words: "--key F", "--key=F", "-j N", "-jN". */
static int read_variable(char *err)
{
	char *copy, *word, *save = NULL, *value;
	int rc = 0;

	if (!(variable = getenv(SETTINGS_VARIABLE)))
		return 0;
	copy = xstrdup(variable);
	for (word = strtok_r(copy, " \t\n", &save); word && rc == 0;
	     word = strtok_r(NULL, " \t\n", &save)) {
		value = NULL;
		if (!strncmp(word, "--", 2) && (value = strchr(word, '=')))
			*value++ = '\0';
		else if (!strncmp(word, "-j", 2) && word[2])
			value = word + 2, word = "-j";
		else if (!strcmp(word, "--key") || !strcmp(word, "--concurrency") ||
			 !strcmp(word, "-j"))
			value = strtok_r(NULL, " \t\n", &save);
		rc = add(word, value, false, SETTINGS_VARIABLE, err);
	}
	free(copy);
	return rc;
}

int settings_load(char *err)
{
	static bool loaded;

	if (loaded)
		return 0;
	loaded = true;
	return read_file(err) || read_variable(err) ? -1 : 0;
}

char **settings_argv(int argc, char **argv, int *out_argc)
{
	unsigned kinds = 0;
	const char *concurrency = NULL;
	int n = 0;

	for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; v++)
		if (!strcmp(argv[0], verbs[v].verb)) {
			kinds = verbs[v].kinds;
			concurrency = verbs[v].concurrency;
		}
	spliced = xcalloc((size_t)argc + count + 1, sizeof *spliced);
	spliced[n++] = argv[0];
	for (size_t i = 0; i < count; i++) {
		struct setting *s = &list[i];

		if (!(kinds & 1u << s->kind))
			continue;
		free(s->word);
		s->word = s->kind == KEY ? xasprintf("--key=%s", s->value)
			  : s->kind == CONCURRENCY ? xasprintf("%s%s", concurrency,
							     s->value)
			  : xstrdup(s->shown);
		spliced[n++] = s->word;
	}
	for (int i = 1; i < argc; i++)
		spliced[n++] = argv[i];
	*out_argc = n;
	return spliced;
}

const char *settings_origin(const char *word)
{
	for (size_t i = 0; word && i < count; i++)
		if (list[i].word == word)
			return list[i].origin;
	return NULL;
}

void settings_help(FILE *out, const char *err)
{
	bool any = false;

	fprintf(out, "\nSettings, for every verb that takes them, as if typed first on "
		"its command\nline (the command line wins, then %s, then the "
		"file):\n", SETTINGS_VARIABLE);
	fprintf(out, "  the file %s (%s)\n", file ? file : "~/.config/arena/defaults",
		!file ? "no home folder" : file_there ? "read" : "not there");
	fprintf(out, "  %s %s%s%s\n", SETTINGS_VARIABLE, variable ? "'" : "(not set)",
		variable ? variable : "", variable ? "'" : "");
	if (err) {
		fprintf(out, "  refused: %s\n", err);
		return;
	}
	/* The last of each kind is in effect. */
	for (size_t i = 0; i < count; i++) {
		bool last = true;

		for (size_t k = i + 1; k < count; k++)
			last = last && list[k].kind != list[i].kind;
		if (last && !any)
			fprintf(out, "  in effect:\n");
		if (last)
			fprintf(out, "    %s (%s)\n", list[i].shown, list[i].origin);
		any = any || last;
	}
	if (!any)
		fprintf(out, "  in effect: none, the built-in defaults\n");
	fprintf(out, "They may hold --limits or --no-limits, --sandbox or --no-sandbox "
		"(play,\ntournament, sprt, check-bot), --key FILE (play, tournament, "
		"sprt) and\n--concurrency N or -j N (tournament, sprt; verify's -j); "
		"the file one a line,\n'#' a comment.\n");
}
