/*
 * Reading tournament files; see tournament_file.h and docs/TOURNAMENTS.md.
 * The file is read whole and parsed strictly (a key given twice is an
 * error, and so is any field this reader does not know, so that a typo
 * cannot pass silently), then checked field by field.  The checks below
 * write their message without the file's name; tournament_file_read puts
 * it in front.  Whether the bots can be started here is a separate check.
 */
#include "tournament_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/files.h"
#include "base/game_play.h"
#include "base/json.h"
#include "base/openings.h"
#include "base/options.h"
#include "base/paths.h"
#include "base/seed.h"
#include "base/util.h"
#include "book.h"
#include "bot/bot_env.h"
#include "games/registry.h"
#include "names.h"
#include "schedule.h"

#define FILE_MAX_BYTES (4L << 20)
#define DAY_MS 86400000L

static const char *const top_fields[] = {
	"name", "game", "options", "players", "format", "games", "bots",
	"time", "limits", "seed", "concurrency", "sandbox", "containment",
	"openings", "duplicate", "trusted_bots", "compress", "rounds", NULL,
};
static const char *const opening_fields[] = {"plies", "book", "order", NULL};
static const char *const bot_fields[] = {
	"name", "command", "workdir", "env", "pass_env", "challenger",
	"readable", "ponder", NULL,
};
static const char *const time_fields[] = {
	"move_ms", "game_ms", "start_ms", "clock", NULL,
};
static const char *const limit_fields[] = {
	"max_line", "max_stderr", "cpu_seconds", "memory_mb", "processes",
	"cpus", NULL,
};

/* The whole file in a new buffer, or NULL with err. */
static char *read_text(const char *path, size_t *len, char *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *text = fd < 0 ? NULL : files_read_fd(fd, FILE_MAX_BYTES - 1, len);

	if (fd < 0)
		errorf(err, "cannot open it: %s", strerror(errno));
	else if (!text && errno == EFBIG)
		errorf(err, "longer than %ld MiB, too long for a tournament file",
		       FILE_MAX_BYTES >> 20);
	else if (!text)
		errorf(err, "cannot read it: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
	return text;
}

/* The strict parser of json.h, which reads one line: the spaces and line
 * breaks that end a file are dropped, and a syntax error or text after
 * the object is placed by line and column. */
static cJSON *parse_text(const char *text, size_t len, char *err)
{
	const char *end = NULL;
	cJSON *root;
	bool parsed;
	int line = 1, column = 1;

	while (len && text[len - 1] && strchr(" \t\r\n", text[len - 1]))
		len--;
	root = json_parse_object(text, len, err);
	if (root)
		return root;
	root = cJSON_ParseWithLengthOpts(text, len, &end, false);
	parsed = root != NULL;
	cJSON_Delete(root);
	while (parsed && end < text + len && *end && strchr(" \t\r\n", *end))
		end++;
	if (!end || (parsed && end == text + len))
		return NULL;
	for (const char *c = text; c < end; c++, column++)
		if (*c == '\n') {
			line++;
			column = 0;
		}
	errorf(err, "%s (line %d, column %d)",
	       parsed ? "text after the JSON object" : "not valid JSON", line,
	       column);
	return NULL;
}

/* "a, b, c" into buf. */
static void join_words(const char *const *words, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; words[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? ", " : "", words[i]);
}

/* Refuses a member of `object` whose key is not one of `fields`. */
static int check_fields(const cJSON *object, const char *const *fields,
			const char *where, char *err)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, object) {
		char known[256];
		int i = 0;

		while (fields[i] && strcmp(fields[i], item->string))
			i++;
		if (fields[i])
			continue;
		join_words(fields, known, sizeof known);
		return errorf(err, "%sunknown field \"%s\" (the fields: %s)",
			      where, item->string, known);
	}
	return 0;
}

/* Member `key` into *out when it is a non-empty string, NULL when absent;
 * -1 with err when it is anything else.  `where` prefixes the message. */
