/*
 * Unit tests for rolit-mcts (bots/rolit_bits.c, rolit_mcts_policy.c,
 * rolit_mcts_end.c, rolit_mcts_tree.c): on random games of every size and
 * number of players, forfeits included, the bitboards' legal squares,
 * capturing squares, captures, next seat and board after each move are
 * exactly the rules library's (arena_rolit_rules and rolit_board.c) and
 * those of the square-by-square captures kept here as the reference; the
 * exact endgame's
 * value and move are those of a brute-force search over the rules
 * library's board functions; the tree only ever chooses legal squares,
 * reusing its tree along a game (a given number of playouts a move, so
 * the machine's speed changes nothing); the MCTS-solver learns the exact
 * endgame's outcome of a root of 2 players a few squares above its own
 * depth, and plays a square that keeps it; and an endgame search whose
 * clock has run out stops.
 */
#include <string.h>

#include "games/registry.h"
#include "games/rolit.h"
#include "games/rolit_board.h"
#include "rolit_bits.h"
#include "rolit_mcts_end.h"
#include "rolit_mcts_policy.h"
#include "rolit_mcts_prove.h"
#include "rolit_mcts_tree.h"
#include "run_suite.h"

/* The sizes and numbers of players the rules allow. */
static const int configs[][2] = {
	{4, 2}, {6, 2}, {6, 3}, {6, 4}, {8, 2}, {8, 3}, {8, 4},
};
#define CONFIGS ((int)(sizeof configs / sizeof configs[0]))

/* A deterministic stream of numbers for the random games. */
static unsigned next_random(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 16;
}

/* The rules library's state at the start of a game. */
static void *start_state(int size, int players)
{
	char rows[8][9], err[GAME_ERR_LEN] = "";
	const char *row_ptrs[8];
	int h = size / 2 - 1;
	void *state;

	for (int r = 0; r < size; r++) {
		memset(rows[r], '.', (size_t)size);
		rows[r][size] = '\0';
		row_ptrs[r] = rows[r];
	}
	rows[h][h] = 'R';
	rows[h][h + 1] = 'Y';
	rows[h + 1][h] = 'B';
	rows[h + 1][h + 1] = 'G';
	state = arena_rolit_from_rows(size, players, 0, row_ptrs, err);
	ck_assert_msg(state != NULL, "%s", err);
	return state;
}

/* The board of the rules' state as rows, and as the bitboards' position
 * (its forfeits in `out`). */
static void read_state(void *state, char rows[8][9], struct rolit_bits *pos,
		       unsigned out)
{
	cJSON *view = arena_rolit_rules.view(state, -1);
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(view, "board");
	int size = cJSON_GetArraySize(board);
	int players = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(view,
									 "colours"));
	const char *row_ptrs[8];

	for (int r = 0; r < size; r++) {
		strcpy(rows[r], cJSON_GetArrayItem(board, r)->valuestring);
		row_ptrs[r] = rows[r];
	}
	rolit_bits_from_rows(pos, size, players,
			     arena_rolit_rules.to_move(state), row_ptrs, out);
	cJSON_Delete(view);
}

/* The rules library's board of `rows`. */
static void to_board(struct rolit_board *b, int size, char rows[8][9])
{
	b->size = size;
	for (int r = 0; r < size; r++)
		memcpy(b->cells[r], rows[r], (size_t)size);
}

/* The square-by-square captures the rules library's bitboards replaced,
 * kept here as the reference (as check_rolit_board.c keeps its legal
 * squares): a ball of `letter` on (row, col) turns, in each of the 8
 * directions, the run of other colours that ends at the nearest ball of
 * its own; sets them in `captured`, returns how many. */
