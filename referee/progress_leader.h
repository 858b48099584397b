/*
 * The leader on a tournament's status line (progress.h): the bot that the
 * ratings of the games finished so far put first, computed as `referee
 * ladder` computes them (ratings.h), with its rating.  A fit over a
 * hundred thousand games takes tens of milliseconds, over a million more
 * than half a second, so it is not made after every game: at most once a
 * second, and not before twenty times the last fit's duration has passed,
 * which keeps it under 5% of the main process's time.
 */
#ifndef ARENA_PROGRESS_LEADER_H
#define ARENA_PROGRESS_LEADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "ratings.h"

#define PROGRESS_LEADER_MIN_NS 1000000000LL
#define PROGRESS_LEADER_SLOWDOWN 20

struct progress_leader {
	const struct game_rules *rules;  /* its teams, when it has any */
	char *const *names;              /* by bot number */
	int bots;
	struct rating_game *games;
	size_t count, cap;
	size_t fitted;                   /* games of the last fit */
	int64_t next_ns;                 /* no fit before this time */
	int leader;                      /* -1: none yet */
	enum ratings_status status;      /* the leader's, and */
	double elo;                      /* its rating or bound */
};

void progress_leader_init(struct progress_leader *l, const struct game_rules *rules,
			  char *const *names, int bots);

/* A finished game: bot[s] at seat s ranked rank[s]. */
void progress_leader_add(struct progress_leader *l, const int *bot,
			 const int *rank, int players);

/* Fits the ratings again when there are new games and it is due (or
 * `now`), then gives the leader's number, or -1 when no bot is rated. */
int progress_leader_update(struct progress_leader *l, bool now);

/* "NAME +42 Elo" ("NAME > +412 Elo" for a bound) of the last fit, into
 * buf; false when there is no leader. */
bool progress_leader_text(const struct progress_leader *l, char *buf,
			  size_t len);

void progress_leader_free(struct progress_leader *l);

#endif