static int get_string(const cJSON *object, const char *key, const char *where,
		      const char **out, char *err)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);

	*out = NULL;
	if (!item)
		return 0;
	if (!cJSON_IsString(item) || !item->valuestring[0])
		return errorf(err, "%s\"%s\" must be a non-empty string", where,
			      key);
	*out = item->valuestring;
	return 0;
}

/* The same for an object member. */
static int get_object(const cJSON *object, const char *key, const char *where,
		      const cJSON **out, char *err)
{
	const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);

	*out = NULL;
	if (!item)
		return 0;
	if (!cJSON_IsObject(item))
		return errorf(err, "%s\"%s\" must be a JSON object", where, key);
	*out = item;
	return 0;
}

/* The same for an integer in [min, max]; *out keeps its default when the
 * member is absent. */
static int get_int(const cJSON *object, const char *key, const char *where,
		   long min, long max, long *out, char *err)
{
	if (json_get_int(object, key, min, max, out))
		return 0;
	return errorf(err, "%s\"%s\" must be an integer from %ld to %ld", where,
		      key, min, max);
}

/* The same for true or false. */
static int get_bool(const cJSON *object, const char *key, const char *where,
		    bool *out, char *err)
{
	const cJSON *item = json_member(object, key);

	if (item && !cJSON_IsBool(item))
		return errorf(err, "%s\"%s\" must be true or false", where, key);
	if (item)
		*out = cJSON_IsTrue(item);
	return 0;
}

/* "name", or the file's base name without ".json". */
static int read_name(const char *path, const cJSON *root,
		     struct tournament_spec *spec, char *err)
{
	const char *given, *base = strrchr(path, '/');
	size_t len;

	if (get_string(root, "name", "", &given, err) < 0)
		return -1;
	if (given) {
		if (!name_ok(given, strlen(given)))
			return errorf(err, "\"name\" must be " NAME_RULE ", not '%s'",
				      given);
		spec->name = xstrdup(given);
		return 0;
	}
	base = base ? base + 1 : path;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".json") == 0)
		len -= 5;
	spec->name = xasprintf("%.*s", (int)len, base);
	if (!name_ok(spec->name, strlen(spec->name)))
		return errorf(err, "the file's name '%s' cannot name the tournament: give a \"name\" of " NAME_RULE,
			      spec->name);
	return 0;
}

static int read_game(const cJSON *root, struct tournament_spec *spec,
		     char *err)
{
	const char *names[64], *game;
	char list[256];
	int n = 0;

	if (get_string(root, "game", "", &game, err) < 0)
		return -1;
	if (game && (spec->rules = arena_game_find(game)))
		return 0;
	while (arena_game_registry[n] && n < 63) {
		names[n] = arena_game_registry[n]->name;
		n++;
	}
	names[n] = NULL;
	join_words(names, list, sizeof list);
	if (!game)
		return errorf(err, "missing \"game\" (games: %s)", list);
	return errorf(err, "unknown game '%s' (games: %s)", game, list);
}

/* The options, resolved; who starts is the schedule's business, so
 * `first` is seat0 unless the file says otherwise. */
static int read_options(const cJSON *root, struct tournament_spec *spec,
			char *err)
{
	const cJSON *given;
	cJSON *copy;

	if (get_object(root, "options", "", &given, err) < 0)
		return -1;
	copy = given ? cJSON_Duplicate(given, true) : cJSON_CreateObject();
	if (!cJSON_GetObjectItemCaseSensitive(copy, "first"))
		cJSON_AddStringToObject(copy, "first", "seat0");
	spec->options = options_resolve(spec->rules, copy, err);
	cJSON_Delete(copy);
	return spec->options ? 0 : -1;
}

static int read_players(const cJSON *root, struct tournament_spec *spec,
			char *err)
{
	const struct game_rules *rules = spec->rules;
	long players = rules->min_players;

	if (!json_get_int(root, "players", rules->min_players,
			  rules->max_players, &players))
		return errorf(err, "\"players\" must be an integer from %d to %d for %s",
			      rules->min_players, rules->max_players,
			      rules->name);
	spec->players = (int)players;
	return game_play_check_setup(rules, spec->options, spec->players, err);
}

