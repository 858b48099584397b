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

#include "base/paths.h"
#include "base/util.h"
#include "match_options.h"

/* The verbs that take settings. */
enum { PLAY = 1, TOURNAMENT = 2, SPRT = 4, CHECK_BOT = 8, VERIFY = 16, LEAGUE = 32 };
#define RUNS (PLAY | TOURNAMENT | SPRT | CHECK_BOT | LEAGUE)
#define MATCHES (PLAY | SPRT | CHECK_BOT | LEAGUE) /* match_options.h's */

static const struct {
	const char *name;
	unsigned verbs;
} verb_names[] = {
	{"play", PLAY}, {"tournament", TOURNAMENT}, {"sprt", SPRT},
	{"check-bot", CHECK_BOT}, {"verify", VERIFY}, {"league run", LEAGUE},
};

/* Every option that may be a setting: one a user sets once, not one
 * run's choice.  `in_effect`: which of those given is (in_effect()):
 * the last of the option (ALONE), the last of it and its "no-" form
 * (PAIRED), or each (ADDS, as --readable's paths add up).  `verbs` 0: not
 * a setting (of CLI_MATCH_OPTIONS, one run's choice). */
enum value { FLAG, VALUE, PATH };
enum in_effect { ALONE, PAIRED, ADDS };
static const struct known {
	const char *name;
	enum in_effect in_effect;
	enum value value;
	unsigned verbs;
} known[] = {
	/* The match verbs' options, from their one list (match_options.h). */
#define KNOWN_OF(name, has_arg, value, setting, min, max) KNOWN_##setting(name, has_arg)
#define KNOWN_RUN_FLAG(name, has_arg) {"--" name, PAIRED, FLAG, RUNS}
#define KNOWN_ONCE(name, has_arg) \
	{"--" name, ALONE, has_arg == no_argument ? FLAG : VALUE, MATCHES}
#define KNOWN_ADDS(name, has_arg) {"--" name, ADDS, VALUE, MATCHES}
#define KNOWN_ADDS_PATHS(name, has_arg) {"--" name, ADDS, PATH, MATCHES}
#define KNOWN_ONE_RUN(name, has_arg) {"--" name, ALONE, VALUE, 0}
	CLI_MATCH_OPTIONS(KNOWN_OF),
	{"--key", ALONE, PATH, PLAY | TOURNAMENT | SPRT | LEAGUE},
	{"--compress", ALONE, FLAG, PLAY | TOURNAMENT | SPRT},
	{"--concurrency", ALONE, VALUE, TOURNAMENT | SPRT | VERIFY | LEAGUE},
	{"--quiet", ALONE, FLAG, TOURNAMENT | SPRT},
	{"--report", ALONE, FLAG, TOURNAMENT},
	{"--start-failures", ALONE, VALUE, TOURNAMENT},
	{"--trusted-bots", ALONE, FLAG, PLAY | SPRT | LEAGUE},
};
#define KNOWN (sizeof known / sizeof known[0])

/* Options of the run verbs that are one run's choice, refused as
 * settings with a word of why (and those of CLI_MATCH_OPTIONS marked
 * so). */
static const char *const one_run[] = {
	"--out", "-o", "--resume", "--shard", "--seed", "--games", "-g",
	"--openings", "--openings-book", "--log", "--human", "--show",
	"--duplicate", "--skip-broken", "--elo0", "--elo1",
	"--alpha", "--beta", "--normalized", "--max-pairs", "--players",
	"--keep", "--tournament", "--unsigned",
};

struct setting {
	const struct known *option;
	char *shown;   /* as given, canonical: "--no-limits", "--key /k" */
	char *value;   /* the path or the value; NULL for a flag */
	char *word;    /* as settings_argv() gave it to the verb; NULL */
	char *origin;  /* "the file F, line N", or the variable's name */
};

static struct setting *list;
static size_t count;
static char *file;          /* the file's path; NULL: no home to find it */
static bool file_there;
static const char *variable; /* its value; NULL: not set */
static char **spliced;      /* settings_argv()'s array */

