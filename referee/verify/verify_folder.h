/*
 * Checking a tournament's output folder against its manifest
 * (docs/LOGS.md, "A tournament folder"): every game the manifest lists as
 * finished has its log in games/, and games/ holds nothing the manifest
 * does not list.  The full check also hashes and verifies every log: its
 * SHA-256 is the one recorded, it verifies with the manifest's key, and
 * its result is the ranks the manifest rates; and when all that holds, the
 * manifest's "replies" records add up, bot by bot, to the reply times of
 * the logs' actions, since the ladder reports them from the records.  Of
 * a run not finished (an unsigned manifest, read with MANIFEST_RUNNING)
 * only the games listed as finished are checked: the others may be being
 * played.  And which files of a folder without a manifest are game logs.
 */
#ifndef ARENA_VERIFY_FOLDER_H
#define ARENA_VERIFY_FOLDER_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/problems.h"
#include "manifest/manifest_read.h"
#include "verify_book.h"

/* Reports every problem of the folder of `view` (read by manifest_read);
 * `full` adds the check of each log, on `jobs` processes, and of its
 * line of `book` (verify_book.h; NULL: none checked). */
void verify_folder(const struct manifest_view *view, bool full, int jobs,
		   struct verify_book *book, struct problems *problems);

/* The game logs of a folder without a manifest, sorted by name: those of
 * its games/ subfolder when it has one, else its own *.jsonl files
 * ("*.aborted-N.jsonl" ones, set aside, are not results).  New strings in
 * a new array (NULL-terminated); NULL with a message when the folder
 * cannot be read. */
char **verify_folder_logs(const char *dir, size_t *count, char *err);
void verify_folder_logs_free(char **paths);

#endif