#define ROUNDS_MAX 1000

/* A Swiss's "rounds", required there and nowhere else; its tables are
 * pairs. */
static int read_rounds(const cJSON *root, struct tournament_spec *spec,
		       char *err)
{
	long rounds = 0;

	if (spec->format != FORMAT_SWISS)
		return cJSON_GetObjectItemCaseSensitive(root, "rounds")
		       ? errorf(err, "\"rounds\" is for \"format\": \"swiss\" only") : 0;
	if (spec->players != 2)
		return errorf(err, "a Swiss tournament pairs bots: \"players\" must be 2, not %d",
			      spec->players);
	if (!cJSON_GetObjectItemCaseSensitive(root, "rounds") ||
	    !json_get_int(root, "rounds", 1, ROUNDS_MAX, &rounds))
		return errorf(err, "a Swiss tournament needs \"rounds\", an integer from 1 to %d",
			      ROUNDS_MAX);
	spec->rounds = (int)rounds;
	return 0;
}

static int read_format(const cJSON *root, struct tournament_spec *spec,
		       char *err)
{
	const char *format;

	if (get_string(root, "format", "", &format, err) < 0)
		return -1;
	if (!format || strcmp(format, "round-robin") == 0)
		spec->format = FORMAT_ROUND_ROBIN;
	else if (strcmp(format, "gauntlet") == 0)
		spec->format = FORMAT_GAUNTLET;
	else if (strcmp(format, "swiss") == 0)
		spec->format = FORMAT_SWISS;
	else
		return errorf(err, "\"format\" must be \"round-robin\", \"gauntlet\" or \"swiss\", not '%s'",
			      format);
	return read_rounds(root, spec, err);
}

#define GAMES_MAX 1000000

/* Games per table: whole seating cycles, so every table is balanced;
 * a Swiss's pairing may play any number, its seats balanced over the
 * rounds (swiss.h). */
static int read_games(const cJSON *root, struct tournament_spec *spec,
		      char *err)
{
	int cycle = schedule_seating_count(spec->rules, spec->players, err);
	long games = cycle;

	if (cycle < 0)
		return -1;
	if (spec->format == FORMAT_SWISS) {
		if (!json_get_int(root, "games", 1, GAMES_MAX, &games))
			return errorf(err, "\"games\" must be a positive integer, at most %d: the games of each pairing",
				      GAMES_MAX);
		spec->games = (int)games;
		return 0;
	}
	if (!json_get_int(root, "games", 1, GAMES_MAX, &games) || games % cycle) {
		if (cycle == spec->players)
			return errorf(err, "\"games\" must be a positive multiple of %d, at most %d, so that every bot sits in each of the %d seats equally often",
				      cycle, GAMES_MAX, cycle);
		return errorf(err, "\"games\" must be a positive multiple of %d, at most %d: the %d ways to split a table's bots into teams, each in %d seat rotations",
			      cycle, GAMES_MAX, cycle / spec->players, spec->players);
	}
	spec->games = (int)games;
	return 0;
}

/* "pass_env": names of the referee's variables the bot gets, then "env":
 * an object of strings it gets; both as bot_env.h's entries. */
static int read_env(const cJSON *item, struct tournament_bot *bot,
		    const char *where, char *err)
{
	const cJSON *pass = cJSON_GetObjectItemCaseSensitive(item, "pass_env");
	const cJSON *env, *var;
	int n = 0;

	if (get_object(item, "env", where, &env, err) < 0)
		return -1;
	if (pass && !cJSON_IsArray(pass))
		return errorf(err, "%s\"pass_env\" must be an array of variable "
			      "names", where);
	bot->env = xcalloc((size_t)(cJSON_GetArraySize(env) +
				    cJSON_GetArraySize(pass)) + 1, sizeof *bot->env);
	cJSON_ArrayForEach(var, pass) {
		if (!cJSON_IsString(var) || strchr(var->valuestring, '=') ||
		    !bot_env_entry_valid(var->valuestring))
			return errorf(err, "%spass_env[%d] must be a variable name",
				      where, n);
		bot->env[n++] = xstrdup(var->valuestring);
	}
	cJSON_ArrayForEach(var, env) {
		if (strchr(var->string, '=') || !bot_env_entry_valid(var->string))
			return errorf(err, "%senv: '%s' is not a variable name",
				      where, var->string);
		if (!cJSON_IsString(var))
			return errorf(err, "%senv: \"%s\" must be a string", where,
				      var->string);
		bot->env[n++] = xasprintf("%s=%s", var->string, var->valuestring);
	}
	return 0;
}

