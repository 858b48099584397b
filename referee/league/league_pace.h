/*
 * A league run's pace (docs/LEAGUE.md, "Rest"): full speed while some
 * active version's interval is wider than the run's target, a trickle of
 * sets once every one is narrower (the league rests), full speed again
 * when a version arrives or an interval widens.  The run says which in
 * DIR/pace.json, written at its start and at each refit and removed at
 * its end, so that `league status` and GET /api/status, other processes,
 * can say it.
 */
#ifndef ARENA_LEAGUE_PACE_H
#define ARENA_LEAGUE_PACE_H

#include <stdbool.h>
#include <stdint.h>

struct league_pick;

/* What the run plays at. */
struct league_pace {
	bool resting;
	long interval;   /* the half-width (Elo) it rests under; 0: it never rests */
	double widest;   /* the widest active version's half-width; INFINITY:
			  * one has no interval yet */
	char widest_version[64]; /* which ("name v2"), "" when not known */
	long trickle;    /* sets a minute while resting */
	bool luck;       /* the intervals are of the luck-adjusted ratings
			  * (league_luck.h) */
};

/* Whether versions whose widest half-width is `widest` settle a run
 * resting under `interval` (0: never). */
bool league_pace_settled(long interval, double widest);

/* A run's rest as it plays, the same for both engines (league_run.c's
 * workers, league_slurm.c's arrays): whether it rests, when the
 * trickle's next set is due and when the ratings were last fitted. */
struct league_rest {
	bool resting;
	int64_t next_set;   /* while resting: now_ns() of the trickle's next set */
	int64_t refitted;   /* now_ns() at the last refit */
};

/* While resting, the ratings are fitted again after a set at most this
 * often: a minute is enough to see an interval widen. */
#define LEAGUE_REST_REFIT_NS 60000000000LL

/* After a fit of the ratings (the run's start, a refit): whether the run
 * of the league `dir` rests under `interval` now that `pick` has them,
 * kept in `rest` and said in DIR/pace.json with its `trickle` and the
 * widest version (`labels`: the active versions' "name vN"); a rest
 * begun waits a trickle's pause for its first set. */
void league_rest_fitted(struct league_rest *rest, const char *dir, long interval,
			long trickle, const struct league_pick *pick,
			const char *const *labels);

/* While resting: whether the trickle's next set is due (then the one
 * after it is made due a trickle's pause later). */
bool league_rest_set_due(struct league_rest *rest, long trickle);

/* Whether a resting run fits its ratings again after a set: a minute
 * has gone since the last fit. */
bool league_rest_refit_due(const struct league_rest *rest);

/* DIR/pace.json read: 0, or -1 (none, or not a pace). */
int league_pace_read(const char *dir, struct league_pace *p);

/* DIR/pace.json removed: the run has ended. */
void league_pace_clear(const char *dir);

/* The pace in words ("resting: every active version's interval ..."),
 * new. */
char *league_pace_text(const struct league_pace *p);

/* A trickle in words ("no set", "one set a minute", "6 sets a minute"),
 * new. */
char *league_pace_trickle_text(long trickle);

#endif
