/*
 * A Rolit position as rolit-search keeps it during its search, driven by
 * the referee's own rules (games/rolit.c): every move is played,
 * and every list of legal moves made, by arena_rolit_rules on a state rebuilt
 * with arena_rolit_from_rows, so the bot cannot disagree with the referee.
 * Squares are numbered row * size + column from A1 = 0.
 */
#ifndef BOTS_ROLIT_SEARCH_POS_H
#define BOTS_ROLIT_SEARCH_POS_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#define ROLIT_SEARCH_POS_MAX_SIZE 8
#define ROLIT_SEARCH_POS_MAX_SQUARES \
	(ROLIT_SEARCH_POS_MAX_SIZE * ROLIT_SEARCH_POS_MAX_SIZE)
#define ROLIT_SEARCH_POS_MAX_SEATS 4

struct rolit_search_pos {
	int size, players;
	int to_move; /* a seat, or -1 once the board is full */
	bool forfeited[ROLIT_SEARCH_POS_MAX_SEATS];
	/* each seat's colour: R, Y, G or B */
	char letter[ROLIT_SEARCH_POS_MAX_SEATS];
	/* row 0 = row 1, as the view's "board": R, Y, G, B or '.' */
	char rows[ROLIT_SEARCH_POS_MAX_SIZE][ROLIT_SEARCH_POS_MAX_SIZE + 1];
};

/* Reads a seat's view of a Rolit game ("size", "board", "colours",
 * "to_move", "forfeited"); 0, or -1 with the reason in err (GAME_ERR_LEN). */
int rolit_search_pos_from_view(const cJSON *view, struct rolit_search_pos *pos,
			       char *err);

/* The legal squares of `seat` in `pos` (whoever is to move there), in the
 * rules' order; their count (0 once the board is full). */
int rolit_search_pos_moves(const struct rolit_search_pos *pos, int seat,
			   int moves[ROLIT_SEARCH_POS_MAX_SQUARES]);

/* `seat` puts a ball on `square` (one of its legal squares): the position
 * after it goes to *next, with `next_seat` to move (or -1 on a full
 * board).  0, or -1 if the rules refuse the move. */
int rolit_search_pos_play(const struct rolit_search_pos *pos, int seat,
			  int square, int next_seat,
			  struct rolit_search_pos *next);

/* The seats still playing after `seat`, in turn order, into seats[];
 * their count. */
int rolit_search_pos_opponents(const struct rolit_search_pos *pos, int seat,
			       int seats[ROLIT_SEARCH_POS_MAX_SEATS]);

/* Balls of `letter` on the board. */
int rolit_search_pos_count(const struct rolit_search_pos *pos, char letter);

/* Empty squares left. */
int rolit_search_pos_empties(const struct rolit_search_pos *pos);

#endif
