/*
 * Game helpers for bots written on libarena-bot (arena_bot.h): typed
 * views of the "state" a turn carries and the rules a bot needs to think
 * ahead, for the bundled games of docs/games/, computed by the referee's
 * own rules library (libarena-games; its headers, <arena/games/...>, let
 * a bot play whole games through the referee's functions too).  The dice
 * games (bolo, bolo5, volle-lotte): the points of a set of dice and the
 * keeps of a roll, bolo5's right to bank.  Rolit: the legal squares, the
 * captures and the effect of a move.  Black-Pot: the kinds of cells, the
 * values and expressions of dice, the referee's reading of an expression,
 * the legal moves and the effect of a move.  The Python SDK's helpers
 * (sdk/python/arena_bot/games.py) call these; the JavaScript SDK
 * (sdk/js/arena_bot.mjs) has similar ones.  Every list comes in the order
 * the referee uses.  Nothing here keeps state.
 */
#ifndef ARENA_GAMES_H
#define ARENA_GAMES_H

#include <stddef.h>

#include <cjson/cJSON.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The dice games (docs/games/bolo.md, bolo5.md, volle-lotte.md) ---- */

enum arena_dice_variant { ARENA_BOLO, ARENA_BOLO5, ARENA_VOLLE_LOTTE };

#define ARENA_DICE_MAX 8        /* room for a roll (7 dice at most) */
#define ARENA_DICE_SEATS 8      /* players at most */
#define ARENA_KEEPS_MAX 128     /* distinct non-empty sets of 7 dice */

/* One element of a view's "keeps": faces ascending and their points. */
struct arena_keep {
	int faces[ARENA_DICE_MAX];
	int count;
	long points;
};

/* The variant of a game name ("bolo", "bolo5", "volle-lotte"); 0, or -1
 * for another name. */
int arena_dice_variant_parse(const char *game, enum arena_dice_variant *v);

/*
 * The points of `count` dice set aside together: the best split into
 * scoring groups (four 1s are 2000 in bolo), 0 for no dice, -1 when some
 * die scores nothing (such a set may not be set aside), when a face is
 * not 1-6 or when count is not 0 to ARENA_DICE_MAX.
 */
long arena_dice_value(enum arena_dice_variant v, const int *faces,
		      int count);

/*
 * Every distinct non-empty set of the roll in which every die scores, in
 * the order of the view's "keeps" and of "legal": fewest dice first, then
 * by their sorted faces.  Stores the first `max` in out and returns how
 * many there are (0: the roll loses the turn), or -1 for a bad roll.
 * Volle Lotte's Fireworks and Straight cards restrict the keeps; the
 * view's "keeps" says so.
 */
int arena_dice_keeps(enum arena_dice_variant v, const int *roll, int count,
		     struct arena_keep *out, int max);

/*
 * Whether bolo5's rule 2.3 lets the player bank after setting `keep` aside
 * from `roll` (the turn total's threshold apart): some die of the roll is
 * left behind and those dice would score nothing on their own.  1 or 0,
 * or -1 when a face is not 1-6, there are more than ARENA_DICE_MAX dice,
 * or keep is not part of roll.
 */
int arena_bolo5_may_bank(const int *roll, int roll_count, const int *keep,
			 int keep_count);

/* The fields every dice game's view has (bolo.md, "The view"). */
struct arena_dice_view {
	int players;
	int you;                        /* -1 for a spectator */
	int to_move;                    /* -1 once the game is over */
	long scores[ARENA_DICE_SEATS];
	int forfeited[ARENA_DICE_SEATS], forfeited_count;
	long turn_total;
	int dice_left;
	int set_aside[ARENA_DICE_MAX], set_aside_count;
	int roll[ARENA_DICE_MAX], roll_count;   /* ascending; 0 between rolls */
	struct arena_keep keeps[ARENA_KEEPS_MAX];
	int keep_count;
	long target;
};

/* Fills out from a dice game's view; 0, or -1 when a field is missing or
 * not what bolo.md says. */