/* The names of the settings, for a message: "--limits, ..., --env". */
static const char *settings_words(void)
{
	static char words[1024];
	size_t len = 0;

	for (size_t i = 0; i < KNOWN && len < sizeof words; i++)
		if (known[i].verbs)
			len += (size_t)snprintf(words + len, sizeof words - len, "%s%s",
						len ? ", " : "", known[i].name);
	return words;
}

/* A path as the file gives it: absolute, or "~/..." in the home folder;
 * NULL after a message otherwise.  Whether it is there is for the verb
 * that uses it to say (keygen makes the key a setting names). */
static char *file_path_value(const char *name, const char *value, bool in_file,
			     const char *origin, char *err)
{
	const char *home = getenv("HOME");

	if (in_file && !strncmp(value, "~/", 2) && home && home[0] == '/')
		return path_join(home, value + 2);
	if (in_file && value[0] != '/') {
		errorf(err, "%s: %s takes an absolute path (or ~/...) in the "
		       "file, not '%s'", origin, name, value);
		return NULL;
	}
	return xstrdup(value);
}

/* The option of known[] `name` is, -j and --jobs (verify's) being
 * --concurrency; NULL when it is none. */
static const struct known *find_known(const char *name)
{
	if (!strcmp(name, "-j") || !strcmp(name, "--jobs"))
		name = "--concurrency";
	for (size_t i = 0; i < KNOWN; i++)
		if (!strcmp(name, known[i].name))
			return &known[i];
	return NULL;
}

/* Why `name` is not a setting: 0 when it is one, else -1 with a message. */
static int refuse(const char *name, const char *origin, char *err)
{
	const struct known *k = find_known(name);
	bool run_choice = k && !k->verbs;

	for (size_t i = 0; i < sizeof one_run / sizeof one_run[0]; i++)
		run_choice = run_choice || !strcmp(name, one_run[i]);
	if (run_choice)
		return errorf(err, "%s: %s cannot be a setting: it is one "
			      "run's choice, give it on that run's command "
			      "line; the settings are %s", origin, name,
			      settings_words());
	return errorf(err, "%s: unknown setting '%s'; the settings are %s",
		      origin, name, settings_words());
}

/* Adds the option `name` with `value` (NULL: none given) from `origin`.
 * 0, or -1 with a message in err. */
