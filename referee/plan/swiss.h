/*
 * Swiss pairings (docs/SWISS.md): a field of 2-player
 * bots plays `rounds` rounds, each bot one pairing a round (`games`
 * games against one opponent) or the bye, and each round is paired from
 * the results of the rounds before.  The pairing is a pure function of
 * the field (its bots' places in the file are their pairing numbers) and
 * of those results, so that the running tournament, a resumed one, and
 * `referee verify` reading the manifest alone all find the same pairings.
 *
 * The rules, Dutch system as far as a plain search goes: bots ordered by
 * score (then pairing number) in score groups; in a group the top half
 * meets the bottom half (1st against 1st of the lower half, ...), the odd
 * one out floating down to meet the highest of the group below; no two
 * bots meet twice while a pairing without that exists (a depth-first
 * search, bounded; past its bound, or with no such pairing, repeats are
 * allowed, bots not met first, in the same order); with an odd field the
 * lowest bot that has not had the bye gets it (scoring as a win), at most
 * once while another has not had it.
 * Colours: the seat of a pairing's first game.  A bot that sat second
 * more often, or sat second last, sits first, the stronger need (a
 * difference of two, or the same seat twice running, before a difference
 * of one, before plain alternation) winning, and between equal needs the
 * higher ranked bot; round 1 alternates by board.
 * Bots left out of the run (--skip-broken) are never paired: the others
 * are paired as a field of their own, on the first boards, the last
 * boards (one for each two left out, or for an even field with one left
 * out) staying empty.
 */
#ifndef ARENA_SWISS_H
#define ARENA_SWISS_H

#include <stdbool.h>

struct swiss_field {
	int bots;       /* numbered 0.. in the file's order */
	int rounds;
	int games;      /* games per pairing */
	const bool *absent; /* by bot: left out of the run (--skip-broken),
			     * never paired; NULL: none */
};

/* Whether board `board` of every round is left empty: the boards of a
 * field with bots left out are those of the bots there, the last ones
 * empty (their games are never played). */
bool swiss_board_empty(const struct swiss_field *field, int board);

/* Seat by seat, the ranks of game `game` (numbered from 1 over the whole
 * tournament) when it has finished: true; false when it has not. */
typedef bool swiss_ranks_fn(void *ctx, long game, int ranks[2]);

struct swiss_plan {
	int boards;        /* pairings a round: bots / 2 */
	int paired;        /* rounds paired: the first is, and each next one
			      once every game of the rounds before finished */
	int (*pairs)[2];   /* [round * boards + board]: the bot first seated
			      in its first game, then the other; -1 and -1
			      on an empty board (swiss_board_empty()) */
	int *bye;          /* [round]: the bot with the bye, or -1 */
	int *score;        /* by bot, in half points, after the rounds whose
			      games all finished */
	int *buchholz;     /* by bot: its opponents' scores added up */
	int *outcome;      /* [round * boards + board]: the first seated bot's
			      pairing score in half points (2 a won pairing,
			      1 drawn, 0 lost), -1 until its games finished */
};

/* The pairings `field` has from the results `ranks` gives. */
void swiss_plan(const struct swiss_field *field, swiss_ranks_fn *ranks,
		void *ctx, struct swiss_plan *plan);
void swiss_plan_free(struct swiss_plan *plan);

/* Game `g` (from 0) of a pairing: its bots by seat; they swap seats each
 * game, the pairing's first seated bot sitting first in games 0, 2, ... */
void swiss_seating(const int pair[2], int g, int seating[2]);

/* The number (from 1) of game `g` of board `board` of round `round`. */
long swiss_game_number(const struct swiss_field *field, int round, int board,
		       int g);

#endif
