/*
 * What the three dice games (bolo, bolo5, volle-lotte) share besides their
 * scoring (dice_score.h): the common part of their state (seats, banked scores,
 * the turn total, the roll waiting to be set aside) with the helpers that
 * read actions, list keeps, rotate seats, rank and render.  Each game file
 * adds only its own turn rules and end of game.
 */
#ifndef ARENA_DICE_H
#define ARENA_DICE_H

#include <stdbool.h>

#include "dice_score.h"
#include "game.h"

#define DICE_LOADED 256

struct dice_game;

/* The words an action may be besides {"keep":[...]}. */
enum dice_word { DICE_BANK, DICE_ROLL, DICE_DRAW, DICE_REROLL };

#define DICE_WHY_LEN 128
/* Writes into why (DICE_WHY_LEN bytes) the game's reason for refusing its
 * word `word` now.  Called between rolls, and for "reroll" at any time
 * (arena_dice_game_word() itself explains the other words while a roll waits). */
typedef void (*dice_why)(const struct dice_game *g, enum dice_word word,
			 char *why);

/* A dice game's own rules, which the common ones below call: its
 * create() hands them to arena_dice_game_new(). */
struct dice_hooks {
	enum dice_rules rules;
	int dice;		/* how many the game rolls (7, 5, 6) */
	/* Fills g->set for the roll waiting and returns how many things the
	 * player may do with it, 0 when the turn is lost; NULL: the keeps of
	 * arena_dice_game_sets(). */
	int (*choices)(struct dice_game *g);
	/* The game's bookkeeping when the turn of `seat` is over (its points
	 * banked or lost): returns the seat whose turn comes next, -1 at the
	 * end of the game. */
	int (*over)(struct dice_game *g, int seat);
	/* Begins a turn whose totals are reset; false when the turn is
	 * already over.  NULL: a throw of all the dice. */
	bool (*begin)(struct dice_game *g, struct draws *draws);
	/* Writes into out (NULL: only counts them) the numbers of the
	 * game's own state that `seat` sees, seats from its own on (its
	 * phase, flags, cards: docs/ENVIRONMENT.md), and returns how many:
	 * what a learning program's observation adds to the common ones. */
	int (*numbers)(const struct dice_game *g, int seat, double *out);
	/* The words (a bit per enum dice_word) the seat to move may play
	 * now, and the reason it may not play another (dice_why). */
	unsigned (*allowed)(const struct dice_game *g);
	dice_why why;
	/* The seat to move sets aside g->set[k] of the roll waiting
	 * (arena_dice_game_take()) and the game's rules after a keep follow
	 * (all the dice again, a card's reward). */
	void (*kept)(struct dice_game *g, int k, struct draws *draws);
	/* The seat to move plays `word` (enum dice_word), an allowed one. */
	void (*word)(struct dice_game *g, int word, struct draws *draws);
};

/* The first member of every dice game's state. */
struct dice_game {
	int players, dice;	/* dice: the hooks' */
	long target;		/* the option "target" */
	int to_move;		/* -1 once the game is over */
	bool out[GAME_MAX_SEATS];	/* forfeited */
	long score[GAME_MAX_SEATS];	/* banked */
	bool opened[GAME_MAX_SEATS];	/* bolo: banked once; bolo5: on the board */
	long turn;		/* the turn total, at risk */
	int left;		/* dice the next "roll" throws */
	int aside[DICE_FACES + 1];	/* set aside since all dice were last taken */
	int roll[DICE_FACES + 1], rolled;	/* the roll to set aside from; rolled = 0 between rolls */
	int sets;		/* the roll's keeps, as legal() lists them */
	struct dice_set set[DICE_MAX_SETS];
	int loaded[DICE_LOADED], loaded_next, loaded_count;	/* arena_dice_game_load() */
	enum dice_rules rules;
	unsigned words;		/* the game's words, a bit per enum dice_word */

	const struct dice_hooks *hooks;	/* the game's own rules */
};

/* A new state of `size` bytes, its struct dice_game first, started by
 * the setup every dice game shares (2 to 8 players, the first seat, the
 * option "target"), with the game's `hooks`; NULL with the reason. */
void *arena_dice_game_new(size_t size, const struct game_setup *setup,
			  const struct dice_hooks *hooks, char *err);
/* The seat to move throws n dice (its seat draw, or loaded dice) into
 * g->roll and g->rolled; g->set is the caller's to fill
 * (arena_dice_game_throw() does). */
void arena_dice_game_roll(struct dice_game *g, struct draws *draws, int n);
/* Starts the turn of `seat` (-1: the game is over), telling the draws
 * (arena_draws_turn), then its begin hook or a roll of all the dice.  A turn lost at once (no keep, a Stop card) is closed
 * by its over hook and the next turn starts, and so on.  The rule-case tests
 * call it to start a turn with loaded dice. */
void arena_dice_game_start(struct dice_game *g, struct draws *draws, int seat);
/* The seat to move throws n dice; when the roll offers nothing
 * (the choices hook) the turn is lost and the next starts as above. */
void arena_dice_game_throw(struct dice_game *g, struct draws *draws, int n);
/* The seat after `seat` in seat order still in the game and, when `among`
 * is not NULL, with among[seat] set; `seat` itself comes last; -1 if none. */
