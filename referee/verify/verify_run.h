/*
 * Checking a run's folder as one signed whole: a tournament's against its
 * manifest (verify_run_tournament()), and a play or sprt folder (docs/LOGS.md, "A
 * play or sprt folder"; docs/FAIRNESS.md, revision 5): its run.jsonl
 * (run_manifest.h) must be whole and signed, by the key given if any;
 * every game it lists as started must have its log there, listed as
 * finished with the log's SHA-256, its commitment C the one the started
 * record named, and, with an opening book, its header's book, order and
 * schedule the manifest's; and the folder must hold no log that it does
 * not list; a league's set cut by a stop (a "cut" record) must have its
 * logs in aborted/, each whole as far as the stop let it go, with the C
 * its started record named, and aborted/ nothing else.  The logs
 * themselves are verified by the caller, as any log.
 */
#ifndef ARENA_VERIFY_RUN_H
#define ARENA_VERIFY_RUN_H

#include <cjson/cJSON.h>
#include <stdbool.h>

#include "base/logread.h"
#include "base/problems.h"
#include "manifest/manifest_read.h"
#include "verify_book.h"
#include "verify_run_types.h"

/* Whether `dir` holds a run's records: a run.jsonl, or the
 * manifest.jsonl of an earlier version's tournament. */
bool verify_run_is(const char *dir);

/* Checks the folder `dir` (verify_run_is()) against its records, each
 * problem added to `problems`; `trusted_key`: the key it must be signed
 * with (NULL: any); `pairs_check`: what an sprt run's pairs are given to
 * (NULL: its verdict is not recomputed).  Each log listed is read once. */
void verify_run(const char *dir, const unsigned char *trusted_key,
		verify_run_pairs_check *pairs_check, struct problems *problems);

/* The same in steps, for a caller that reads the logs itself (as
 * `verify` does, to verify each): the records read and checked (of a
 * tournament, `notice` says in one line why its book's lines cannot be
 * checked, else ""); each log of the folder given as it is read (a
 * digest, verify_pool.h, is enough), checked against the game its name
 * numbers, but a tournament's, which verify_run_check() verifies itself
 * on `jobs` processes, streamed; then the listed logs that were not
 * given and the files that nothing lists; then the check freed.
 * `problems` must live until verify_run_close(). */
struct verify_run;
struct verify_run *verify_run_open(const char *dir, const unsigned char *trusted_key,
				   int jobs, verify_run_pairs_check *pairs_check,
				   struct problems *problems, char *notice, size_t size);
void verify_run_log(struct verify_run *run, const struct game_log *log);
void verify_run_check(struct verify_run *run);
void verify_run_close(struct verify_run *run);

/* The manifest of a tournament's folder, when it could be read (else
 * NULL). */
const struct manifest_view *verify_run_view(const struct verify_run *run);

/* What the run's records count, in one line into `buf` (`len` bytes,
 * MANIFEST_CUT_LEN at least), for the caller to say: of an sprt run, the
 * pairs listed dropped after its verdict ("2 pairs listed dropped after
 * the verdict, uncounted, their logs removed", or "no pair listed
 * dropped"); of a league's run, the sets cut by a stop, when there are
 * ("1 set cut by a stop, its logs kept in aborted/ and listed in
 * run.jsonl"); of a tournament, after verify_run_check(), the games and
 * sets a stop cut and a resumed run dealt again, when their logs are
 * there (manifest_cut.h); else "". */
void verify_run_counts_text(const struct verify_run *run, char *buf, size_t len);

/* A tournament's folder against its manifest (docs/LOGS.md, "A tournament
 * folder"): every game the manifest `view` (read by manifest_read.h)
 * lists as finished has its log in games/, and games/ holds nothing the
 * manifest does not list.  `full` adds the check of each log, on `jobs`
 * processes: its SHA-256 is the one recorded, it verifies with the
 * manifest's key, its result is the ranks the manifest rates, its line of
 * `book` (verify_book.h; NULL: none checked); and when all that holds, the
 * manifest's "replies" records add up, bot by bot, to the reply times of
 * the logs' actions, since the ladder reports them from the records.  Of
 * a run not finished (an unsigned manifest, read with MANIFEST_RUNNING)
 * only the games listed as finished are checked: the others may be being
 * played. */
void verify_run_tournament(const struct manifest_view *view, bool full, int jobs,
			   struct verify_book *book, struct problems *problems);

#endif