int arena_dice_view_read(const cJSON *state, struct arena_dice_view *out);

/* ---- Rolit (docs/games/rolit.md) ---- */

#define ARENA_ROLIT_MAX 8

/*
 * A Rolit position.  board[r] is row r + 1, one character a column from
 * A: 'R', 'Y', 'G', 'B' or '.', NUL-terminated.  Colours are letters.
 */
struct arena_rolit {
	int size;
	char board[ARENA_ROLIT_MAX][ARENA_ROLIT_MAX + 1];
	int players;
	char colours[4];                /* the letter of each seat */
	char you;                       /* 0 for a spectator */
	int to_move;                    /* -1 once the board is full */
};

/* Fills r from the view; 0, or -1 when it is not a Rolit view. */
int arena_rolit_read(const cJSON *state, struct arena_rolit *r);

/* The letter of a colour name ("red" -> 'R'), or 0. */
char arena_rolit_letter(const char *colour);

/*
 * The squares colour may play, in the order of "legal" (board order, row
 * 1 first): the capturing placements if there are any, else every empty
 * square touching a ball.  Stores the first `max` names ("D3") in out and
 * returns how many there are, or -1 when colour is not a letter.
 */
int arena_rolit_legal(const struct arena_rolit *r, char colour,
		      char (*out)[3], int max);

/*
 * The balls a ball of colour (a letter, 'R' 'Y' 'G' or 'B') put on square
 * ("F4") would capture, in board order (row 1 first); legality is not
 * checked.  Stores the first `max` names in out and returns how many there
 * are (0: it captures nothing), or -1 for a bad colour, a square name off
 * the board or a board the rules refuse (size 4, 6 or 8, at least one
 * ball).
 */
int arena_rolit_captures(const struct arena_rolit *r, const char *square,
			 char colour, char (*out)[3], int max);

/*
 * Places a ball of colour on square ("F4") and turns the balls it
 * captures; returns how many it captured, or -1 (r unchanged) for a bad
 * colour or square name, a square off the board, an occupied one or a
 * move the rules forbid (not touching a ball, or capturing nothing while
 * a capturing square exists).
 */
int arena_rolit_apply(struct arena_rolit *r, const char *square,
		      char colour);

/* Balls of colour on the board. */
int arena_rolit_count(const struct arena_rolit *r, char colour);

/* ---- Black-Pot (docs/games/black-pot.md) ---- */

#define ARENA_BLACK_POT_EXPR_LEN 64     /* longest expression allowed */
/*
 * The values of the groups of a move's expression for a roll, as the
 * referee reads it (dice as single digits, + - * x X /, parentheses,
 * spaces, groups separated by ','; every die used once; exact division).
 * Stores up to `max` values and returns the number of groups (1 to 3),
 * or -1 with the referee's message in err (errlen bytes, may be 0).
 */
int arena_black_pot_evaluate(const char *expr, const int roll[3],
			     int *values, int max, char *err, size_t errlen);

/* The kind of the cells numbered `number`: "citron" (1-6), "black-pot"
 * (13 14 17 19 21 22 23), "cerise" (the other numbers up to 25), or NULL
 * for a number not 1-25. */
const char *arena_black_pot_cell_kind(long number);

#define ARENA_BLACK_POT_VALUES_MAX 160  /* values of a group, at most */
#define ARENA_BLACK_POT_VALUE_LEN 16
/* One value of a group of dice and the first expression giving it. */
struct arena_black_pot_value {
	int value;
	char expr[ARENA_BLACK_POT_VALUE_LEN];
};

/*
 * The distinct values a group of 1 to 3 dice (faces 1-6) can take with +
 * - * and exact /, each with the first expression the referee finds for
 * it (8 is "6+4-2" for the dice 6 4 2), in the referee's order.  Stores
 * the first `max` in out and returns how many there are, or -1 when count
 * or a face is out of range.
 */