int arena_dice_game_next(const struct dice_game *g, int seat, const bool *among);
/* The index in g->set of the keep `action`, or -1 with the reason. */
int arena_dice_game_keep(const struct dice_game *g, const cJSON *action, char *err);
/* Sets aside g->set[k]: adds its points to the turn, ends the roll. */
void arena_dice_game_take(struct dice_game *g, int k);
/* The seat to move banks its turn total (and has opened), and its turn is
 * over (the over hook). */
void arena_dice_game_bank(struct dice_game *g, struct draws *draws);
/* The word `action` is, if it is one of the `allowed` (a bit per enum
 * dice_word); else -1 with the reason: a word of another game, a roll
 * waiting, or what `why` says. */
int arena_dice_game_word(const struct dice_game *g, const cJSON *action,
		   unsigned allowed, dice_why why, char *err);
/* The rules' legal(), apply(), moves() and apply_move() (game.h) of a
 * dice game, by its hooks.  legal(): the keeps of the roll waiting, if
 * any, then the allowed words; moves(): their ids, in that order.
 * apply(): with a roll waiting a keep (a word only where the game has one
 * for a roll, bolo5's "reroll"), else an allowed word. */
cJSON *arena_dice_game_legal(const void *state);
int arena_dice_game_apply(void *state, const cJSON *action,
			  struct draws *draws, char *err);
int arena_dice_game_moves(const void *state, int *moves);
void arena_dice_game_apply_move(void *state, int move, struct draws *draws);
/* The dice games' fixed action ids (docs/ENVIRONMENT.md): each keep, a
 * multiset of 1 to g->dice faces, has one id, fewest dice first and then
 * in the order of the sorted faces ([1] is 0, [6] is 5, [1,1] is 6), as
 * arena_dice_game_sets() lists keeps; the game's words follow, in the
 * order of enum dice_word.  arena_dice_keep_ids(n): how many keeps of 1
 * to n dice; arena_dice_keep_id(): a keep's id. */
int arena_dice_keep_ids(int dice);
int arena_dice_keep_id(const int count[DICE_FACES + 1]);
/* The keep of id `id` (below arena_dice_keep_ids(DICE_MAX)): count[f]
 * of its dice show f. */
void arena_dice_keep_count(int id, int count[DICE_FACES + 1]);
/* arena_dice_game_sets() of a roll, the same sets in the same order,
 * read from a table of every roll of 1 to DICE_MAX dice that the first
 * roll of the rules makes (milliseconds, once): searching a roll's every
 * split at each roll was a third of a training environment's step.  Any
 * thread may call it. */
int arena_dice_roll_sets(enum dice_rules rules,
			 const int count[DICE_FACES + 1], struct dice_set *sets);
/* The size of the game's table of ids: its keeps and words. */
int arena_dice_game_actions(const struct dice_game *g);
/* The action of id `id` as a bot writes it (a new JSON value), whether
 * legal now or not; NULL for an id outside the table. */
cJSON *arena_dice_game_action_json(const struct dice_game *g, int id);
/* The id of `action` as a bot writes it (a keep by its faces, in any
 * order, or a word by its name), whether legal now or not; -1 for
 * neither: arena_dice_game_action_json()'s inverse. */
int arena_dice_game_action_id(const struct dice_game *g, const cJSON *action);
/* What the move `move` (an id moves() gave) is: the word (enum
 * dice_word), or -1 - k for a keep, which is g->set[k]. */
int arena_dice_game_legal_word(const struct dice_game *g, int move);
/* The numbers of every dice game's state that `seat` sees, for a
 * learning program's observation (docs/ENVIRONMENT.md): the scores from
 * the seat's own on, the turn total, the dice left, the roll and the
 * dice set aside as counts of each face, the target, whether a roll
 * waits, the seats forfeited, then the numbers hook's.  out NULL: only counts
 * them; returns how many. */
int arena_dice_game_numbers(const struct dice_game *g, int seat, double *out);
/* Writes value into out[at] (out NULL: nothing) and returns at + 1;
 * seats(): the flags of every seat from `seat` on.  Inline: every number
 * of an observation is one. */
static inline int arena_dice_put(double *out, int at, double value)
{
	if (out)
		out[at] = value;
	return at + 1;
}
int arena_dice_put_seats(const struct dice_game *g, int seat,
			 const bool *flags, double *out, int at);
/* A seat as `seat` counts them (0 itself, 1 the next...), -1 for -1. */
int arena_dice_seat_from(const struct dice_game *g, int seat, int other);
/* Adds the fields every dice game's view has (docs/games/bolo.md). */
void arena_dice_game_view(const struct dice_game *g, cJSON *view, int seat);
/* Scores are banked points; seats in `winners` (NULL: none named) rank
 * first together, then everyone by score, equal scores sharing a rank. */
void arena_dice_game_result(const struct dice_game *g, const bool *winners,
		      struct game_result *result);
/* The common lines of render(): scores, whose turn, turn total, dice;
 * `extra` (may be empty) is appended.  A new string. */
char *arena_dice_game_render(const struct dice_game *g, const char *extra);

/*
 * Seams for the rule-case tests: `state` is any dice game's state.  Loaded
 * dice are used, in order, instead of draws by the next rolls for as long
 * as they last; a preset replaces a seat's banked score and opened flag.
 */
void arena_dice_game_load(void *state, const int *faces, int n);
void arena_dice_game_preset(void *state, int seat, long score, bool opened);

/* The rules table's to_move for a game whose state begins with its
 * struct dice_game, as every dice game's does. */
int arena_dice_game_to_move(const void *state);

#endif
