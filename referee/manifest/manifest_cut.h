/*
 * Games and duplicate sets cut by a stop and dealt again (docs/
 * TOURNAMENTS.md, "Cut and dealt again"): a resumed run sets aside the log
 * of each game the stop cut (and every log of a duplicate set it cut) in
 * games/aborted/, with an "aborted" record in the manifest, and plays the
 * game, or the whole set, again.  Nothing of that may pass in silence:
 * `referee verify` and `referee ladder` of the folder, and its report, say
 * how many, in the one sentence made here from the manifest's records.
 */
#ifndef ARENA_MANIFEST_CUT_H
#define ARENA_MANIFEST_CUT_H

#include <stddef.h>

#include "manifest_read.h"

struct manifest_cut {
	long games; /* games that had a log set aside */
	long sets;  /* the duplicate sets of those games */
	long logs;  /* logs set aside */
	long gone;  /* of those, the logs not in the folder any more */
};

/* Long enough for manifest_cut_text(). */
#define MANIFEST_CUT_LEN 192

/* What the manifest read into `view` says was cut and dealt again. */
void manifest_cut_count(const struct manifest_view *view, struct manifest_cut *cut);

/* `more` added to `sum` (a ladder of several runs). */
void manifest_cut_add(struct manifest_cut *sum, const struct manifest_cut *more);

/* "cut by a stop and dealt again: 2 games, 1 duplicate set (2 logs set
 * aside in games/aborted/, listed by the manifest)", or "" when nothing
 * was; when logs the manifest lists are gone, it says so instead of that
 * they are there ("..., but 2 of the 2 logs the manifest lists as set
 * aside are not in the folder: referee verify names them"); into buf
 * (MANIFEST_CUT_LEN bytes), which it returns. */
const char *manifest_cut_text(const struct manifest_cut *cut, char *buf);

#endif