static int reference_captures(const struct rolit_board *b, int row, int col,
			      char letter, bool captured[8][8])
{
	static const int dirs[8][2] = {
		{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1},
	};
	int total = 0;

	for (int d = 0; d < 8; d++) {
		int r = row + dirs[d][0], c = col + dirs[d][1], n = 0;

		for (; r >= 0 && r < b->size && c >= 0 && c < b->size &&
		       b->cells[r][c] != '.' && b->cells[r][c] != letter;
		     r += dirs[d][0], c += dirs[d][1])
			n++;
		if (r < 0 || r >= b->size || c < 0 || c >= b->size ||
		    b->cells[r][c] != letter)
			continue;
		for (int i = 1; i <= n; i++)
			captured[row + i * dirs[d][0]][col + i * dirs[d][1]] = true;
		total += n;
	}
	return total;
}

/* The reference's board after a ball of `letter` goes on (row, col). */
static void reference_place(struct rolit_board *b, int row, int col,
			    char letter)
{
	bool captured[8][8] = {{false}};

	reference_captures(b, row, col, letter, captured);
	for (int r = 0; r < b->size; r++)
		for (int c = 0; c < b->size; c++)
			if (captured[r][c])
				b->cells[r][c] = letter;
	b->cells[row][col] = letter;
}

/* The bit set of squares r * 8 + c from the rules' squares r * size + c. */
static uint64_t to_bits(const int *squares, int n, int size)
{
	uint64_t set = 0;

	for (int i = 0; i < n; i++)
		set |= 1ULL << (squares[i] / size * 8 + squares[i] % size);
	return set;
}

/* Every seat's legal squares and every capture of every empty square in
 * `pos` are the rules library's. */
static void check_moves(const struct rolit_bits *pos, char rows[8][9])
{
	static const char letters[] = "RYGB";
	struct rolit_board b;
	int size = pos->size;

	to_board(&b, size, rows);
	for (int seat = 0; seat < pos->players; seat++) {
		char letter = letters[pos->colour[seat]];
		int squares[64], n = arena_rolit_board_squares(&b, letter, squares);

		uint64_t capturing = 0;

		ck_assert_uint_eq(rolit_bits_moves(pos, seat),
				  to_bits(squares, n, size));
		for (int r = 0; r < size; r++)
			for (int c = 0; c < size; c++) {
				bool captured[8][8] = {{false}};
				bool reference[8][8] = {{false}};
				int taken[64], k = 0;

				if (rows[r][c] != '.')
					continue;
				ck_assert_int_eq(
					arena_rolit_board_captures(&b, r, c, letter,
								   captured),
					reference_captures(&b, r, c, letter,
							   reference));
				ck_assert_mem_eq(captured, reference,
						 sizeof captured);
				for (int i = 0; i < size * size; i++)
					if (captured[i / size][i % size])
						taken[k++] = i;
				ck_assert_uint_eq(
					rolit_bits_flips(pos, seat, r * 8 + c),
					to_bits(taken, k, size));
				capturing |= (uint64_t)(k > 0) << (r * 8 + c);
			}
		ck_assert_uint_eq(rolit_bits_capturing(pos, seat), capturing);
	}
}

