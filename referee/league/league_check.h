/*
 * `referee verify` of a league's folder (docs/LEAGUE.md, "Checking a
 * league"): its runs are checked as play folders are (verify_run.h, each
 * log verified), and its index here: an index made afresh in memory from
 * the register and the runs' logs (league_sync.h, as `league rebuild`
 * makes it) must hold the same versions, retired bots and games, each
 * game with the same log hash, seats and ranks, and the same sets cut by
 * a stop with the same seats, as DIR/league.db.
 */
#ifndef ARENA_LEAGUE_CHECK_H
#define ARENA_LEAGUE_CHECK_H

#include "base/problems.h"

/* The folders of the league's runs (DIR/runs/NNNNNN), NULL-terminated,
 * their number in *count. */
char **league_check_runs(const char *dir, int *count);

/* Checks the index of the league `dir` against its logs, each problem
 * added to `problems`; what the logs say of the sets cut by a stop, in
 * words (league_cut_text()), a new string, or NULL when they could not be
 * indexed. */
char *league_check(const char *dir, struct problems *problems);

#endif
