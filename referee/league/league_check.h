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
#include "league/league_db.h"

/* The folders of the league's runs (DIR/runs/NNNNNN), NULL-terminated,
 * their number in *count. */
char **league_check_runs(const char *dir, int *count);

/* The number of the league's run going on now (0: none): a run (`league
 * run`, or the server's) holds the folder's lock, and its last run's
 * run.jsonl is not signed yet, its records still being written. */
long league_check_live(const char *dir);

/* Checks the index of the league `dir` against its logs, each problem
 * added to `problems`; what the logs say of the sets cut by a stop, in
 * words (league_cut_text()), a new string, or NULL when they could not be
 * indexed. */
char *league_check(const char *dir, struct problems *problems);

/* Where league_check_differ() says what it finds: the problems, under
 * the disk index's path. */
struct league_check_differences {
	struct problems *problems;
	const char *where;
};

/* A difference between an index made from the league's records and the
 * one on disk, said (`ctx`: struct league_check_differences). */
void league_check_differ(enum league_db_difference kind, const char *a, long b, void *ctx);

#endif
