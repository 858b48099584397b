/*
 * An independent check of win-bot's tables (values/win_policy.h), written again
 * from docs/games/bolo.md and bolo5.md without any of the bots' code: the
 * rolls are enumerated here and every keep the referee's rules library offers
 * is tried (none merged away), a turn is solved plainly over every turn total
 * with no shortcut (no rows taken as settled, no closed form past the target:
 * the last row solves its own fixed point), the phase play by value iteration
 * over all pairs of scores, and policies are compared by exact evaluation:
 * the chance of a given pair of players from every spot, computed by
 * following their decisions.  win_check.c reads the tables the bots' solver
 * printed (`win-table --values`) and says how far they are from the check's.
 */
#ifndef TESTS_WIN_CHECK_H
#define TESTS_WIN_CHECK_H

#include <stdbool.h>

#include "games/dice.h"

#define WC_STEP 50		/* every keep is worth a multiple of this */
#define WC_SUDDEN 64		/* bolo: sudden-death turns before a draw */

/* One way to play a roll: dice left after it (0: none), its points as
 * rows of WC_STEP, and (bolo5) whether the dice left score nothing. */
struct wc_keep {
	int left, jump;
	bool quiet;
};

/* A roll of n dice, as a multiset, that has a keep. */
struct wc_roll {
	double p;
	int first, keeps;	/* its keeps: keep[first ..] */
};

/* The game being checked: its rules and every roll of 1 to `dice` dice. */
struct wc_game {
	enum dice_rules rules;
	int dice;
	long target, cap, opening;
	int cells, gaps;	/* target / 50 scores; cap / 50 + 1 leads */
	double bust[DICE_MAX + 1];	/* [n]: the chance that n dice score nothing */
	int rolls[DICE_MAX + 1];
	struct wc_roll *roll[DICE_MAX + 1];
	struct wc_keep *keep[DICE_MAX + 1];
};

#define WC_EVALS 2		/* plays valued at once beside the best */

/*
 * One turn: rows 0..last of turn totals (a total past the last counts as
 * the last).  The player keeps and banks for the most of `bank` (a bank at
 * each row) and `bust` (a lost turn), or, with `grab` >= 0, also banks as
 * soon as a bank at row `grab` or more is allowed, preferring the keeps
 * that allow one.  The same play is also valued with eval[e] as what a
 * bank is worth and nothing for a lost turn (worth[e], for e < evals), and
 * the chance that it loses the turn is lost[].
 */
struct wc_turn {
	int last, grab, evals;
	long threshold;
	const double *bank, *eval[WC_EVALS];
	double bust;
	double *value, *worth[WC_EVALS], *lost;	/* [n * (last + 1) + row] */
	double *owned;		/* freed with the results, if set */
};

/* Builds g's rolls for "bolo" or "bolo5" to `target` with leads counted
 * up to `cap`; -1 for another game. */
int wc_game_init(struct wc_game *g, const char *game, long target, long cap);
void wc_game_free(struct wc_game *g);

/* Solves t (allocating its results; free with wc_turn_free). */
void wc_turn_solve(const struct wc_game *g, struct wc_turn *t);
void wc_turn_free(struct wc_turn *t);
/* A result (value, worth[e] or lost) where all the dice are to be rolled
 * with a total of `row` rows: at row 0 the turn's start; at another, the
 * start of a turn that needs `row` rows less (bolo's end, read off one
 * turn behind by the cap). */
double wc_turn_at(const struct wc_game *g, const struct wc_turn *t,
		  const double *result, int row);
/* The play's outcomes from the start: out[i] the chance that it banks at
 * row i (the last: there or past it), *bust the chance of losing the turn
 * (out: last + 1 values). */
void wc_turn_outcomes(const struct wc_game *g, const struct wc_turn *t,
		      double *out, double *bust);

/*
 * The chances of one game, as win_policy.h lays them out: play[a * cells
 * + b], the player to move with a * 50 against b * 50 in the phase play;
 * bolo: final[g], the player owed the last turn, g * 50 behind;
 * sudden[k * gaps + d], the player to move after k turns of sudden death,
 * d * 50 behind.
 */
struct wc_values {
	double *play, *final, *sudden;
};

void wc_values_init(struct wc_values *v, const struct wc_game *g);
void wc_values_free(struct wc_values *v);

/* Whether the game can reach a banked score: 0, or a first bank. */
bool wc_reachable(const struct wc_game *g, int cell);

/* The least total a player with banked score `score` may bank in the
 * phase play (rules 1.5, 2.4). */
long wc_threshold(const struct wc_game *g, long score);
/* The turn of the player to move at cells (a, b) in the phase play, with
 * v's values: its rows run until every bank from there on is allowed and
 * worth the same (t->owned holds the banks). */
void wc_play_turn(const struct wc_game *g, const struct wc_values *v, int a,
		  int b, struct wc_turn *t);
/* bolo's end: the turn of the player owed the last turn (k < 0) or to
 * move after k turns of sudden death, behind by the cap, with v's values;
 * read at row (cap - d) / 50 it is the turn d points behind. */
void wc_end_turn(const struct wc_game *g, const struct wc_values *v, int k,
		 struct wc_turn *t);

/* bolo's end, solved from the last turn of sudden death back. */
void wc_solve_end(const struct wc_game *g, struct wc_values *v);
/* The phase play by value iteration from 1/2 everywhere until nothing
 * moves by 1e-14. */
void wc_solve_play(const struct wc_game *g, struct wc_values *v);

/* What a player gets against the player that v's values make best play
 * for (win-bot), from each spot, and how that compares with v. */
struct wc_match {
	double first, second;	/* its chance, moving first or second */
	double gain;		/* the most it gets above v's value, anywhere */
};

/* The policies evaluated against win-bot. */
enum wc_policy {
	WC_EXPECT,		/* expect-bot: the most points per turn */
	WC_ENDGAME,		/* the same with the end-game rule */
};

/* Evaluates each policy (m[policy]) against the play that is best for
 * v's values (win_check_eval.c); returns the largest difference between
 * play[a][b] and what one turn at (a, b) makes of the rest of v (0 when v
 * is the game's value). */
double wc_evaluate(const struct wc_game *g, const struct wc_values *v,
		   struct wc_match m[WC_EVALS]);

#endif
