/*
 * A seat's view of a Rolit game as bitboards, for the bench's Rolit
 * players (rolit_peer.c, rolit_sparring.c), read from the protocol alone
 * (the C SDK's reader of the view): bit row * 8 + column, A1 = bit 0,
 * whatever the board's size.
 */
#ifndef BENCH_ROLIT_VIEW_H
#define BENCH_ROLIT_VIEW_H

#include <stdint.h>

#include <cjson/cJSON.h>

struct rolit_view {
	uint64_t col[4]; /* the balls of red, yellow, green, blue */
	uint64_t board;  /* the squares of the board */
	int players, to_move, size;
	unsigned out;    /* forfeited seats */
	int colour[4];   /* each seat's colour, an index of "RYGB" */
};

/* Every ball on the board. */
static inline uint64_t rolit_view_occupied(const struct rolit_view *p)
{
	return p->col[0] | p->col[1] | p->col[2] | p->col[3];
}

/* The seat after `seat` still playing (seat itself if it is the only
 * one). */
int rolit_view_next(const struct rolit_view *p, int seat);

/* The position of the view `state` into *p: 0, or -1 when it is no
 * Rolit view with a seat to move. */
int rolit_view_read(const cJSON *state, struct rolit_view *p);

#endif
