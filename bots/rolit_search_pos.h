/*
 * A Rolit view as the bundled Rolit bots read it (rolit_turn.c), checked
 * and kept as its rows, before they turn it into bitboards.
 */
#ifndef BOTS_ROLIT_SEARCH_POS_H
#define BOTS_ROLIT_SEARCH_POS_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#define ROLIT_SEARCH_POS_MAX_SIZE 8
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

#endif