static int add(const char *name, const char *value, bool in_file,
	       const char *origin, char *err)
{
	const struct known *k = find_known(name);
	struct setting s = { .option = k };
	long n;

	if (!k || !k->verbs)
		return refuse(name, origin, err);
	if (k->value == FLAG && value)
		return errorf(err, "%s: %s takes no value, not '%s'", origin, name,
			      value);
	if (k->value != FLAG && (!value || !*value))
		return errorf(err, "%s: %s needs a value", origin, name);
	if (k->value == PATH &&
	    !(s.value = file_path_value(name, value, in_file, origin, err)))
		return -1;
	if (k->value == VALUE && !strcmp(k->name, "--concurrency")) {
		if (!whole_number(value, 1, 1024, &n))
			return errorf(err, "%s: %s takes a whole number from 1 "
				      "to 1024 (as verify -j), not '%s'", origin,
				      name, value);
		s.value = xasprintf("%ld", n);
	} else if (k->value == VALUE) {
		s.value = xstrdup(value);
	}
	s.shown = s.value ? xasprintf("%s %s", k->name, s.value) : xstrdup(k->name);
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

	/* NULL when there is no home folder. */
	if (!(file = path_xdg("XDG_CONFIG_HOME", ".config", "arena/defaults")))
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
		else if (find_known(word) && find_known(word)->value != FLAG)
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

/* The bit in known[].verbs of the verb that argv begins with (its first
 * word, or two: "league run"), or 0 for a verb that takes none; *words:
 * how many words name it. */
static unsigned verb_bit(int argc, char **argv, int *words)
{
	for (size_t v = 0; v < sizeof verb_names / sizeof verb_names[0]; v++) {
		const char *name = verb_names[v].name, *space = strchr(name, ' ');

		*words = space ? 2 : 1;
		if (!space ? !strcmp(argv[0], name)
		    : argc > 1 && !strncmp(argv[0], name, (size_t)(space - name)) &&
		      !argv[0][space - name] && !strcmp(argv[1], space + 1))
			return verb_names[v].verbs;
	}
	*words = 1;
	return 0;
}

char **settings_argv(int argc, char **argv, int *out_argc)
{
	int n = 0, words;
	unsigned verb = verb_bit(argc, argv, &words);

	spliced = xcalloc((size_t)argc + count + 1, sizeof *spliced);
	for (int i = 0; i < words; i++)
		spliced[n++] = argv[i];
	for (size_t i = 0; i < count; i++) {
		struct setting *s = &list[i];

		if (!(s->option->verbs & verb))
			continue;
		free(s->word);
		/* verify calls its concurrency -j, --jobs. */
		s->word = !s->value ? xstrdup(s->option->name)
			  : xasprintf("%s=%s", verb == VERIFY ? "--jobs"
				      : s->option->name, s->value);
		spliced[n++] = s->word;
	}
	for (int i = words; i < argc; i++)
		spliced[n++] = argv[i];
	*out_argc = n;
	return spliced;
}

const char *settings_origin(const char *word)
{
	/* A word, or its value (optarg points into "--key=F"). */
	for (size_t i = 0; word && i < count; i++)
		if (list[i].word && word >= list[i].word &&
		    word <= list[i].word + strlen(list[i].word))
			return list[i].origin;
	return NULL;
}

const char *settings_key(void)
{
	const char *key = NULL;

	for (size_t i = 0; i < count; i++)
		if (!strcmp(list[i].option->name, "--key"))
			key = list[i].value;
	return key;
}

/* An option's name without "--" and "no-": a PAIRED pair's one name. */
static const char *paired_name(const struct known *k)
{
	return k->name + (strncmp(k->name, "--no-", 5) ? 2 : 5);
}

/* Whether setting i is in effect: each that adds up is, else the last of
 * its option (or of its pair). */
static bool in_effect(size_t i)
{
	const struct known *k = list[i].option;

	if (k->in_effect == ADDS)
		return true;
	for (size_t j = i + 1; j < count; j++) {
		const struct known *later = list[j].option;

		if (later == k || (k->in_effect == PAIRED && later->in_effect == PAIRED &&
				   !strcmp(paired_name(k), paired_name(later))))
			return false;
	}
	return true;
}

/* Which options the settings may hold, grouped by the verbs that take
 * them. */
static void help_known(FILE *out)
{
	fprintf(out, "They may hold, with their values (the file one a line, '#' a "
		"comment):\n");
	for (size_t i = 0; i < KNOWN; i++) {
		bool first = true, listed = false;

		for (size_t j = 0; j < i; j++)
			listed = listed || known[j].verbs == known[i].verbs;
		if (listed || !known[i].verbs)
			continue;
		fputc(' ', out);
		for (size_t j = i, column = 1; j < KNOWN; j++) {
			if (known[j].verbs != known[i].verbs)
				continue;
			if (column + strlen(known[j].name) + 1 > 78)
				column = (size_t)fprintf(out, "\n ") - 1;
			column += (size_t)fprintf(out, " %s", known[j].name);
		}
		fprintf(out, "\n    for");
		for (size_t v = 0; v < sizeof verb_names / sizeof verb_names[0]; v++)
			if (known[i].verbs & verb_names[v].verbs) {
				fprintf(out, "%s %s", first ? "" : ",", verb_names[v].name);
				first = false;
			}
		fprintf(out, "%s\n", known[i].verbs & VERIFY ? " (verify's -j)" : "");
	}
	fprintf(out, "(-j N and --jobs N are --concurrency N; --readable and --env add "
		"up.)\nOptions of one run (--out, --seed, --resume, --openings-book, "
		"...) cannot be\nsettings.\n");
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
	for (size_t i = 0; i < count; i++) {
		if (!in_effect(i))
			continue;
		if (!any)
			fprintf(out, "  in effect:\n");
		fprintf(out, "    %s (%s)\n", list[i].shown, list[i].origin);
		any = true;
	}
	if (!any)
		fprintf(out, "  in effect: none, the built-in defaults\n");
	help_known(out);
}
