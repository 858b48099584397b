/*
 * rolit-mcts's choice of a move, which rolit-search makes too with 3 and 4
 * players: the exact endgame (rolit_mcts_end.h) when it finishes in half
 * the move's time, else the tree (rolit_mcts_tree.h), kept from one move
 * to the next.
 */
#ifndef BOTS_ROLIT_MCTS_MOVE_H
#define BOTS_ROLIT_MCTS_MOVE_H

#include <cjson/cJSON.h>

#include "rolit_bits.h"
#include "rolit_mcts_tree.h"

/* Nodes in each of the tree's two pools (28 bytes each). */
#define ROLIT_MCTS_MOVE_NODES (1u << 20)

/* The square to play in `pos` (the turn `turn` of the seat to move, some
 * square legal), thinking `ms` milliseconds at most. */
int rolit_mcts_move(struct rolit_mcts_tree *tree, const cJSON *turn, long ms,
		    const struct rolit_bits *pos);

#endif
