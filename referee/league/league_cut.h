/*
 * A league's sets cut by a stop (docs/LEAGUE.md, "Sets cut by a stop";
 * docs/FAIRNESS-LEAGUE.md, item 16): a duplicate set that Ctrl-C, SIGTERM, a
 * kill -9 (closed by the next run) or a Slurm cancel cut keeps its logs,
 * moved into the run's folder's aborted/ under the names they had, and
 * run.jsonl lists it by a "cut" record with the commitment C it was
 * started with; what is played in its place is a new set with a new C.
 * Nothing is deleted, so an organiser who knows the draws cannot make a
 * set that went badly vanish.  The index enters each set cut, with the
 * versions its started record seats, so that `verify`, the ladder,
 * `league status` and the server count the sets cut per run and per
 * version; and each set a Slurm run refused (listed dropped, its logs
 * removed: docs/FAIRNESS-LEAGUE.md, item 25), counted the same way.
 */
#ifndef ARENA_LEAGUE_CUT_H
#define ARENA_LEAGUE_CUT_H

#include <sqlite3.h>

#include "manifest/run_manifest.h"

/* Keeps the set of games first to first+players-1 of the run in
 * `run_dir`, cut by a stop: the logs it left moved into run_dir/aborted/,
 * and the set listed by a "cut" record of `m` with its C (`c`, hex).  0,
 * or -1 with err. */
int league_cut_keep(struct run_manifest *m, const char *run_dir, long first, int players,
		    const char *c, char *err);

/* Enters in `db`, in the open transaction, every set that the run.jsonl
 * of run `run` (in `run_dir`) lists as cut (of revision 6, with a log)
 * or dropped as refused, with the versions its started record seats.
 * 0, or -1 with err. */
int league_cut_index(sqlite3 *db, const char *run_dir, long run, int players, char *err);

/* The sets cut that the index holds, in words: "no set cut by a stop",
 * or "3 sets cut by a stop, their logs kept (run 2: 2, run 3: 1; alice
 * v1: 3, bob v1: 3)"; then the sets refused, as the cut ones ("...; 1
 * set refused by a run's check (run 2: 1; alice v1: 1, bob v1: 1)"), and
 * those dropped, by reason.  A new string. */
char *league_cut_text(sqlite3 *db);

#endif