int arena_black_pot_dice_values(const int *dice, int count,
				struct arena_black_pot_value *out, int max);

#define ARENA_BLACK_POT_EXPRESSIONS_MAX 256     /* of a roll, at most */
/* One expression of a roll: its groups' values, one per group. */
struct arena_black_pot_expression {
	char expr[ARENA_BLACK_POT_EXPR_LEN + 1];
	int values[3];
	int groups;
};

/*
 * Every expression of a roll of three dice: each split into groups (three
 * single dice; a pair and the die left; all three) with each choice of a
 * value for each group, in the referee's order.  Many place the same
 * pawns: arena_black_pot_legal() gives the distinct moves.  Stores the
 * first `max` in out and returns how many there are, or -1 when the roll
 * is not three faces 1-6.
 */
int arena_black_pot_roll_expressions(const int roll[3],
				     struct arena_black_pot_expression *out,
				     int max);

#define ARENA_BLACK_POT_SIDE 11
#define ARENA_BLACK_POT_MAX_NUMBER 25
#define ARENA_BLACK_POT_MOVES_MAX 1024  /* room for the moves of any roll */

/* A Black-Pot position (the view's fields a move depends on).  Row r is
 * row r + 1; numbers are 0 on a cut cell; board[r] is NUL-terminated,
 * one character a column: '.' free, 'X' ivory, 'O' brown, ' ' cut. */
struct arena_black_pot {
	int numbers[ARENA_BLACK_POT_SIDE][ARENA_BLACK_POT_SIDE];
	char board[ARENA_BLACK_POT_SIDE][ARENA_BLACK_POT_SIDE + 1];
	int you;                        /* side 0 or 1, -1 for a spectator */
	int to_move;                    /* -1 once the game is over */
	int roll[3];
	int rolls, max_rolls;
	int pawns[2], points[2];        /* per side */
};

/* Fills b from the view; 0, or -1 when it is not a Black-Pot view. */
int arena_black_pot_read(const cJSON *state, struct arena_black_pot *b);

/* A move: the action {"expr": expr, "cells": [cells...]}. */
struct arena_black_pot_move {
	char expr[ARENA_BLACK_POT_EXPR_LEN + 1];
	char cells[3][4];               /* "F6", one per group worth 1..25 */
	int count;
	/* Its move id, the same in every position (docs/games/black-pot.md,
	 * "Move ids"; set by arena_black_pot_legal()). */
	int id;
};

#define ARENA_BLACK_POT_MOVE_IDS 215930 /* ids are 0 to this - 1 */

/* The move id of the move filling `count` (0..3) cells named "F6" (any
 * order), or -1 when a name is not a cell of the board, a cell is named
 * twice or count is out of range. */
int arena_black_pot_id_of(const char (*cells)[4], int count);
/* The cells (in board order) of the move with this id: their count, or
 * -1 when id is not 0 to ARENA_BLACK_POT_MOVE_IDS - 1. */
int arena_black_pot_id_cells(int id, char cells[3][4]);

/*
 * The legal moves of b's roll for a side with `pawns` pawns left (-1:
 * those of the side b.you), exactly as the referee's "legal" lists them:
 * distinct sets of cells, each named by the first expression found,
 * sorted by pawns placed and then cells in board order; the first places
 * nothing.  Returns how many there are, or -1 when the roll is not three
 * faces 1-6 or they do not fit in max (ARENA_BLACK_POT_MOVES_MAX is
 * enough for any board the referee deals).
 */
int arena_black_pot_legal(const struct arena_black_pot *b, int pawns,
			  struct arena_black_pot_move *out, int max);

/* Puts side's pawns (0 ivory 'X', 1 brown 'O') on the move's cells; 0, or
 * -1 (b unchanged) when a cell is not a free cell of the board.  Neither
 * the expression nor the lines it scores are looked at. */
int arena_black_pot_apply(struct arena_black_pot *b,
			  const struct arena_black_pot_move *m, int side);

#ifdef __cplusplus
}
#endif

#endif