START_TEST(bitboards_are_the_rules)
{
	unsigned seed = 47;
	long positions = 0;

	for (int config = 0; config < CONFIGS; config++)
		for (int game = 0; game < 6; game++) {
			int size = configs[config][0];
			int players = configs[config][1];
			void *state = start_state(size, players);
			unsigned out = 0;
			char rows[8][9];
			struct rolit_bits pos;
			struct rolit_board want;

			for (int ply = 0; arena_rolit_rules.to_move(state) >= 0;
			     ply++) {
				cJSON *legal, action = {.type = cJSON_String};
				char err[GAME_ERR_LEN];
				int pick;

				/* Now and then a seat other than the one to
				 * move leaves, in games of 3 or 4. */
				if (players > 2 && ply == 9 + game) {
					int seat = (arena_rolit_rules.to_move(state) + 1) % players;

					arena_rolit_rules.forfeit(state, seat, NULL);
					out |= 1u << seat;
				}
				read_state(state, rows, &pos, out);
				check_moves(&pos, rows);
				legal = arena_rolit_rules.legal(state);
				pick = (int)(next_random(&seed) %
					     (unsigned)cJSON_GetArraySize(legal));
				action.valuestring = cJSON_GetArrayItem(legal, pick)->valuestring;
				to_board(&want, size, rows);
				reference_place(&want, action.valuestring[1] - '1',
						action.valuestring[0] - 'A',
						"RYGB"[pos.colour[pos.to_move]]);
				ck_assert_int_eq(arena_rolit_rules.apply(state, &action, NULL, err), 0);
				rolit_bits_play(&pos, (action.valuestring[1] - '1') * 8 +
							      action.valuestring[0] - 'A');
				cJSON_Delete(legal);
				{
					struct rolit_bits after;

					read_state(state, rows, &after, out);
					ck_assert(rolit_bits_same(&pos, &after));
					for (int r = 0; r < size; r++)
						ck_assert_mem_eq(rows[r], want.cells[r],
								 (size_t)size);
				}
				positions++;
			}
			ck_assert_int_eq(pos.to_move, -1);
			arena_rolit_rules.destroy(state);
		}
	ck_assert_int_gt(positions, 1000);
}
END_TEST

/* The rows of `pos`'s board. */
static void bits_rows(const struct rolit_bits *pos, char rows[8][9])
{
	for (int r = 0; r < pos->size; r++) {
		for (int c = 0; c < pos->size; c++) {
			int colour = 0;

			while (colour < 4 && !(pos->ball[colour] >> (r * 8 + c) & 1))
				colour++;
			rows[r][c] = "RYGB."[colour];
		}
		rows[r][pos->size] = '\0';
	}
}

/* A position of `size` and `players` with `empties` empty squares, from
 * random moves from the start. */
static void random_position(struct rolit_bits *pos, int size, int players,
			    int empties, unsigned *seed)
{
	void *state = start_state(size, players);
	char rows[8][9];

	read_state(state, rows, pos, 0);
	arena_rolit_rules.destroy(state);
	while (rolit_bits_popcount(pos->board & ~rolit_bits_occupied(pos)) > empties) {
		uint64_t moves = rolit_bits_moves(pos, pos->to_move);
		int n = (int)(next_random(seed) % (unsigned)rolit_bits_popcount(moves));

		while (n--)
			moves &= moves - 1;
		rolit_bits_play(pos, rolit_bits_first(moves));
	}
}

/* Brute force over the rules library's board (its legal squares, the
 * reference's captures): the game's value under
 * best play as rolit_mcts_end_solve gives it (2 players: seat 0's balls
 * less seat 1's; else every seat's balls, each seat maximising its own,
 * ties to the first square of the rules' order) and the square chosen. */
static void brute_force(const struct rolit_board *b, int players, int seat,
			int value[4], int *square)
{
	static const int colours[3][4] = {{0, 2}, {0, 1, 2}, {0, 1, 2, 3}};
	const int *colour = colours[players - 2];
	int squares[64], n, best = 0;

	if (arena_rolit_board_full(b)) {
		int count[ROLIT_COLOURS];

		arena_rolit_board_count(b, count);
		for (int s = 0; s < 4; s++)
			value[s] = s < players ? count[colour[s]] : 0;
		if (players == 2) {
			value[0] -= value[1];
			value[1] = -value[0];
		}
		return;
	}
	n = arena_rolit_board_squares(b, ROLIT_LETTERS[colour[seat]], squares);
	for (int i = 0; i < n; i++) {
		struct rolit_board next = *b;
		int child[4], mine;

		reference_place(&next, squares[i] / b->size,
				squares[i] % b->size, ROLIT_LETTERS[colour[seat]]);
		brute_force(&next, players, (seat + 1) % players, child, NULL);
		mine = players == 2 && seat == 1 ? -child[0] : child[seat];
		if (i == 0 || mine > best) {
			best = mine;
			memcpy(value, child, sizeof child);
			if (square)
				*square = squares[i] / b->size * 8 +
					  squares[i] % b->size;
		}
	}
}

