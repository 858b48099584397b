/*
 * win-bot's model of 2-player bolo and bolo5 as the zero-sum game it is: both
 * players play for their own chance to win (a draw counts half), so the
 * chance of the player to move and the other's add up to 1.  A turn is solved
 * by dice_policy.h with, at its ends, the chances of the game after it; the
 * tables hold those chances where a turn starts: - play[a][b]: the player to
 * move has banked a * 50, the other b * 50, neither has reached the target
 * (bolo5: no one has won); - bolo's end (docs/games/bolo.md rule 1.6),
 * whatever the target: final[g], the player owed the last turn, g * 50 behind
 * the leader; sudden[k][d], the player to move in sudden death after k turns
 * of it, d * 50 behind the other (64 turns end in a draw). Leads and deficits
 * past `cap` points count as `cap` (a turn that long has a chance below 1e-10
 * at the default).  win_solve.c fills the tables (at build time:
 * values/win_table.c); win-bot loads them.
 */
#ifndef VALUES_WIN_POLICY_H
#define VALUES_WIN_POLICY_H

#include "dice_policy.h"

#define WIN_CAP 30000		/* leads and deficits counted up to this */
#define WIN_SUDDEN_TURNS 64	/* bolo: sudden-death turns before a draw */

enum win_phase { WIN_PLAY, WIN_FINAL, WIN_SUDDEN };

/* Where a turn starts, as the tables see it. */
struct win_spot {
	enum win_phase phase;
	long mine, theirs;	/* banked scores; WIN_FINAL: theirs, the leader's */
	int turns;		/* WIN_SUDDEN: sudden-death turns played before */
};

/* Field by field: a spot's padding bytes are no part of it. */
static inline bool win_spot_same(const struct win_spot *a, const struct win_spot *b)
{
	return a->phase == b->phase && a->mine == b->mine &&
	       a->theirs == b->theirs && a->turns == b->turns;
}

struct win_policy {
	struct dice_policy_game game;
	long target, cap;
	long opening;		/* the least first bank: 1000 (bolo), 650 */
	int cells;		/* scores below the target: target / 50 */
	int gaps;		/* entries of final[] and of a row of sudden[]: cap / 50 + 1 */
	const double *play, *final, *sudden;	/* final, sudden: bolo only */
	double *solved;		/* their storage, when win_solve() made them */
};

/* A turn set up and solved by win_policy_turn(). */
struct win_turn {
	struct dice_policy_turn turn;
	double *bank;
};

/* The model of "bolo" or "bolo5" to `target` (a positive multiple of 50),
 * leads counted up to `cap` (a positive multiple of 50), tables empty;
 * -1 when one of them is not valid. */
int win_policy_init(struct win_policy *w, const char *game, long target,
		    long cap);
/* Tables solved before, for win_policy_init(w, game, target, WIN_CAP);
 * the arrays are the caller's and must outlive w. */
void win_policy_load(struct win_policy *w, const char *game, long target,
		     const double *play, const double *final,
		     const double *sudden);
void win_policy_free(struct win_policy *w);

/* Solves the tables of a model just initialised: sudden death, the
 * final turn, then every pair of scores (win_solve.c). */
void win_policy_solve(struct win_policy *w);

/* The least turn total that the player with banked score `mine` may bank
 * in the phase play (rules 1.5 and 2.4). */
long win_policy_threshold(const struct win_policy *w, long mine);

/* Whether the game can reach a banked score: 0, or a first bank on; the
 * tables hold nothing at the others (bolo: 50 to 950; bolo5: to 600). */
bool win_policy_reachable(const struct win_policy *w, long score);

/* Whether the tables hold the spot of a game to `target`: bolo's end at
 * any target; the phase play to the tables' target, at scores that are
 * multiples of 50 below it. */
bool win_policy_covers(const struct win_policy *w, long target,
		       const struct win_spot *s);

/* The turn starting at the spot (covered), solved with the tables'
 * chances at its ends; free with win_policy_turn_free(). */
void win_policy_turn(const struct win_policy *w, const struct win_spot *s,
		     struct win_turn *t);
/* The same with values only (no lost[]: what the grader reads), solved
 * in the caller's rows `work` (of w->game). */
void win_policy_turn_values(const struct win_policy *w,
			    const struct win_spot *s,
			    struct dice_policy_work *work, struct win_turn *t);
void win_policy_turn_free(struct win_turn *t);

/* The chance to win of the player whose turn starts at the spot. */
double win_policy_chance(const struct win_policy *w, const struct win_spot *s);

#endif