/* "readable": an array of paths, relative ones joined to `folder`. */
static int read_readable(const cJSON *list, const char *folder,
			 struct tournament_bot *bot, const char *where,
			 char *err)
{
	const cJSON *item;
	int n = 0;

	if (list && !cJSON_IsArray(list))
		return errorf(err, "%s\"readable\" must be an array of paths", where);
	bot->readable = xcalloc((size_t)cJSON_GetArraySize(list) + 1,
				sizeof *bot->readable);
	cJSON_ArrayForEach(item, list) {
		if (!cJSON_IsString(item) || !item->valuestring[0])
			return errorf(err, "%sreadable[%d] must be a path", where, n);
		bot->readable[n++] = path_resolve(folder, item->valuestring);
	}
	return 0;
}

/* `command` read in `dir` as bot_spawn() prepares it
 * (bot_prepare_command()): 0, and when `workdir` is not NULL the folder a
 * bot without a "workdir" starts in (NULL: none), or -1 with err when its
 * program is not there. */
static int prepare(const char *command, const char *dir, char **workdir,
		   char *err)
{
	const struct bot_spec spec = {.command = command, .command_dir = dir};
	char **words, *program, *folder;
	int rc = bot_prepare_command(&spec, &words, &program, &folder, err);

	free(program);
	strings_free(words);
	if (workdir)
		*workdir = folder;
	else
		free(folder);
	return rc;
}

static int read_bot(const char *folder, const cJSON *item, int index,
		    enum tournament_format format, struct tournament_bot *bot,
		    char *err)
{
	const char *name, *command, *workdir;
	char where[32], why[ERR_LEN];

	if (!cJSON_IsObject(item))
		return errorf(err, "bots[%d] must be a JSON object", index);
	snprintf(where, sizeof where, "bots[%d]: ", index);
	if (check_fields(item, bot_fields, where, err) < 0 ||
	    get_string(item, "name", where, &name, err) < 0 ||
	    get_string(item, "command", where, &command, err) < 0 ||
	    get_string(item, "workdir", where, &workdir, err) < 0)
		return -1;
	if (!name)
		return errorf(err, "%smissing \"name\"", where);
	if (!name_ok(name, strlen(name)))
		return errorf(err, "%sname '%s' must be " NAME_RULE, where, name);
	if (!command)
		return errorf(err, "%smissing \"command\"", where);
	if (get_bool(item, "challenger", where, &bot->challenger, err) < 0)
		return -1;
	if (bot->challenger && format != FORMAT_GAUNTLET)
		return errorf(err, "%s\"challenger\" is for \"format\": \"gauntlet\" only",
			      where);
	if (get_bool(item, "ponder", where, &bot->ponder, err) < 0)
		return -1;
	bot->name = xstrdup(name);
	bot->command = xstrdup(command);
	bot->command_dir = workdir ? path_resolve(folder, workdir) : xstrdup(folder);
	if (workdir)
		bot->workdir = xstrdup(bot->command_dir);
	else /* a program not there is said by tournament_file_check_bots() */
		prepare(command, bot->command_dir, &bot->workdir, why);
	if (read_readable(cJSON_GetObjectItemCaseSensitive(item, "readable"),
			  folder, bot, where, err) < 0)
		return -1;
	return read_env(item, bot, where, err);
}

static int read_bots(const char *path, const cJSON *root,
		     struct tournament_spec *spec, char *err)
{
	const cJSON *bots = cJSON_GetObjectItemCaseSensitive(root, "bots");
	const cJSON *item;
	char *folder;
	int challengers = 0, rc = 0;