/* value[] of a game of 2 is the outcome of seat 0's balls less seat 1's,
 * `diff`: 1 to the winner, -1 to the loser, 0 to both on a draw. */
static void check_outcome(const int value[4], int diff)
{
	int sign = (diff > 0) - (diff < 0);

	ck_assert_int_eq(value[0], sign);
	ck_assert_int_eq(value[1], -sign);
	ck_assert_int_eq(value[2], 0);
	ck_assert_int_eq(value[3], 0);
}

START_TEST(the_endgame_is_exact)
{
	unsigned seed = 4747;
	/* Games of 2 lost, drawn and won by seat 0, and games of 3 or 4. */
	int outcomes[4] = {0};

	for (int config = 0; config < CONFIGS; config++)
		for (int empties = 1; empties <= 8; empties++)
			for (int game = 0; game < 2; game++) {
				int size = configs[config][0];
				int players = configs[config][1];
				struct rolit_bits pos;
				struct rolit_board b;
				char rows[8][9];
				int value[4], expected[4], square = -1, brute = -1;

				if (empties >= size * size - 4)
					continue;
				random_position(&pos, size, players, empties, &seed);
				bits_rows(&pos, rows);
				to_board(&b, size, rows);
				ck_assert_int_eq(rolit_mcts_end_solve(&pos, NULL, &square, value), 0);
				brute_force(&b, players, pos.to_move, expected, &brute);
				ck_assert(rolit_bits_moves(&pos, pos.to_move) >> square & 1);
				if (players > 2) {
					ck_assert_mem_eq(value, expected, sizeof value);
					ck_assert_int_eq(square, brute);
				} else {
					int mover = pos.to_move;

					check_outcome(value, expected[0]);
					/* Equal moves may differ: the one
					 * chosen must keep a win or a draw. */
					rolit_bits_play(&pos, square);
					bits_rows(&pos, rows);
					to_board(&b, size, rows);
					brute_force(&b, players, pos.to_move < 0 ? 0 : pos.to_move,
						    expected, NULL);
					if (value[mover] >= 0)
						check_outcome(value, expected[0]);
				}
				outcomes[players == 2 ? value[0] + 1 : 3]++;
			}
	ck_assert_int_gt(outcomes[0], 5);
	ck_assert_int_gt(outcomes[1], 0);
	ck_assert_int_gt(outcomes[2], 5);
	ck_assert_int_gt(outcomes[3], 40);
}
END_TEST

START_TEST(the_endgame_stops_when_the_clock_does)
{
	struct search_clock expired = {.deadline = 0};
	struct rolit_bits pos;
	unsigned seed = 7;
	int value[4], square;

	random_position(&pos, 8, 2, 24, &seed);
	ck_assert_int_eq(rolit_mcts_end_solve(&pos, &expired, &square, value), -1);
	random_position(&pos, 8, 4, 16, &seed);
	ck_assert_int_eq(rolit_mcts_end_solve(&pos, &expired, &square, value), -1);
}
END_TEST

/* Grows the tree to `playouts` playouts since its root was set (a few
 * more), whatever the machine's speed: its clock never runs out, so the
 * exact searches of its leaves always finish. */
static void grow(struct rolit_mcts_tree *tree, long playouts)
{
	struct search_clock never = {.deadline = 1e300, .wall_deadline = 1e300};

	if (tree->playouts < playouts)
		rolit_mcts_tree_run(tree, &never, playouts - tree->playouts);
}

/* Games where seat 0 plays by the tree (400 playouts a move, the tree
 * kept along the game) and the others at random: each of its choices is
 * legal; returns how many times the tree was reused. */
