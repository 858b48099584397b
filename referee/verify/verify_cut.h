/*
 * The logs a resumed run set aside (docs/FAIRNESS.md, "What this protects
 * against", and docs/TOURNAMENTS.md, "Cut and dealt again"): a game or set
 * cut by a stop and dealt again keeps its cut logs in the folder, each
 * listed by an "aborted" record of the manifest with the commitment C its
 * game or set had.  Each must be there, its hash chain whole as far as the
 * stop let it go, and its C the one listed, so that the cut deals cannot
 * be dropped or swapped; a file that nothing lists is refused by
 * verify_run.h.  Since revision 5 each "started" record names the C of
 * every game it starts, so that a deal cannot go, its cut log and its
 * aborted record removed, without a started C that no log has.
 */
#ifndef ARENA_VERIFY_CUT_H
#define ARENA_VERIFY_CUT_H

#include <stdbool.h>

#include "base/logread.h"
#include "base/problems.h"
#include "manifest/manifest_read.h"

/* The commitment C of the log's first "commit" record, in hex, or ""
 * when it has none (a log cut before its exchange). */
void verify_cut_commitment(const struct game_log *log, char hex[65]);

/* A log in a folder whose records name each deal's C before it started
 * (revision 5 or later), `records` the file saying so: a game of a set
 * there must count its draws with "dealt", or it is a problem.  Logs
 * stripped of it and signed again would pass for revision 4, whose sets'
 * order nothing checks (docs/FAIRNESS-LEAGUE.md, item 19). */
void verify_cut_dealt(const struct game_log *log, const char *records,
		      struct problems *problems);

/* verify_cut_commitment() of the log at `path` ("" when it cannot be
 * read). */
void verify_cut_file_commitment(const char *path, char hex[65]);

/* By game number (1 to view->game_count), which of view->started is
 * its last deal, counted from 1 (0: none named): the deal its finished
 * log must have.  A new array. */
long *verify_cut_last_started(const struct manifest_view *view);

/* Whether an "aborted" record of `game` names the commitment `c`. */
bool verify_cut_names(const struct manifest_view *view, long game, const char *c);

/* Whether `name`, a file of games/ or games/aborted/, is a log an
 * "aborted" record lists. */
bool verify_cut_listed(const struct manifest_view *view, const char *name);

/* A problem in words, with the error of the log it quotes. */
#define VERIFY_CUT_WHY_LEN (ERR_LEN + 256)

/* The problem of the cut log at `path` that `records` ("the manifest",
 * "run.jsonl") lists as a log of game `game` with the commitment `c` ("":
 * none named), in `why` (VERIFY_CUT_WHY_LEN bytes): missing, its hash
 * chain broken before where the stop cut it, another C, or fewer whole
 * lines than `lines` (revision 7: at least its header; 0: any); false
 * when none, and then the log is left in `kept` (unless NULL) for the
 * caller to hold to more and free. */
bool verify_cut_log(const char *path, long game, const char *c, const char *records,
		    long lines, char *why, struct game_log *kept);

/* Checks every log the manifest lists as set aside, and that every deal
 * a started record names (revision 5) is a log's of the folder or listed
 * as cut, each problem added to `problems`; true when all hold. */
bool verify_cut_logs(const struct manifest_view *view, struct problems *problems);

#endif
