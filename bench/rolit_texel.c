/*
 * The positions of the Texel-style fit of rolit-search's evaluation
 * (`bench/rolit_texel [GAMES [SEED [EMPTIES [EXPLORE]]]]`, default 400, 1,
 * 14 and 8;
 * bench/rolit_texel.py fits them, docs/bots/rolit-search.md, "How the
 * weights were fitted"): GAMES two-player 8x8 games, each from 3 plies
 * at random (as the openings book's, tournaments/books/rolit-2.txt) and
 * then the house's one Rolit search (values/rolit_search.h) of NODES
 * positions a move, one move in EXPLORE at random, to EMPTIES empty
 * squares, where the same search solves the game for the win.  Each
 * position of the game is printed from the seat to move's side with that
 * exact outcome (1 a win, 0.5 a draw, 0 a loss: the game's outcome with
 * the end played perfectly) and the terms the evaluation weighs
 * (values/rolit_eval.c), each the seat's count less the other's, and
 * potential mobility (empty squares beside the other colours' balls),
 * which it does not.
 */
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/draws.h"
#include "games/draws_fast.h"
#include "games/registry.h"
#include "values/rolit_search.h"

#define OPENING 3		/* plies at random, as the book's */
#define NODES 20000		/* a move's search */
#define TABLE (1u << 20)

struct row {
	struct rolit_eval_pos p;
	int seat;		/* 0 or 1, by the ply's parity */
};

static bool nodes_spent(const void *clock)
{
	return ((const struct rolit_search *)clock)->nodes >= NODES;
}

/* The count of `own`'s set less `other`'s. */
static int diff(uint64_t own, uint64_t other)
{
	return __builtin_popcountll(own) - __builtin_popcountll(other);
}

/* Prints `p` with `label` for the seat of p.own: the label, the empty
 * squares, then mobility, frontier, corners, beside an empty corner,
 * potential mobility and balls, each a difference. */
static void print_row(const struct rolit_eval_pos *p, double label)
{
	uint64_t balls = p->own | p->other | p->idle, corners, beside;
	uint64_t open = arena_rolit_around(p->empty);

	rolit_eval_corners(p->size, p->empty, &corners, &beside);
	printf("%.1f %d %d %d %d %d %d %d\n", label,
	       __builtin_popcountll(p->empty),
	       diff(arena_rolit_capturing(p->own, balls & ~p->own, p->empty),
		    arena_rolit_capturing(p->other, balls & ~p->other,
					  p->empty)),
	       diff(p->own & open, p->other & open),
	       diff(p->own & corners, p->other & corners),
	       diff(p->own & beside, p->other & beside),
	       diff(arena_rolit_around(balls & ~p->own) & p->empty,
		    arena_rolit_around(balls & ~p->other) & p->empty),
	       diff(p->own, p->other));
}

/* The n-th legal square of `p` (n below their count), as a bit. */
static uint64_t nth_move(const struct rolit_eval_pos *p, uint64_t n)
{
	uint64_t moves = rolit_eval_moves(p);

	n %= (uint64_t)__builtin_popcountll(moves);
	while (n--)
		moves &= moves - 1;
	return moves & -moves;
}

/* Plays one game from `p` to `empties` empty squares, its positions into
 * rows, and prints them labelled by the outcome the search solves there. */
static void play_game(struct rolit_eval_pos p, int empties, int explore,
		      struct rolit_search *s, uint64_t *stream,
		      struct row *rows)
{
	int n = 0, outcome;

	for (int ply = 0; __builtin_popcountll(p.empty) > empties; ply++) {
		uint64_t draw = arena_splitmix64(stream), bit;

		rows[n++] = (struct row){p, ply & 1};
		if (ply < OPENING || draw % (uint64_t)explore == 0) {
			bit = nth_move(&p, draw / (uint64_t)explore);
		} else {
			s->expired = nodes_spent;
			s->clock = s;
			rolit_search_deepen(s, p, NULL, NULL);
			bit = 1ULL << s->best;
		}
		p = rolit_eval_play(p, bit);
	}
	s->expired = NULL;
	outcome = rolit_search_outcome(s, p);	/* for the seat of ply n */
	for (int i = 0; i < n; i++) {
		int mine = rows[i].seat == (n & 1) ? outcome : -outcome;

		print_row(&rows[i].p, (mine + 1) / 2.0);
	}
	print_row(&p, (outcome + 1) / 2.0);
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 400;
	uint64_t stream = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	int empties = argc > 3 ? atoi(argv[3]) : 14;
	int explore = argc > 4 ? atoi(argv[4]) : 8;
	cJSON *options = cJSON_Parse("{\"size\":8}");
	struct game_setup setup = {.players = 2, .options = options};
	struct rolit_search_entry *table = calloc(TABLE, sizeof *table);
	struct row *rows = malloc(64 * sizeof *rows);
	struct rolit_search s;
	char err[GAME_ERR_LEN];
	struct draws d;
	unsigned char key[32] = {0};
	void *state;

	arena_draws_init(&d, key, NULL, NULL);
	state = arena_rolit_rules.create(&setup, &d, err);
	if (!state || !table || !rows || empties < 1 || explore < 1) {
		fprintf(stderr, "rolit_texel: %s\n",
			state ? "bad EMPTIES or EXPLORE" : err);
		return 2;
	}
	rolit_search_init(&s, table, TABLE, NULL, NULL);
	for (int g = 0; g < games; g++)
		play_game(rolit_eval_pos_of(state, 0), empties, explore, &s,
			  &stream, rows);
	arena_rolit_rules.destroy(state);
	cJSON_Delete(options);
	free(table);
	free(rows);
	return 0;
}