static int tree_game(struct rolit_mcts_tree *tree, int size, int players,
		     unsigned *seed)
{
	struct rolit_bits pos;
	int reused = 0;

	random_position(&pos, size, players, size * size - 4, seed);
	while (pos.to_move >= 0) {
		uint64_t moves = rolit_bits_moves(&pos, pos.to_move);
		int square;

		if (pos.to_move == 0) {
			rolit_mcts_tree_root(tree, &pos);
			reused += tree->nodes[0].visits > 0;
			grow(tree, 400);
			square = rolit_mcts_tree_best(tree);
		} else {
			int n = (int)(next_random(seed) % (unsigned)rolit_bits_popcount(moves));

			while (n--)
				moves &= moves - 1;
			square = rolit_bits_first(moves);
			moves = rolit_bits_moves(&pos, pos.to_move);
		}
		ck_assert_msg(moves >> square & 1, "square %d is not legal", square);
		rolit_bits_play(&pos, square);
	}
	return reused;
}

START_TEST(the_tree_plays_legal_squares)
{
	struct rolit_mcts_tree tree;
	unsigned seed = 11;
	int reused = 0;

	ck_assert_int_eq(rolit_mcts_tree_init(&tree, 1u << 16, 5), 0);
	for (int config = 0; config < CONFIGS; config++)
		reused += tree_game(&tree, configs[config][0],
				    configs[config][1], &seed);
	rolit_mcts_tree_free(&tree);
	/* Every move after the first of a game finds its position in the
	 * tree of the move before, unless a random reply left it. */
	ck_assert_int_gt(reused, 20);
}
END_TEST

START_TEST(the_reused_tree_keeps_its_visits)
{
	struct rolit_mcts_tree tree;
	struct rolit_bits pos;
	const struct rolit_mcts_node *child, *reply;
	uint32_t visits, used;
	unsigned seed = 3;

	ck_assert_int_eq(rolit_mcts_tree_init(&tree, 1u << 16, 9), 0);
	random_position(&pos, 8, 2, 50, &seed);
	rolit_mcts_tree_root(&tree, &pos);
	grow(&tree, 2000);
	/* The most visited reply to the most visited move. */
	child = &tree.nodes[tree.nodes[0].first];
	for (uint32_t i = 0; i < tree.nodes[0].count; i++)
		if (tree.nodes[tree.nodes[0].first + i].visits > child->visits)
			child = &tree.nodes[tree.nodes[0].first + i];
	ck_assert_uint_gt(child->count, 0);
	reply = &tree.nodes[child->first];
	for (uint32_t i = 0; i < child->count; i++)
		if (tree.nodes[child->first + i].visits > reply->visits)
			reply = &tree.nodes[child->first + i];
	visits = reply->visits;
	used = tree.used;
	rolit_bits_play(&pos, child->square);
	rolit_bits_play(&pos, reply->square);
	rolit_mcts_tree_root(&tree, &pos);
	ck_assert_uint_eq(tree.nodes[0].visits, visits);
	ck_assert_uint_lt(tree.used, used);
	/* A position the tree never saw starts a new tree. */
	random_position(&pos, 6, 3, 20, &seed);
	rolit_mcts_tree_root(&tree, &pos);
	ck_assert_uint_eq(tree.nodes[0].visits, 0);
	ck_assert_uint_eq(tree.used, 1);
	rolit_mcts_tree_free(&tree);
}
END_TEST

/* Games of 2 a few squares from the end, above the solver's own depth:
 * the tree learns the root's outcome from its leaves' (unless a child
 * known to draw keeps the search from a child still unknown), and it is
 * the exact endgame's; then the square played keeps a win or a draw. */