	if (bots && !cJSON_IsArray(bots))
		return errorf(err, "\"bots\" must be an array of objects");
	if (cJSON_GetArraySize(bots) == 0)
		return errorf(err, "no bots");
	folder = path_parent(path);
	spec->bots = xcalloc((size_t)cJSON_GetArraySize(bots),
			     sizeof *spec->bots);
	cJSON_ArrayForEach(item, bots) {
		struct tournament_bot *bot = &spec->bots[spec->bot_count++];

		rc = read_bot(folder, item, spec->bot_count - 1, spec->format,
			      bot, err);
		for (int i = 0; rc == 0 && i < spec->bot_count - 1; i++)
			if (strcmp(spec->bots[i].name, bot->name) == 0)
				rc = errorf(err, "two bots are named '%s'",
					    bot->name);
		if (rc < 0)
			break;
		challengers += bot->challenger;
	}
	free(folder);
	if (rc < 0)
		return -1;
	if (spec->bot_count < spec->players)
		return errorf(err, "%s needs at least %d bots for a %d-player table",
			      spec->rules->name, spec->players, spec->players);
	if (spec->format == FORMAT_GAUNTLET && challengers == 0)
		return errorf(err, "gauntlet needs at least one bot with \"challenger\": true");
	return 0;
}

/* "time" and "limits", with the defaults of `referee play`. */
static int read_controls(const cJSON *root, struct tournament_spec *spec,
			 char *err)
{
	const cJSON *time, *limits;
	long move = 1000, game = 0, start = 10000;
	long line = 65536, stderr_bytes = 1L << 20, cpu = 0;
	long memory = BOT_DEFAULT_MEMORY_MB, processes = 0, cpus = 1;
	bool sandbox = true, contain = true;
	const char *clock = NULL;

	if (get_object(root, "time", "", &time, err) < 0 ||
	    check_fields(time, time_fields, "time: ", err) < 0 ||
	    get_int(time, "move_ms", "time: ", 1, DAY_MS, &move, err) < 0 ||
	    get_int(time, "game_ms", "time: ", 0, DAY_MS, &game, err) < 0 ||
	    get_int(time, "start_ms", "time: ", 1, DAY_MS, &start, err) < 0 ||
	    get_string(time, "clock", "time: ", &clock, err) < 0 ||
	    get_object(root, "limits", "", &limits, err) < 0 ||
	    check_fields(limits, limit_fields, "limits: ", err) < 0 ||
	    get_int(limits, "max_line", "limits: ", 64, 1L << 30, &line,
		    err) < 0 ||
	    get_int(limits, "max_stderr", "limits: ", 0, 1L << 34,
		    &stderr_bytes, err) < 0 ||
	    get_int(limits, "cpu_seconds", "limits: ", 0, 1000000, &cpu,
		    err) < 0 ||
	    get_int(limits, "memory_mb", "limits: ", 0, 1L << 24, &memory,
		    err) < 0 ||
	    get_int(limits, "processes", "limits: ", 0, 1L << 22, &processes,
		    err) < 0 ||
	    get_int(limits, "cpus", "limits: ", 0, 4096, &cpus, err) < 0 ||
	    get_bool(root, "sandbox", "", &sandbox, err) < 0 ||
	    get_bool(root, "containment", "", &contain, err) < 0)
		return -1;
	if (clock && strcmp(clock, "cpu") && strcmp(clock, "wall"))
		return errorf(err, "time: \"clock\" must be \"cpu\" or \"wall\", not '%s'",
			      clock);
	if (clock && !strcmp(clock, "cpu") && !contain)
		return errorf(err, "time: \"clock\": \"cpu\" needs each bot's control "
			      "group, which \"containment\": false turns off");
	spec->time = (struct time_control){
		.move_ms = move, .game_ms = game, .start_ms = start,
		.clock = !contain || (clock && !strcmp(clock, "wall"))
			 ? CLOCK_WALL : CLOCK_CPU,
	};
	spec->limits = (struct bot_limits){
		.max_line = (size_t)line,
		.max_stderr = (size_t)stderr_bytes,
		.cpu_seconds = (unsigned)cpu,
		.processes = (unsigned)processes,
		.sandbox = sandbox,
		.contain = contain,
		.memory = (uint64_t)memory << 20,
		.cpus = (unsigned)cpus,
	};
	return 0;
}

