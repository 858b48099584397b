/*
 * A Swiss run's manifest checked against its pairings (swiss.h): every
 * finished game must seat the bots that the pairing of its round, made
 * from the results the manifest lists for the rounds before, seats
 * there.  So a manifest whose pairings were changed by hand, or a run
 * that paired otherwise, fails wherever the manifest is read (verify,
 * ladder, report, --resume), with the game, the seats it lists and the
 * seats of the pairing.  Its games are those
 * the manifest's reader (manifest_read.h) took in.
 */
#ifndef ARENA_MANIFEST_SWISS_H
#define ARENA_MANIFEST_SWISS_H

#include <cjson/cJSON.h>

#include "base/problems.h"
#include "manifest_read.h"
#include "plan/swiss.h"

/* The Swiss field of a manifest's header whose tournament file `file`
 * says "format": "swiss" (its rounds, and its games per pairing from
 * `schedule_games`): 1; 0 when the file is not a Swiss's; -1 when it
 * is, but its rounds and the schedule's games do not agree (no run of
 * the referee writes that: its pairings cannot be checked). */
int manifest_swiss_field(const cJSON *file, int bots, long schedule_games,
			 struct swiss_field *field);

/* The pairings of a Swiss run `view` (view->swiss.rounds > 0) from its
 * finished games. */
void manifest_view_swiss_plan(const struct manifest_view *view, struct swiss_plan *plan);

/* Reports each finished game of Swiss run `view` whose seats are not its
 * pairing's. */
void manifest_swiss_check(const struct manifest_view *view, struct problems *problems);

#endif