START_TEST(the_solver_proves_the_root)
{
	struct rolit_mcts_tree tree;
	unsigned seed = 17;
	int proved = 0;

	ck_assert_int_eq(rolit_mcts_tree_init(&tree, 1u << 18, 13), 0);
	for (int game = 0; game < 12; game++) {
		int size = game % 2 ? 8 : 6, mover, square, exact[4], after[4];
		struct rolit_bits pos;

		random_position(&pos, size, 2, ROLIT_MCTS_PROVE_EMPTIES + 1 +
			game % 3, &seed);
		mover = pos.to_move;
		ck_assert_int_eq(rolit_mcts_end_solve(&pos, NULL, &square,
						      exact), 0);
		rolit_mcts_tree_root(&tree, &pos);
		grow(&tree, 20000);
		if (!tree.nodes[0].solved)
			continue;
		proved++;
		ck_assert_int_eq(tree.nodes[0].solved - 2, exact[0]);
		square = rolit_mcts_tree_best(&tree);
		ck_assert(rolit_bits_moves(&pos, mover) >> square & 1);
		rolit_bits_play(&pos, square);
		ck_assert_int_eq(rolit_mcts_end_solve(&pos, NULL, &square,
						      after), 0);
		if (exact[mover] >= 0)
			ck_assert_int_eq(after[mover], exact[mover]);
	}
	ck_assert_int_ge(proved, 10);
	rolit_mcts_tree_free(&tree);
}
END_TEST

START_TEST(corners_before_the_squares_beside_them)
{
	static const char *const rows[] = {
		"......", "......", "..RY..", "..BG..", "......", "......",
	};
	struct rolit_bits pos;

	rolit_bits_from_rows(&pos, 6, 2, 0, rows, 0);
	ck_assert_int_eq(rolit_mcts_policy_prior(&pos, 0), 3);
	ck_assert_int_eq(rolit_mcts_policy_prior(&pos, 3), 2);
	ck_assert_int_eq(rolit_mcts_policy_prior(&pos, 2 * 8 + 2), 1);
	ck_assert_int_eq(rolit_mcts_policy_prior(&pos, 1 * 8 + 1), 0);
	ck_assert_int_eq(rolit_mcts_policy_prior(&pos, 5 * 8 + 4), 0);
	ck_assert_int_eq(rolit_mcts_policy_prior(&pos, 5 * 8 + 3), 2);
}
END_TEST

START_TEST(the_reward_goes_to_the_most_balls)
{
	static const char *const rows[] = {"RRRR", "RRRG", "GGGG", "YYBB"};
	static const char *const tied[] = {"RRRR", "YYYY", "GGGG", "BBBB"};
	struct rolit_bits pos;
	float reward[4];

	rolit_bits_from_rows(&pos, 4, 2, -1, rows, 0);
	rolit_mcts_policy_reward(&pos, reward);
	ck_assert_float_eq(reward[0], 1 + 0.1f * 7 / 16);
	ck_assert_float_eq(reward[1], 0.1f * 5 / 16);
	rolit_bits_from_rows(&pos, 4, 4, -1, tied, 1u << 2);
	rolit_mcts_policy_reward(&pos, reward);
	ck_assert_float_eq(reward[0], 1.0f / 3 + 0.1f * 4 / 16);
	ck_assert_float_eq(reward[2], 0.1f * 4 / 16);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rolit_mcts");
	TCase *tc = tcase_create("rolit_mcts");

	tcase_add_test(tc, bitboards_are_the_rules);
	tcase_add_test(tc, the_endgame_is_exact);
	tcase_add_test(tc, the_endgame_stops_when_the_clock_does);
	tcase_add_test(tc, the_tree_plays_legal_squares);
	tcase_add_test(tc, the_reused_tree_keeps_its_visits);
	tcase_add_test(tc, the_solver_proves_the_root);
	tcase_add_test(tc, corners_before_the_squares_beside_them);
	tcase_add_test(tc, the_reward_goes_to_the_most_balls);
	suite_add_tcase(s, tc);
	return s;
}
