/*
 * rolit-mcts's playouts a second (`make bench-rolit`): its tree grown from
 * the opening position of 8x8 for 200,000 playouts (each one a descent,
 * a playout of the rest of the game and a backup), with 2 and with 4
 * players, timed in CPU seconds so that a loaded machine's waits are not
 * counted.  The figures go in docs/bots/rolit-mcts.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rolit_bits.h"
#include "rolit_mcts_tree.h"

#define PLAYOUTS 200000L

int main(void)
{
	static const char *const rows[8] = {
		"........", "........", "........", "...RY...",
		"...BG...", "........", "........", "........",
	};
	static struct rolit_mcts_tree tree;
	struct search_clock never = {.deadline = 1e300, .wall_deadline = 1e300};

	for (int players = 2; players <= 4; players += 2) {
		struct rolit_bits pos;
		clock_t start;
		double seconds;

		if (rolit_mcts_tree_init(&tree, 1u << 20, 47) < 0) {
			fputs("rolit_playouts: not enough memory\n", stderr);
			return EXIT_FAILURE;
		}
		rolit_bits_from_rows(&pos, 8, players, 0, rows, 0);
		rolit_mcts_tree_root(&tree, &pos);
		start = clock();
		rolit_mcts_tree_run(&tree, &never, PLAYOUTS);
		seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
		printf("rolit-mcts, %d players, 8x8 opening: %ld playouts in "
		       "%.2f CPU s, %.0f a second\n", players, tree.playouts,
		       seconds, (double)tree.playouts / seconds);
		rolit_mcts_tree_free(&tree);
	}
	return EXIT_SUCCESS;
}
