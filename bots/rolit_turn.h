/*
 * A turn of the bundled Rolit bots (rolit-search, rolit-mcts): the view
 * checked and read straight into bitboards, and the square chosen written
 * back as the action.
 */
#ifndef BOTS_ROLIT_TURN_H
#define BOTS_ROLIT_TURN_H

#include <cjson/cJSON.h>

#include "rolit_bits.h"

/* Reads a seat's view of a Rolit game ("size", "board", "colours",
 * "to_move", "forfeited") into *pos; 0, or -1 with the reason in err
 * (GAME_ERR_LEN). */
int rolit_turn_view(const cJSON *view, struct rolit_bits *pos, char *err);

/* The position of `turn` into *pos: 0, or -1 after telling stderr (as
 * `program`) why it is not this seat's turn of a Rolit game with some
 * legal square. */
int rolit_turn_read(const cJSON *turn, const char *program,
		    struct rolit_bits *pos);

/* The action that puts a ball on `square` (bit row * 8 + column). */
cJSON *rolit_turn_action(int square);

#endif
