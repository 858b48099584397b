/*
 * `referee league run`'s games (docs/LEAGUE.md, "A run"): the league is
 * a table source (tournament/table_source.h) of the run's one loop
 * (tournament/run_loop.h), as a tournament's schedule is: its tables are
 * tasks of up to `batch` duplicate sets of the same versions, each
 * task's versions picked as league_pick.h says when a worker is free,
 * each worker (worker.h) playing its task's sets one
 * after the other on bot processes started for the task (match.h), as a
 * tournament's table keeps its processes for all its games; the logs in the
 * run's folder DIR/runs/NNNNNN with a run.jsonl (run_manifest.h, verb
 * "league") that names each set's commitment before it starts.  A set
 * whose games have all ended is listed as finished in run.jsonl, then
 * entered in the index in one transaction, and the wall time it held
 * its worker charged to its versions (league_wall.h), by which the
 * picker shares the workers; the ratings are fitted again
 * once as many sets as the workers' tasks hold have ended, or a
 * hundredth of the sets rated if more.  A stop by count or time hands
 * out no more tasks and lets those in flight end; SIGINT or SIGTERM kills
 * the sets in flight, keeps their logs and lists them and the rest of
 * their tasks as cut (league_cut.h), and signs run.jsonl; after kill -9 the next run does it
 * (league_sync.h).  A change of the roster (a version added, a bot
 * retired, a season begun: league_db_roster()) ends the run as a stop by
 * count does, at the next pick, so that the next run seats the league as
 * it is: the workers know the versions they were forked with.  Once
 * every active version's interval is narrower than `rest_interval` the
 * run rests (league_pace.h): it hands out one set every minute /
 * `trickle`, the other workers waiting, and plays at full speed again
 * once a refit (after a set, once a minute at most, while it rests)
 * finds an interval wider; a change of the roster is looked for every
 * second meanwhile.
 */
#ifndef ARENA_LEAGUE_RUN_H
#define ARENA_LEAGUE_RUN_H

#include "league/league_run_types.h"

/* Sets a task at most by default: a task's sets share their bot
 * processes, so that bots that answer at once are not mostly starting
 * (bench/README.md, "The league"). */
#define LEAGUE_BATCH 24

/* A run without a count rests by default once every active version's
 * 95% interval is within +/- 50 Elo, then plays one set a minute. */
#define LEAGUE_REST_INTERVAL 50
#define LEAGUE_TRICKLE 1

/* Games a run's folder holds at most by default (`league run
 * --run-games`): then the next run goes on in a folder of its own, so
 * that no folder grows into tens of thousands of files (docs/LEAGUE.md,
 * "The folder"). */
#define LEAGUE_RUN_GAMES 5000

/* How a run ended, besides what league_run_play() returns. */
struct league_run_end {
	long games;           /* entered in the index */
	bool roster_changed;  /* it ended for a change of the roster */
	bool full;            /* it handed out its max_games */
};

/* Plays sets until a stop: 0 after a stop by count, time or a change of
 * the roster (`end` says which, and the games entered), the signal
 * (SIGINT, SIGTERM) that stopped it, or -1 with err. */
int league_run_play(const struct league_run *run, struct league_run_end *end, char *err);

/* Sets a task may hold, for both engines: `sets`, and with --games N
 * whole sets up to N, no more than are left after `played` games, and a
 * worker's share of them at most, so that every worker has some. */
int league_run_task_sets(const struct league_run *r, long played, int sets);

#endif