/* "seed": 1 to 64 bytes in hex, hashed as `referee play --seed` does. */
static int read_seed(const cJSON *root, struct tournament_spec *spec,
		     char *err)
{
	const char *hex;

	if (get_string(root, "seed", "", &hex, err) < 0)
		return -1;
	if (!hex)
		return 0;
	if (seed_from_hex(spec->seed, hex))
		return errorf(err, "\"seed\" must be " SEED_RULE ", not '%s'",
			      hex);
	spec->seeded = true;
	return 0;
}

int tournament_file_book(struct tournament_spec *spec, const char *path,
			 const char *order, char *err)
{
	book_free(&spec->book);
	if (spec->openings)
		return errorf(err, "\"openings\": give \"plies\" (drawn moves) or "
			      "a \"book\", not both");
	if (book_read(path, spec->rules, spec->options, spec->players, &spec->book, err) ||
	    book_order(&spec->book, order, err))
		return -1;
	/* A random order is the run's own when it has a seed. */
	if (spec->seeded)
		memcpy(spec->book.seed, spec->seed, sizeof spec->book.seed);
	return 0;
}

int tournament_book_unit(const struct tournament_spec *spec)
{
	char err[ERR_LEN];
	int cycle = schedule_seating_count(spec->rules, spec->players, err);

	return spec->duplicate || cycle < 1 ? spec->players : cycle;
}

/* "openings": {"plies": N} or {"book": FILE, "order": ORDER}, for the
 * games that take them; FILE relative to the tournament file's folder. */
static int read_openings(const char *path, const cJSON *root,
			 struct tournament_spec *spec, char *err)
{
	const cJSON *openings;
	const char *book = NULL, *order = NULL;
	long plies = 0;
	char *folder, *file;
	int rc;

	if (get_object(root, "openings", "", &openings, err) < 0 ||
	    check_fields(openings, opening_fields, "openings: ", err) < 0 ||
	    get_int(openings, "plies", "openings: ", 0, OPENINGS_MAX_PLIES,
		    &plies, err) < 0 ||
	    get_string(openings, "book", "openings: ", &book, err) < 0 ||
	    get_string(openings, "order", "openings: ", &order, err) < 0 ||
	    openings_check(spec->rules, spec->options, spec->players, (int)plies,
			   err) < 0)
		return -1;
	spec->openings = (int)plies;
	if (!book)
		return order ? errorf(err, "openings: \"order\" is the order of a "
				      "\"book\"; give the book") : 0;
	folder = path_parent(path);
	file = path_resolve(folder, book);
	rc = tournament_file_book(spec, file ? file : book, order, err);
	free(file);
	free(folder);
	return rc;
}

/* "duplicate" and "trusted_bots" (docs/TOURNAMENTS.md, "Fields"): with
 * "duplicate": true each table's games are played as sets of as many
 * games as there are seats, the consecutive games of one split of the
 * table's bots into teams in each rotation of the seats (every rotation,
 * since a table's seating cycle lists each split's rotations in a row).
 * A set is played whole, on one worker, and is complete only when all its
 * games are; a set cut short is played again whole. */
static int read_duplicate(const cJSON *root, struct tournament_spec *spec, char *err)
{
	return get_bool(root, "duplicate", "", &spec->duplicate, err) ||
	       get_bool(root, "trusted_bots", "", &spec->trusted_bots, err) ? -1 : 0;
}

static int read_spec(const char *path, const cJSON *root,
		     struct tournament_spec *spec, char *err)
{
	long concurrency = 0;

