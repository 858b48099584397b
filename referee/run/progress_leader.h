/*
 * The leader on a tournament's status line (progress.h): the bot that
 * `referee ladder` of the games finished so far would put first, with its
 * rating as the ladder shows it.  The games are rated as the ladder rates
 * them (ratings.h), the bots numbered as the ladder numbers them (by name,
 * ladder_number_by_name): which bot of a field where one won every game
 * is the rated reference, and so who leads, depends on it.  A fit over a
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
#include "ladder/ratings.h"

#define PROGRESS_LEADER_MIN_NS 1000000000LL
#define PROGRESS_LEADER_SLOWDOWN 20

struct progress_leader {
	const struct game_rules *rules;  /* its teams, when it has any */
	char *const *names;              /* by bot number */
	int bots;
	int *number;                     /* the ladder's number of each bot */
	int *bot_of;                     /* the bot of each ladder number */
	char **ladder_names;             /* by ladder number */
	struct rating_game *games;
	size_t count, cap;
	size_t fitted;                   /* games of the last fit */
	int64_t next_ns;                 /* no fit before this time */
	int leader;                      /* by bot number; -1: none yet */
	struct ratings_entry entry;      /* the leader's rating or bound */
};

void progress_leader_init(struct progress_leader *l, const struct game_rules *rules,
			  char *const *names, int bots);

/* A finished game: bot[s] at seat s ranked rank[s]. */
void progress_leader_add(struct progress_leader *l, const int *bot,
			 const int *rank, int players);

/* Fits the ratings again when there are new games and it is due (or
 * `now`), then gives the leader's bot number, or -1 before any game. */
int progress_leader_update(struct progress_leader *l, bool now);

/* The leader of the last fit with its rating as the ladder shows it
 * (ladder_elo_text), into buf: "NAME +42.0 Elo", "NAME > +412.0 Elo" for
 * a bound, "NAME unrated" when the ladder does not rate it either; false
 * when there is no leader. */
bool progress_leader_text(const struct progress_leader *l, char *buf,
			  size_t len);

void progress_leader_free(struct progress_leader *l);

#endif
