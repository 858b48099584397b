/*
 * The Rolit bots' speed (`make bench-rolit`), timed in CPU seconds so that
 * a loaded machine's waits are not counted:
 * - rolit-mcts's playouts a second: its tree grown from the opening
 *   position of 8x8 for 200,000 playouts (each one a descent, a playout
 *   of the rest of the game and a backup), with 2 and with 4 players
 *   (docs/bots/rolit-mcts.md);
 * - the house's one Rolit search's positions a second
 *   (values/rolit_search.h, docs/bots/rolit-search.md): SOLVES two-player
 *   8x8 positions of 18 empty squares solved for the win, as rolit-search
 *   does at the end (its table of 2^20 entries, cleared for each), and
 *   as many of 40 empty squares searched 8 plies, as the grader does (no
 *   table), each position played at random from the opening by a fixed
 *   stream, so that every build searches the same ones.  The check sums
 *   their outcomes and scores: a faster search that found other values
 *   would show it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/draws_fast.h"
#include "rolit_bits.h"
#include "rolit_mcts_tree.h"
#include "values/rolit_search.h"

#define PLAYOUTS 200000L
#define SOLVES 40
#define TABLE (1u << 20)

static const char *const opening[8] = {
	"........", "........", "........", "...RY...",
	"...BG...", "........", "........", "........",
};

static double cpu_seconds(void)
{
	return (double)clock() / CLOCKS_PER_SEC;
}

static int playouts(void)
{
	static struct rolit_mcts_tree tree;
	struct search_clock never = {.deadline = 1e300, .wall_deadline = 1e300};

	for (int players = 2; players <= 4; players += 2) {
		struct rolit_bits pos;
		double start, seconds;

		if (rolit_mcts_tree_init(&tree, 1u << 20, 47) < 0)
			return -1;
		rolit_bits_from_rows(&pos, 8, players, 0, opening, 0);
		rolit_mcts_tree_root(&tree, &pos);
		start = cpu_seconds();
		rolit_mcts_tree_run(&tree, &never, PLAYOUTS);
		seconds = cpu_seconds() - start;
		printf("rolit-mcts, %d players, 8x8 opening: %ld playouts in "
		       "%.2f CPU s, %.0f a second\n", players, tree.playouts,
		       seconds, (double)tree.playouts / seconds);
		rolit_mcts_tree_free(&tree);
	}
	return 0;
}

/* The position `empties` empty squares from the opening, each move a
 * legal square drawn from `stream`. */
static struct rolit_eval_pos played_to(int empties, uint64_t *stream)
{
	struct rolit_bits pos;
	struct rolit_eval_pos p;

	rolit_bits_from_rows(&pos, 8, 2, 0, opening, 0);
	p = rolit_bits_eval_pos(&pos, 0);
	while (__builtin_popcountll(p.empty) > empties) {
		uint64_t moves = rolit_eval_moves(&p);

		for (uint64_t n = arena_splitmix64(stream) %
				  (uint64_t)__builtin_popcountll(moves); n; n--)
			moves &= moves - 1;
		p = rolit_eval_play(p, moves & -moves);
	}
	return p;
}

static int search(void)
{
	struct rolit_search_entry *table = malloc(TABLE * sizeof *table);
	struct rolit_search s;
	uint64_t stream = 7, check = 0;
	double solving = 0, searching = 0, start;
	long nodes = 0;

	if (!table)
		return -1;
	for (int i = 0; i < SOLVES; i++) {
		struct rolit_eval_pos p = played_to(18, &stream);

		memset(table, 0, TABLE * sizeof *table);
		rolit_search_init(&s, table, TABLE, NULL, NULL);
		start = cpu_seconds();
		check = check * 3 + (uint64_t)(rolit_search_outcome(&s, p) + 1);
		solving += cpu_seconds() - start;
		nodes += s.nodes;
	}
	printf("rolit-search, the end of 8x8 at 18 empty squares: %d solved in "
	       "%.2f CPU s, %.0f ms each, %.2f million positions a second\n",
	       SOLVES, solving, solving * 1000 / SOLVES, nodes / solving / 1e6);
	for (int i = 0; i < SOLVES; i++) {
		struct rolit_eval_pos p = played_to(40, &stream);

		start = cpu_seconds();
		check = check * 31 + (uint64_t)rolit_search_score(p, 8);
		searching += cpu_seconds() - start;
	}
	printf("rolit-search, 8x8 at 40 empty squares: %d searched 8 plies in "
	       "%.2f CPU s, %.0f ms each\n", SOLVES, searching,
	       searching * 1000 / SOLVES);
	printf("check: %016llx\n", (unsigned long long)check);
	free(table);
	return 0;
}

int main(void)
{
	if (playouts() < 0 || search() < 0) {
		fputs("rolit_speed: not enough memory\n", stderr);
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}