	if (check_fields(root, top_fields, "", err) < 0 ||
	    read_name(path, root, spec, err) < 0 ||
	    read_game(root, spec, err) < 0 ||
	    read_options(root, spec, err) < 0 ||
	    read_players(root, spec, err) < 0 ||
	    read_format(root, spec, err) < 0 ||
	    read_games(root, spec, err) < 0 ||
	    read_bots(path, root, spec, err) < 0 ||
	    read_controls(root, spec, err) < 0 ||
	    read_seed(root, spec, err) < 0 ||
	    read_openings(path, root, spec, err) < 0 ||
	    read_duplicate(root, spec, err) < 0 ||
	    (spec->duplicate && spec->games % spec->players &&
	     errorf(err, "\"games\" must be a multiple of %d with \"duplicate\": true, a duplicate set being a game in each seating",
		    spec->players) < 0) ||
	    get_bool(root, "compress", "", &spec->compress, err) < 0 ||
	    get_int(root, "concurrency", "", 1, 4096, &concurrency, err) < 0)
		return -1;
	spec->concurrency = (int)concurrency;
	return 0;
}

int tournament_file_picks(const cJSON *root, struct tournament_spec *spec,
			  char *err)
{
	memset(spec, 0, sizeof *spec);
	if (read_game(root, spec, err) < 0 || read_options(root, spec, err) < 0 ||
	    read_players(root, spec, err) < 0 || read_format(root, spec, err) < 0 ||
	    read_games(root, spec, err) < 0 || read_seed(root, spec, err) < 0 ||
	    read_duplicate(root, spec, err) < 0) {
		tournament_file_free(spec);
		return -1;
	}
	return 0;
}

int tournament_file_read(const char *path, struct tournament_spec *spec,
			 char *err)
{
	char why[ERR_LEN], *text;
	cJSON *root = NULL;
	size_t len;
	int rc = -1;

	memset(spec, 0, sizeof *spec);
	text = read_text(path, &len, why);
	if (text) {
		root = parse_text(text, len, why);
		free(text);
	}
	if (root && (rc = read_spec(path, root, spec, why)) == 0) {
		spec->file = root;
		return 0;
	}
	cJSON_Delete(root);
	tournament_file_free(spec);
	return errorf(err, "%s: %s", path, why);
}

void tournament_file_free(struct tournament_spec *spec)
{
	for (int i = 0; i < spec->bot_count; i++) {
		struct tournament_bot *bot = &spec->bots[i];

		strings_free(bot->env);
		strings_free(bot->readable);
		free(bot->name);
		free(bot->command);
		free(bot->workdir);
		free(bot->command_dir);
	}
	free(spec->bots);
	book_free(&spec->book);
	free(spec->name);
	cJSON_Delete(spec->options);
	cJSON_Delete(spec->file);
	memset(spec, 0, sizeof *spec);
}

int tournament_file_check_bots(const struct tournament_spec *spec,
			       char *err)
{
	char why[ERR_LEN];

	for (int i = 0; i < spec->bot_count; i++) {
		const struct tournament_bot *bot = &spec->bots[i];
		struct stat st;
		int problem = stat(bot->command_dir, &st) < 0 ? errno :
			      S_ISDIR(st.st_mode) ? 0 : ENOTDIR;

		if (problem)
			return errorf(err, "bot '%s': cannot enter working folder '%s': %s",
				      bot->name, bot->command_dir, strerror(problem));
		if (prepare(bot->command, bot->command_dir, NULL, why) < 0)
			return errorf(err, "bot '%s': %s", bot->name, why);
		for (char **r = bot->readable; r && *r; r++)
			if (stat(*r, &st) < 0)
				return errorf(err, "bot '%s': readable path '%s': %s",
					      bot->name, *r, strerror(errno));
	}
	return 0;
}

/* Only the sandbox keeps a bot from reading the logs of its set's other
 * games, written as they draw, so without it the organiser must vouch
 * for the bots. */
int tournament_duplicate_check(const struct tournament_spec *spec, char *err)
{
	if (spec->duplicate && !spec->limits.sandbox && !spec->trusted_bots)
		return errorf(err, "\"duplicate\": true without the sandbox: a bot "
			      "could read the set's draws (dice, cards, who "
			      "starts) in the logs of its other "
			      "games before its own game deals them; add "
			      "\"trusted_bots\": true if you trust the bots not to");
	return 0;
}
