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

/* What the run plays at. */
struct league_pace {
	bool resting;
	long interval;   /* the half-width (Elo) it rests under; 0: it never rests */
	double widest;   /* the widest active version's half-width; INFINITY:
			  * one has no interval yet */
	long trickle;    /* sets a minute while resting */
	bool luck;       /* the intervals are of the luck-adjusted ratings
			  * (league_luck.h) */
};

/* Whether versions whose widest half-width is `widest` settle a run
 * resting under `interval` (0: never). */
bool league_pace_settled(long interval, double widest);

/* DIR/pace.json written whole (a reader sees the old or the new): 0, or
 * -1 with err. */
int league_pace_write(const char *dir, const struct league_pace *p, char *err);

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
