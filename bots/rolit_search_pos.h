/*
 * A Rolit position as rolit-search keeps it during its search, driven by
 * the referee's own rules (referee/games/rolit.c): every move is played,
 * and every list of legal moves made, by rolit_rules on a state rebuilt
 * with rolit_from_rows, so the bot cannot disagree with the referee.
 * Squares are numbered row * size + column from A1 = 0.
 */
#ifndef ARENA_ROLIT_SEARCH_POS_H
#define ARENA_ROLIT_SEARCH_POS_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#define RPOS_MAX_SIZE 8
#define RPOS_MAX_SQUARES (RPOS_MAX_SIZE * RPOS_MAX_SIZE)
#define RPOS_MAX_SEATS 4

struct rpos {
	int size, players;
	int to_move; /* a seat, or -1 once the board is full */
	bool forfeited[RPOS_MAX_SEATS];
	char letter[RPOS_MAX_SEATS]; /* each seat's colour: R, Y, G or B */
	/* row 0 = row 1, as the view's "board": R, Y, G, B or '.' */
	char rows[RPOS_MAX_SIZE][RPOS_MAX_SIZE + 1];
};

/* Reads a seat's view of a Rolit game ("size", "board", "colours",
 * "to_move", "forfeited"); 0, or -1 with the reason in err (ERR_LEN). */
int rpos_from_view(const cJSON *view, struct rpos *pos, char *err);

/* The legal squares of `seat` in `pos` (whoever is to move there), in the
 * rules' order; their count (0 once the board is full). */
int rpos_moves(const struct rpos *pos, int seat, int moves[RPOS_MAX_SQUARES]);

/* `seat` puts a ball on `square` (one of its legal squares): the position
 * after it goes to *next, with `next_seat` to move (or -1 on a full
 * board).  0, or -1 if the rules refuse the move. */
int rpos_play(const struct rpos *pos, int seat, int square, int next_seat,
	      struct rpos *next);

/* The seats still playing after `seat`, in turn order, into seats[];
 * their count. */
int rpos_opponents(const struct rpos *pos, int seat,
		   int seats[RPOS_MAX_SEATS]);

/* Balls of `letter` on the board. */
int rpos_count(const struct rpos *pos, char letter);

/* Empty squares left. */
int rpos_empties(const struct rpos *pos);

#endif
