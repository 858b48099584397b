/*
 * One game of a match as match.c plays it, in three steps: opened (the
 * header, hello and start, the fairness exchange or a set's copy of it,
 * the draws before the first move), played one turn at a time, and
 * closed (the result, end, and the signature, or for a game of a set its
 * log left open for S).  A game alone goes through them in one go; the
 * games of a duplicate set are stepped in turn, in step on their draws
 * (match_play_set()).  Private to match.c and match_game.c.
 */
#ifndef ARENA_MATCH_GAME_H
#define ARENA_MATCH_GAME_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/game_play.h"
#include "base/journal.h"
#include "games/draws.h"
#include "games/fair.h"
#include "match_entrant.h"
#include "match_set.h"
#include "match_types.h"

/* The records of a game of a duplicate set that wait to be dealt
 * (docs/FAIRNESS.md, "Sets in step", item 9): a draw the rules made goes
 * to the log only once every other game of the set still on has drawn as far (or further),
 * numbered then with the set-wide "dealt", and the records after it wait
 * behind it, so that the log keeps the order play made them in.  Ordered
 * by "dealt", a set's draws then never go back in the order of addresses. */
struct dealt_queue {
	cJSON **records;
	uint64_t *orders; /* a draw's place in the order of addresses, 0: not a draw */
	size_t head, count, cap;
};

/* The place of the draw that waits first, or UINT64_MAX when none does. */
uint64_t dealt_queue_waiting(const struct dealt_queue *q);

struct match {
	struct match_config config;
	struct entrant *entrants;
	int count;
};

struct game_run {
	struct match *match;
	int seats;
	struct entrant *at[GAME_MAX_SEATS];
	struct journal *journal;
	struct match_set *set; /* NULL: a game alone */
	int set_game;          /* its k in the set */
	unsigned long index;   /* the match's game number: the run's */
	struct game_play play;
	struct draws draws;
	struct game_outcome *outcome;
	cJSON *forfeits;
	int64_t used_ns[GAME_MAX_SEATS];
	unsigned char game_id[FAIR_GAME_ID_BYTES];
	unsigned char secret[FAIR_SECRET_BYTES];
	unsigned char commitment[FAIR_HASH_BYTES];
	struct match_exchange alone; /* a game alone's exchange */
	bool failed;           /* the log could not be written */
	bool playing;          /* past the opening: faults have a move number */
	const struct book_line *opening; /* the book's, or NULL */
	struct dealt_queue waiting; /* in a set: records not yet dealt */
	uint64_t dealt;             /* a what-if of a set's game: its draws */
	char *err;
};

/* Opens game `index` of the match (in `set`, NULL for a game alone: its
 * game set->next, which it moves on) with seating[s] the entrant at seat
 * s and its log at log_path (NULL: none).  Returns 0, or -1 with err when
 * the referee itself fails or on_greeted ends the game; game_run_free()
 * follows either way. */
int game_run_open(struct game_run *g, struct match *match, struct match_set *set,
		  unsigned long index, const int *seating, int seats,
		  const char *log_path, struct game_outcome *outcome, char *err);

/* Plays the next turn; false when nobody is to move (then close it). */
bool game_run_step(struct game_run *g);

/* The result and end; the log signed, or for a game of a set kept for
 * game_run_hand_over().  0, or -1 with err. */
int game_run_close(struct game_run *g);

/* Deals that draw: numbers it with the set's next "dealt" and writes it
 * and the records that waited behind it, up to the next draw. */
void game_run_deal(struct game_run *g);
/* A closed game of a set, all dealt: its log goes to the set to wait for
 * S.  0, or -1 with err. */
int game_run_hand_over(struct game_run *g);

/* Freezes every bot of the game: another game of its set is stepped. */
void game_run_idle(struct game_run *g);

void game_run_free(struct game_run *g);

#endif
