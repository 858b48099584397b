/*
 * A league run's seats held to its logs; see verify_seats.h.
 */
#include "verify_seats.h"

#include <limits.h>
#include <string.h>

#include "base/files.h"
#include "base/json.h"
#include "games/game.h"

static const char *name_of(const cJSON *seat)
{
	const char *name = cJSON_GetStringValue(json_member(seat, "name"));

	return name ? name : "?";
}

/* The started record's seat of bot `name`, or NULL. */
static const cJSON *seat_of(const cJSON *started, const char *name)
{
	const cJSON *seat;

	cJSON_ArrayForEach(seat, started)
		if (!strcmp(name_of(seat), name))
			return seat;
	return NULL;
}

static long version_of(const cJSON *seat)
{
	long version = 0;

	json_get_int(seat, "version", 0, LONG_MAX, &version);
	return version;
}

/* Each seat of the log's header, a bot the started record seats, with the
 * command and files of its version unless the log is `cut`
 * (verify_seats.h); false when one is not. */
static bool check_started(const cJSON *started, const cJSON *players, bool cut,
			  const char *path, struct problems *problems)
{
	const cJSON *p, *seat;
	int s = 0;
	char hash[65];

	if (cJSON_GetArraySize(players) != cJSON_GetArraySize(started)) {
		problems_add(problems, path, "its header seats %d bots, its set's started "
			     "record (run.jsonl) %d: not the set that run.jsonl started",
			     cJSON_GetArraySize(players), cJSON_GetArraySize(started));
		return false;
	}
	cJSON_ArrayForEach(p, players) {
		const char *want;

		seat = seat_of(started, name_of(p));
		want = cJSON_GetStringValue(json_member(seat, "hash"));
		files_command_hash(cJSON_GetStringValue(json_member(p, "command")),
				   json_member(p, "files"), hash);
		if (!seat || (!cut && (!want || strcmp(hash, want)))) {
			problems_add(problems, path, "its seat %d is %s%s, not a bot its set's "
				     "started record (run.jsonl) seats with that version's "
				     "command and files", s, name_of(p), seat ? " with other files" : "");
			return false;
		}
		s++;
	}
	return true;
}

/* The finished record's seats, versions and ranks, those of the log. */
static void check_finished(const cJSON *finished, const cJSON *started, const cJSON *players,
			   const struct game_log *log, struct problems *problems)
{
	int ranks[GAME_MAX_SEATS], count = logread_ranks(log, ranks, GAME_MAX_SEATS);

	if (count != cJSON_GetArraySize(finished)) {
		problems_add(problems, log->path, "its result ranks %d seats, its finished "
			     "record (run.jsonl) %d", count, cJSON_GetArraySize(finished));
		return;
	}
	for (int s = 0; s < count; s++) {
		const cJSON *f = cJSON_GetArrayItem(finished, s);
		const char *name = name_of(cJSON_GetArrayItem(players, s));
		long rank = 0;

		json_get_int(f, "rank", 0, GAME_MAX_SEATS, &rank);
		if (strcmp(name_of(f), name) || rank != ranks[s] ||
		    version_of(f) != version_of(seat_of(started, name))) {
			problems_add(problems, log->path, "its seat %d is %s v%ld ranked %d, "
				     "its finished record (run.jsonl) gives %s v%ld ranked %ld: "
				     "not the game its log plays", s, name,
				     version_of(seat_of(started, name)), ranks[s], name_of(f),
				     version_of(f), rank);
			return;
		}
	}
}

void verify_seats_check(const cJSON *started, const cJSON *finished, bool cut,
			const struct game_log *log, struct problems *problems)
{
	const cJSON *players = json_member(log->count ? log->lines[0].json : NULL, "players");

	if (started && check_started(started, players, cut, log->path, problems) &&
	    finished)
		check_finished(finished, started, players, log, problems);
}
