/*
 * Unit tests for black-pot-mcts's search (bots/black_pot_mcts_search.c):
 * on whole games of the rules library, 2 players and teams of 4, fixed
 * and random layouts, every move it picks (a given number of iterations
 * a move, so the machine's speed changes nothing) is an index of the
 * turn's legal list that the rules accept; a view it cannot read is
 * refused with its reason.
 */
#include "black_pot_mcts_search.h"
#include "games/black_pot.h"
#include "games/registry.h"
#include "run_suite.h"

/* Plays one game with every seat searching `iterations` a move; how many
 * moves were played. */
static int play_game(int players, const char *options_json,
		     unsigned char key_byte, long iterations)
{
	unsigned char key[32] = {key_byte};
	struct game_setup setup = {.players = players, .first_seat = 0};
	cJSON *options = cJSON_Parse(options_json);
	struct black_pot_mcts seats[4];
	char err[GAME_ERR_LEN] = "";
	struct draws draws;
	void *state;
	int moves = 0, seat;

	arena_draws_init(&draws, key, NULL, NULL);
	setup.options = options;
	state = arena_black_pot_rules.create(&setup, &draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	cJSON_Delete(options);
	for (int s = 0; s < players; s++)
		black_pot_mcts_search_init(&seats[s], 1000u + (unsigned)s);
	while ((seat = arena_black_pot_rules.to_move(state)) >= 0) {
		cJSON *view = arena_black_pot_rules.view(state, seat);
		cJSON *legal = arena_black_pot_rules.legal(state);
		int pick = black_pot_mcts_search_pick(&seats[seat], view, legal, NULL,
					       iterations, err);

		ck_assert_msg(pick >= 0 && pick < cJSON_GetArraySize(legal),
			      "move %d: pick %d of %d (%s)", moves, pick,
			      cJSON_GetArraySize(legal), err);
		ck_assert_int_le(seats[seat].iterations, iterations);
		ck_assert_msg(arena_black_pot_rules.apply(
				      state, cJSON_GetArrayItem(legal, pick),
				      &draws, err) == 0,
			      "move %d: %s", moves, err);
		cJSON_Delete(legal);
		cJSON_Delete(view);
		moves++;
	}
	arena_black_pot_rules.destroy(state);
	return moves;
}

START_TEST(plays_legal_moves_to_the_end)
{
	ck_assert_int_gt(play_game(2, "{\"layout\":\"fixed\"}", 3, 40), 0);
	ck_assert_int_gt(play_game(2, "{\"layout\":\"random\"}", 5, 40), 0);
	ck_assert_int_gt(play_game(4, "{\"layout\":\"fixed\"}", 9, 20), 0);
}
END_TEST

START_TEST(refuses_a_view_without_a_side)
{
	struct black_pot_mcts m;
	unsigned char key[32] = {1};
	struct game_setup setup = {.players = 2, .first_seat = 0};
	cJSON *options = cJSON_Parse("{\"layout\":\"fixed\"}");
	char err[GAME_ERR_LEN] = "";
	struct draws draws;
	void *state;
	cJSON *view, *legal;

	arena_draws_init(&draws, key, NULL, NULL);
	setup.options = options;
	state = arena_black_pot_rules.create(&setup, &draws, err);
	ck_assert_msg(state != NULL, "%s", err);
	cJSON_Delete(options);
	view = arena_black_pot_rules.view(state, -1);
	legal = arena_black_pot_rules.legal(state);
	black_pot_mcts_search_init(&m, 1);
	ck_assert_int_eq(black_pot_mcts_search_pick(&m, view, legal, NULL, 10, err), -1);
	ck_assert_str_eq(err, "the turn has no side (\"you\"), roll or legal moves");
	cJSON_Delete(legal);
	cJSON_Delete(view);
	arena_black_pot_rules.destroy(state);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("black_pot_mcts");
	TCase *tc = tcase_create("black_pot_mcts");

	tcase_add_test(tc, plays_legal_moves_to_the_end);
	tcase_add_test(tc, refuses_a_view_without_a_side);
	suite_add_tcase(s, tc);
	return s;
}
