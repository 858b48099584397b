/*
 * Rolit's one entry point besides arena_rolit_rules (registry.h): a game started
 * from a given position instead of the opening, for the rule-case tests
 * and for anyone who wants to analyse or continue a position.
 */
#ifndef ARENA_ROLIT_H
#define ARENA_ROLIT_H

/* A Rolit state, to be driven through arena_rolit_rules, holding `rows` (size
 * strings of size chars, rows[0] = row 1, each char one column from A:
 * 'R', 'Y', 'G', 'B' or '.', as in the view's "board") with seat
 * `to_move` (0..players-1) to play; on a full board the game is over.
 * NULL with a message in err (GAME_ERR_LEN bytes) when the position or the
 * size/players combination is refused. */
void *arena_rolit_from_rows(int size, int players, int to_move,
		      const char *const *rows, char *err);

/* The squares of a Rolit state, row 1 first, A to H within a row: each
 * ball's colour counted from the colour of `seat` in the order of play
 * (0 its own, then 1 for the next colour of red, yellow, green, blue
 * after it, around; the colours no seat plays too), -1 for an empty
 * square; the board's side in *size.  colours holds ROLIT_SQUARES. */
#define ROLIT_SQUARES 64
void arena_rolit_colours(const void *state, int seat, int *size,
			 signed char colours[ROLIT_SQUARES]);
#endif
