/*
 * The tournament file as a run's manifest records it (docs/TOURNAMENTS.md,
 * "Resuming after fixing a bot"): its header holds the file as read, and
 * a "bot" record each new version of a bot's entry.  A resumed run may
 * change how a bot is run (its command, workdir, readable, env, pass_env),
 * which is then recorded as the bot's new version, and add bots at the
 * end of the list, which a "grown" record adds; anything else would
 * change the schedule or the games, and is refused by name.
 */
#ifndef ARENA_MANIFEST_FILE_H
#define ARENA_MANIFEST_FILE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* Whether objects a and b differ in a member not in `skip` (NULL-ended,
 * or NULL), looking into the objects they both hold; the path of the
 * first such member, after `prefix`, goes to `path` ("time.move_ms"). */
bool manifest_first_change(const cJSON *a, const cJSON *b, const char *const *skip,
			   const char *prefix, char *path, size_t size);

/* Takes in a "bot" record: `file`'s bots[record.bot] becomes its
 * "entry".  0, or -1 when the record is not one for a bot of `file` of
 * the same name. */
int manifest_file_apply(cJSON *file, const cJSON *record);

/* Takes in a "grown" record, its "entries" checked by manifest_read.c
 * (each of a new name): they are added at the end of `file`'s bots.  0,
 * or -1 when its "bot" is not the number of `file`'s bots. */
int manifest_file_grow(cJSON *file, const cJSON *record);

/* Compares the file `now` with the file `old` a run was started with:
 * -1 with err naming the first field that changed that may not, else 0. */
int manifest_file_check(const cJSON *old, const cJSON *now, char *err);

/* A "bot" record for each of `old`'s bots whose entry in `now` is not its
 * entry in `old` (its last version), in an array; both files passed the
 * check. */
cJSON *manifest_file_versions(const cJSON *old, const cJSON *now);

#endif
