/*
 * Unit tests for the C SDK's game helpers (sdk/c/arena_games.c): dice
 * scoring per variant, the keeps of a roll and bolo5's right to bank,
 * Rolit's legal squares, captures and moves, Black-Pot's kinds of cells,
 * values and expressions of dice, legal moves and moves.  The
 * cases are those that tests/e2e/sdk_games_test.py checks for the Python
 * helpers; the views were recorded from real games of the referee, so the
 * keeps and legal squares are compared with what the referee itself
 * listed.
 */
#include <stdlib.h>
#include <string.h>

#include "arena_games.h"
#include "games/registry.h"
#include "run_suite.h"

/* A set of dice and its points in one variant (-1: not a valid set). */
struct dice_case {
	enum arena_dice_variant variant;
	int faces[ARENA_DICE_MAX];
	int count;
	long points;
};

static const struct dice_case dice_cases[] = {
	{ ARENA_BOLO, { 1 }, 1, 100 },
	{ ARENA_BOLO, { 5 }, 1, 50 },
	{ ARENA_BOLO, { 1, 5 }, 2, 150 },
	{ ARENA_BOLO, { 2, 2, 2 }, 3, 200 },
	{ ARENA_BOLO, { 1, 1, 1 }, 3, 1000 },
	{ ARENA_BOLO, { 1, 1, 1, 1 }, 4, 2000 },
	{ ARENA_BOLO, { 3, 3, 3, 3, 3 }, 5, 1200 },
	{ ARENA_BOLO, { 2, 2, 2, 2, 2, 2, 2 }, 7, 3200 },
	{ ARENA_BOLO, { 1, 1, 1, 1, 1, 1 }, 6, 8000 },
	{ ARENA_BOLO, { 5, 5, 5, 5 }, 4, 1000 },
	{ ARENA_BOLO, { 1, 1, 1, 5, 5, 5 }, 6, 1500 },
	{ ARENA_BOLO, { 1, 2, 3, 4, 5, 6 }, 6, 1500 },
	{ ARENA_BOLO, { 1, 2, 3, 4, 5, 6, 5 }, 7, 1550 },
	{ ARENA_BOLO, { 1, 2, 3, 4, 5, 6, 1 }, 7, 1600 },
	{ ARENA_BOLO, { 1, 2, 3, 4, 5, 6, 2 }, 7, -1 },
	{ ARENA_BOLO, { 1, 2 }, 2, -1 },
	{ ARENA_BOLO, { 6 }, 1, -1 },
	{ ARENA_BOLO, { 0 }, 0, 0 },
	{ ARENA_BOLO5, { 1 }, 1, 100 },
	{ ARENA_BOLO5, { 5 }, 1, 50 },
	{ ARENA_BOLO5, { 4, 4, 4 }, 3, 400 },
	{ ARENA_BOLO5, { 4, 4, 4, 4 }, 4, 800 },
	{ ARENA_BOLO5, { 1, 1, 1, 1 }, 4, 2000 },
	{ ARENA_BOLO5, { 3, 3, 3, 3, 3 }, 5, 5000 },
	{ ARENA_BOLO5, { 1, 1, 1, 1, 1 }, 5, 10000 },
	{ ARENA_BOLO5, { 2, 2, 2, 3, 3 }, 5, 500 },
	{ ARENA_BOLO5, { 1, 1, 1, 5, 5 }, 5, 1100 },
	{ ARENA_BOLO5, { 1, 1, 1, 2, 2 }, 5, 500 },
	{ ARENA_BOLO5, { 1, 2, 3, 4, 5 }, 5, 1000 },
	{ ARENA_BOLO5, { 2, 3, 4, 5, 6 }, 5, 1000 },
	{ ARENA_BOLO5, { 1, 2, 3, 4, 6 }, 5, -1 },
	{ ARENA_BOLO5, { 6, 6 }, 2, -1 },
	{ ARENA_VOLLE_LOTTE, { 1, 1, 1, 1 }, 4, 1100 },
	{ ARENA_VOLLE_LOTTE, { 2, 2, 2, 2, 2, 2 }, 6, 400 },
	{ ARENA_VOLLE_LOTTE, { 1, 5 }, 2, 150 },
	{ ARENA_VOLLE_LOTTE, { 5, 5, 5 }, 3, 500 },
	{ ARENA_VOLLE_LOTTE, { 1, 1, 1 }, 3, 1000 },
	{ ARENA_VOLLE_LOTTE, { 2, 2, 2, 2 }, 4, -1 },
	{ ARENA_VOLLE_LOTTE, { 1, 2, 3, 4, 5, 6 }, 6, -1 },
	{ ARENA_VOLLE_LOTTE, { 3, 4 }, 2, -1 },
};

START_TEST(dice_value_cases)
{
	const struct dice_case *c = &dice_cases[_i];

	ck_assert_int_eq(arena_dice_value(c->variant, c->faces, c->count),
			 c->points);
}
END_TEST

START_TEST(dice_bad_arguments)
{
	static const int seven[] = { 7 }, nine[9] = { 1, 1, 1, 1, 1, 1, 1, 1,
						      1 };
	enum arena_dice_variant v = ARENA_BOLO;
	struct arena_keep keeps[1];

	ck_assert_int_eq(arena_dice_variant_parse("yahtzee", &v), -1);
	ck_assert_int_eq(arena_dice_variant_parse("bolo5", &v), 0);
	ck_assert_int_eq(v, ARENA_BOLO5);
	ck_assert_int_eq(arena_dice_variant_parse("volle-lotte", &v), 0);
	ck_assert_int_eq(v, ARENA_VOLLE_LOTTE);
	ck_assert_int_eq(arena_dice_value(ARENA_BOLO, seven, 1), -1);
	ck_assert_int_eq(arena_dice_value(ARENA_BOLO, nine, 9), -1);
	ck_assert_int_eq(arena_dice_keeps(ARENA_BOLO, seven, 1, keeps, 1), -1);
}
END_TEST

/* A roll and the keeps listed for it, as in the docs' examples. */
struct keeps_case {
	enum arena_dice_variant variant;
	int roll[ARENA_DICE_MAX];
	int count;
	struct arena_keep keeps[8];
	int keep_count;
};

static const struct keeps_case keeps_cases[] = {
	{ ARENA_BOLO, { 1, 1, 2, 3, 4, 5, 6 }, 7, {
		{ { 1 }, 1, 100 }, { { 5 }, 1, 50 }, { { 1, 1 }, 2, 200 },
		{ { 1, 5 }, 2, 150 }, { { 1, 1, 5 }, 3, 250 },
		{ { 1, 2, 3, 4, 5, 6 }, 6, 1500 },
		{ { 1, 1, 2, 3, 4, 5, 6 }, 7, 1600 } }, 7 },
	{ ARENA_BOLO5, { 1, 1, 1, 2, 2 }, 5, {
		{ { 1 }, 1, 100 }, { { 1, 1 }, 2, 200 },
		{ { 1, 1, 1 }, 3, 1000 }, { { 1, 1, 1, 2, 2 }, 5, 500 } }, 4 },
	{ ARENA_VOLLE_LOTTE, { 1, 1, 2, 3, 4, 5 }, 6, {
		{ { 1 }, 1, 100 }, { { 5 }, 1, 50 }, { { 1, 1 }, 2, 200 },
		{ { 1, 5 }, 2, 150 }, { { 1, 1, 5 }, 3, 250 } }, 5 },
	{ ARENA_BOLO, { 2, 3, 4, 6, 6, 2 }, 6, { { { 0 }, 0, 0 } }, 0 },
	{ ARENA_BOLO, { 2, 2, 2 }, 3, { { { 2, 2, 2 }, 3, 200 } }, 1 },
};

static void assert_keeps_equal(const struct arena_keep *got,
			       const struct arena_keep *want, int n)
{
	for (int i = 0; i < n; i++) {
		ck_assert_int_eq(got[i].count, want[i].count);
		ck_assert_int_eq(got[i].points, want[i].points);
		for (int j = 0; j < want[i].count; j++)
			ck_assert_int_eq(got[i].faces[j], want[i].faces[j]);
	}
}

START_TEST(dice_keeps)
{
	const struct keeps_case *c = &keeps_cases[_i];
	struct arena_keep keeps[ARENA_KEEPS_MAX];

	ck_assert_int_eq(arena_dice_keeps(c->variant, c->roll, c->count, keeps,
					  ARENA_KEEPS_MAX), c->keep_count);
	assert_keeps_equal(keeps, c->keeps, c->keep_count);
	/* A short buffer gets the first ones, and the count of all. */
	ck_assert_int_eq(arena_dice_keeps(c->variant, c->roll, c->count, keeps,
					  1), c->keep_count);
}
END_TEST

/* Views recorded from the referee (random play, 2 players). */
static const struct {
	enum arena_dice_variant variant;
	const char *json;
} dice_views[] = {
	{ ARENA_BOLO, "{\"players\":2,\"you\":0,\"to_move\":0,\"scores\":[6800,9450],\"forfeited\":[],\"turn_total\":0,\"dice_left\":7,\"set_aside\":[],\"roll\":[1,1,3,3,3,5,5],\"keeps\":[{\"keep\":[1],\"points\":100},{\"keep\":[5],\"points\":50},{\"keep\":[1,1],\"points\":200},{\"keep\":[1,5],\"points\":150},{\"keep\":[5,5],\"points\":100},{\"keep\":[1,1,5],\"points\":250},{\"keep\":[1,5,5],\"points\":200},{\"keep\":[3,3,3],\"points\":300},{\"keep\":[1,1,5,5],\"points\":300},{\"keep\":[1,3,3,3],\"points\":400},{\"keep\":[3,3,3,5],\"points\":350},{\"keep\":[1,1,3,3,3],\"points\":500},{\"keep\":[1,3,3,3,5],\"points\":450},{\"keep\":[3,3,3,5,5],\"points\":400},{\"keep\":[1,1,3,3,3,5],\"points\":550},{\"keep\":[1,3,3,3,5,5],\"points\":500},{\"keep\":[1,1,3,3,3,5,5],\"points\":600}],\"target\":10000,\"opened\":[true,true],\"phase\":\"play\",\"leader\":-1,\"final_round\":[],\"contenders\":[],\"sudden_death_turns\":0}" },
	{ ARENA_BOLO5, "{\"players\":2,\"you\":1,\"to_move\":1,\"scores\":[0,0],\"forfeited\":[],\"turn_total\":0,\"dice_left\":5,\"set_aside\":[],\"roll\":[1,1,5,5,5],\"keeps\":[{\"keep\":[1],\"points\":100},{\"keep\":[5],\"points\":50},{\"keep\":[1,1],\"points\":200},{\"keep\":[1,5],\"points\":150},{\"keep\":[5,5],\"points\":100},{\"keep\":[1,1,5],\"points\":250},{\"keep\":[1,5,5],\"points\":200},{\"keep\":[5,5,5],\"points\":500},{\"keep\":[1,1,5,5],\"points\":300},{\"keep\":[1,5,5,5],\"points\":600},{\"keep\":[1,1,5,5,5],\"points\":700}],\"target\":10000,\"on_board\":[false,false],\"thresholds\":[650,650],\"must_roll\":false,\"yahtzee_clause\":false,\"triples\":[],\"rerolled\":false,\"winner\":-1}" },
	{ ARENA_VOLLE_LOTTE, "{\"players\":2,\"you\":1,\"to_move\":1,\"scores\":[4650,5250],\"forfeited\":[],\"turn_total\":0,\"dice_left\":6,\"set_aside\":[],\"roll\":[1,1,4,5,5,6],\"keeps\":[{\"keep\":[1],\"points\":100},{\"keep\":[5],\"points\":50},{\"keep\":[1,1],\"points\":200},{\"keep\":[1,5],\"points\":150},{\"keep\":[5,5],\"points\":100},{\"keep\":[1,1,5],\"points\":250},{\"keep\":[1,5,5],\"points\":200},{\"keep\":[1,1,5,5],\"points\":300}],\"target\":6000,\"card\":\"double\",\"card_points\":0,\"volle_lottes\":0,\"after_volle_lotte\":false,\"cards_left\":14,\"deck\":{\"stop\":0,\"fireworks\":1,\"bonus-200\":1,\"bonus-300\":2,\"bonus-400\":3,\"bonus-500\":0,\"bonus-600\":2,\"double\":0,\"plus-minus\":4,\"straight\":1,\"clover\":0},\"phase\":\"play\",\"extra_turns\":[],\"clover_winner\":-1}" },
};

static cJSON *parse(const char *json)
{
	cJSON *value = cJSON_Parse(json);

	ck_assert_ptr_nonnull(value);
	return value;
}

START_TEST(dice_view_keeps_match_referee)
{
	static struct arena_dice_view view;
	struct arena_keep keeps[ARENA_KEEPS_MAX];
	cJSON *state = parse(dice_views[_i].json);

	ck_assert_int_eq(arena_dice_view_read(state, &view), 0);
	ck_assert_int_eq(view.players, 2);
	ck_assert_int_eq(view.dice_left, view.roll_count);
	ck_assert_int_gt(view.keep_count, 7);
	ck_assert_int_eq(arena_dice_keeps(dice_views[_i].variant, view.roll,
					  view.roll_count, keeps,
					  ARENA_KEEPS_MAX), view.keep_count);
	assert_keeps_equal(keeps, view.keeps, view.keep_count);
	for (int i = 0; i < view.keep_count; i++)
		ck_assert_int_eq(arena_dice_value(dice_views[_i].variant,
						  keeps[i].faces,
						  keeps[i].count),
				 keeps[i].points);
	cJSON_Delete(state);
}
END_TEST

START_TEST(dice_view_fields)
{
	static struct arena_dice_view view;
	cJSON *state = parse(dice_views[0].json);

	ck_assert_int_eq(arena_dice_view_read(state, &view), 0);
	ck_assert_int_eq(view.you, 0);
	ck_assert_int_eq(view.to_move, 0);
	ck_assert_int_eq(view.scores[0], 6800);
	ck_assert_int_eq(view.scores[1], 9450);
	ck_assert_int_eq(view.target, 10000);
	ck_assert_int_eq(view.roll_count, 7);
	ck_assert_int_eq(view.roll[2], 3);
	ck_assert_int_eq(view.forfeited_count, 0);
	ck_assert_int_eq(view.set_aside_count, 0);
	/* A spectator's view has no "you". */
	cJSON_DeleteItemFromObject(state, "you");
	ck_assert_int_eq(arena_dice_view_read(state, &view), 0);
	ck_assert_int_eq(view.you, -1);
	/* A roll of a face 7, and a view without "keeps", are refused. */
	cJSON_ReplaceItemInArray(cJSON_GetObjectItem(state, "roll"), 0,
				 cJSON_CreateNumber(7));
	ck_assert_int_eq(arena_dice_view_read(state, &view), -1);
	cJSON_Delete(state);
	state = parse(dice_views[1].json);
	cJSON_DeleteItemFromObject(state, "keeps");
	ck_assert_int_eq(arena_dice_view_read(state, &view), -1);
	cJSON_Delete(state);
}
END_TEST

#define ROLIT_START "{\"size\":8,\"board\":[\"........\",\"........\"," \
	"\"........\",\"...RY...\",\"...BG...\",\"........\",\"........\"," \
	"\"........\"],\"colours\":[\"red\",\"green\"],\"you\":\"green\"," \
	"\"to_move\":0,\"counts\":{\"red\":1,\"yellow\":1,\"green\":1," \
	"\"blue\":1},\"forfeited\":[]}"

/* The legal squares of colour on r, joined by spaces. */
static void assert_legal(const struct arena_rolit *r, char colour,
			 const char *want)
{
	char squares[64][3], text[256] = "";
	int n = arena_rolit_legal(r, colour, squares, 64);

	ck_assert_int_ge(n, 1);
	for (int i = 0; i < n; i++) {
		if (i)
			strcat(text, " ");
		strcat(text, squares[i]);
	}
	ck_assert_str_eq(text, want);
}

static void rolit_set_rows(struct arena_rolit *r, const char *const *rows,
			   int size)
{
	memset(r, 0, sizeof *r);
	r->size = size;
	for (int i = 0; i < size; i++)
		strcpy(r->board[i], rows[i]);
}

START_TEST(rolit_start_position)
{
	cJSON *state = parse(ROLIT_START);
	struct arena_rolit r;
	char one[1][3];

	ck_assert_int_eq(arena_rolit_read(state, &r), 0);
	ck_assert_int_eq(r.size, 8);
	ck_assert_int_eq(r.players, 2);
	ck_assert_int_eq(r.colours[1], 'G');
	ck_assert_int_eq(r.you, 'G');
	ck_assert_str_eq(r.board[3], "...RY...");
	assert_legal(&r, 'R', "F4 D6 F6");
	assert_legal(&r, arena_rolit_letter("yellow"), "C4 C6 E6");
	assert_legal(&r, 'G', "C3 E3 C5");
	assert_legal(&r, 'B', "D3 F3 F5");
	ck_assert_int_eq(arena_rolit_legal(&r, 'R', one, 1), 3);
	ck_assert_str_eq(one[0], "F4");
	ck_assert_int_eq(arena_rolit_legal(&r, 'x', one, 1), -1);
	cJSON_Delete(state);
}
END_TEST

START_TEST(rolit_no_capture_anywhere)
{
	static const char *const rows[] = { "....", ".R..", "....", "...." };
	struct arena_rolit r;

	rolit_set_rows(&r, rows, 4);
	assert_legal(&r, 'G', "A1 B1 C1 A2 C2 A3 B3 C3");
}
END_TEST

START_TEST(rolit_apply)
{
	static const char *const mixed[] = { "R.R.", "YG..", "BY..", "...." };
	static const char *const column[] = { "R...", "GY..", "G.Y.", "...." };
	cJSON *state = parse(ROLIT_START);
	struct arena_rolit r, copy;

	ck_assert_int_eq(arena_rolit_read(state, &r), 0);
	copy = r;
	/* The rules' refusals: no capture while one exists, no contact. */
	ck_assert_int_eq(arena_rolit_apply(&r, "C3", 'R'), -1);
	ck_assert_int_eq(arena_rolit_apply(&r, "A1", 'R'), -1);
	ck_assert_str_eq(r.board[2], "........");
	ck_assert_int_eq(arena_rolit_apply(&r, "F4", 'R'), 1);
	ck_assert_str_eq(r.board[3], "...RRR..");
	ck_assert_int_eq(arena_rolit_count(&r, 'R'), 3);
	ck_assert_int_eq(arena_rolit_count(&r, 'Y'), 0);
	ck_assert_int_eq(arena_rolit_count(&r, 'G'), 1);
	ck_assert_int_eq(arena_rolit_count(&r, 'B'), 1);
	/* After the capture: green's and yellow's moves. */
	assert_legal(&r, 'G', "C3 E3 G3 C5");
	assert_legal(&r, 'Y', "C3 D3 E3 F3 G3 C4 G4 C5 F5 G5 C6 D6 E6 F6");
	/* Refused: occupied, off the board, not a name, not a colour. */
	ck_assert_int_eq(arena_rolit_apply(&r, "D4", 'G'), -1);
	ck_assert_int_eq(arena_rolit_apply(&r, "I1", 'G'), -1);
	ck_assert_int_eq(arena_rolit_apply(&r, "d3", 'G'), -1);
	ck_assert_int_eq(arena_rolit_apply(&r, "D03", 'G'), -1);
	ck_assert_int_eq(arena_rolit_apply(&r, "D3", 'g'), -1);
	ck_assert_str_eq(copy.board[3], "...RY...");
	rolit_set_rows(&r, mixed, 4);
	ck_assert_int_eq(arena_rolit_apply(&r, "A4", 'R'), 2);
	ck_assert_str_eq(r.board[1], "RG..");
	ck_assert_str_eq(r.board[2], "RY..");
	rolit_set_rows(&r, column, 4);
	ck_assert_int_eq(arena_rolit_apply(&r, "A4", 'R'), 2);
	ck_assert_str_eq(r.board[0], "R...");
	ck_assert_str_eq(r.board[1], "RY..");
	ck_assert_str_eq(r.board[2], "R.Y.");
	ck_assert_str_eq(r.board[3], "R...");
	cJSON_Delete(state);
}
END_TEST

/* A position from a real game, and the "legal" the referee sent. */
START_TEST(rolit_legal_matches_referee)
{
	cJSON *state = parse("{\"size\":8,\"board\":[\"G.GGG...\","
			     "\".G.GGR..\",\"..GRGRR.\",\".GRRG.RR\","
			     "\".R.GG...\",\"..GGG...\",\".GR..G..\","
			     "\"..R.....\"],\"colours\":[\"red\",\"green\"],"
			     "\"you\":\"red\",\"to_move\":0,\"counts\":{"
			     "\"red\":11,\"yellow\":0,\"green\":18,\"blue\":0},"
			     "\"forfeited\":[]}");
	struct arena_rolit r;

	ck_assert_int_eq(arena_rolit_read(state, &r), 0);
	ck_assert_int_eq(r.you, 'R');
	assert_legal(&r, r.you, "F1 C2 B3 A4 F4 C5 F5 A6 F6 A7 D7 A8 G8");
	ck_assert_int_eq(arena_rolit_count(&r, 'R'), 11);
	ck_assert_int_eq(arena_rolit_count(&r, 'G'), 18);
	cJSON_Delete(state);
}
END_TEST

START_TEST(rolit_read_refuses)
{
	static const char *const bad[] = {
		"{\"size\":8,\"board\":[],\"colours\":[\"red\"],\"to_move\":0}",
		"{\"size\":2,\"board\":[\"..\",\".x\"],\"colours\":[\"red\"],"
		"\"to_move\":0}",
		"{\"size\":2,\"board\":[\"..\",\"..\"],\"colours\":[\"pink\"],"
		"\"to_move\":0}",
		"{\"size\":2,\"board\":[\"..\",\"..\"],\"colours\":[\"red\"],"
		"\"to_move\":0,\"you\":\"pink\"}",
		"[]",
	};
	struct arena_rolit r;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cJSON *state = parse(bad[i]);

		ck_assert_int_eq(arena_rolit_read(state, &r), -1);
		cJSON_Delete(state);
	}
}
END_TEST

START_TEST(black_pot_evaluate)
{
	static const int roll[] = { 6, 4, 2 };
	int values[3];
	char err[200];

	ck_assert_int_eq(arena_black_pot_evaluate("6 x 4 / 2", roll, values, 3,
						  err, sizeof err), 1);
	ck_assert_int_eq(values[0], 12);
	ck_assert_int_eq(arena_black_pot_evaluate("6/(4-2)", roll, values, 3,
						  err, sizeof err), 1);
	ck_assert_int_eq(values[0], 3);
	ck_assert_int_eq(arena_black_pot_evaluate("6-(4+2)", roll, values, 3,
						  err, sizeof err), 1);
	ck_assert_int_eq(values[0], 0);
	ck_assert_int_eq(arena_black_pot_evaluate("2,4,6", roll, values, 3,
						  err, sizeof err), 3);
	ck_assert_int_eq(values[0], 2);
	ck_assert_int_eq(values[1], 4);
	ck_assert_int_eq(values[2], 6);
	ck_assert_int_eq(arena_black_pot_evaluate("6+4,2", roll, values, 1,
						  err, sizeof err), 2);
	ck_assert_int_eq(values[0], 10);
}
END_TEST

static const struct {
	const char *expr;
	int roll[3];
	const char *message;
} black_pot_errors[] = {
	{ "6/4*2", { 6, 4, 2 }, "6/4 in \"6/4*2\" is not an exact division" },
	{ "6+6-2", { 6, 4, 2 },
	  "\"6+6-2\" uses 6 more times than the roll 6 4 2 has it" },
	{ "6+4", { 6, 4, 2 }, "\"6+4\" does not use the 2 of the roll 6 4 2: "
	  "every die is used once" },
	{ "-6+4+2", { 6, 4, 2 },
	  "unexpected '-' in \"-6+4+2\": expected a die or '('" },
	{ "(6+4-2", { 6, 4, 2 }, "missing ')' in \"(6+4-2\"" },
	{ "64+2", { 6, 4, 2 },
	  "\"64+2\" has a number of several digits: each number is one die" },
	{ "6+4,", { 6, 4, 2 },
	  "\"6+4,\" ends where a die or '(' is expected" },
	{ "6+4)2", { 6, 4, 2 },
	  "unexpected ')' in \"6+4)2\": expected an operator, ')' or ','" },
	{ "4/(2-2)", { 4, 2, 2 }, "4/0 in \"4/(2-2)\" divides by zero" },
	{ "6,4,2,", { 6, 4, 2 }, "\"6,4,2,\" has more than 3 groups" },
	{ "6+4+2                                                            ",
	  { 6, 4, 2 }, "the expression is longer than 64 characters" },
	{ "6+4+2", { 6, 4, 7 }, "a Black-Pot roll is three die faces 1-6" },
};

START_TEST(black_pot_evaluate_errors)
{
	int values[3];
	char err[200], tiny[8];

	ck_assert_int_eq(arena_black_pot_evaluate(black_pot_errors[_i].expr,
						  black_pot_errors[_i].roll,
						  values, 3, err, sizeof err),
			 -1);
	ck_assert_str_eq(err, black_pot_errors[_i].message);
	/* The message is cut to the buffer, or left out. */
	ck_assert_int_eq(arena_black_pot_evaluate(black_pot_errors[_i].expr,
						  black_pot_errors[_i].roll,
						  values, 3, tiny, sizeof tiny),
			 -1);
	ck_assert_uint_eq(strlen(tiny), sizeof tiny - 1);
	ck_assert_int_eq(arena_black_pot_evaluate(black_pot_errors[_i].expr,
						  black_pot_errors[_i].roll,
						  values, 3, NULL, 0), -1);
}
END_TEST

/* The view of tests/e2e/sdk_games_test.py: free cells numbered 1..25 once,
 * in board order from A1, every other cell cut. */
static cJSON *synthetic_view(int pawns)
{
	cJSON *state = cJSON_CreateObject(), *numbers, *board;
	const int roll[] = { 6, 4, 2 }, two[] = { pawns, pawns };
	const int zero[] = { 0, 0 };

	numbers = cJSON_AddArrayToObject(state, "numbers");
	board = cJSON_AddArrayToObject(state, "board");
	for (int r = 0; r < 11; r++) {
		int row[11];
		char text[12];

		for (int c = 0; c < 11; c++) {
			row[c] = r * 11 + c < 25 ? r * 11 + c + 1 : 0;
			text[c] = row[c] ? '.' : ' ';
		}
		text[11] = '\0';
		cJSON_AddItemToArray(numbers, cJSON_CreateIntArray(row, 11));
		cJSON_AddItemToArray(board, cJSON_CreateString(text));
	}
	cJSON_AddNumberToObject(state, "you", 0);
	cJSON_AddNumberToObject(state, "to_move", 0);
	cJSON_AddItemToObject(state, "roll", cJSON_CreateIntArray(roll, 3));
	cJSON_AddNumberToObject(state, "rolls", 1);
	cJSON_AddNumberToObject(state, "max_rolls", 200);
	cJSON_AddItemToObject(state, "pawns", cJSON_CreateIntArray(two, 2));
	cJSON_AddItemToObject(state, "points", cJSON_CreateIntArray(zero, 2));
	return state;
}

START_TEST(black_pot_one_pawn_left)
{
	static const int want[] = { 1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 16, 20,
				    22 };
	static struct arena_black_pot_move moves[ARENA_BLACK_POT_MOVES_MAX];
	cJSON *state = synthetic_view(1);
	struct arena_black_pot b;
	int n, values[3];

	ck_assert_int_eq(arena_black_pot_read(state, &b), 0);
	ck_assert_int_eq(b.numbers[0][2], 3);
	ck_assert_int_eq(b.numbers[2][2], 25);
	ck_assert_int_eq(b.numbers[2][3], 0);
	ck_assert_int_eq(b.pawns[0], 1);
	n = arena_black_pot_legal(&b, -1, moves, ARENA_BLACK_POT_MOVES_MAX);
	ck_assert_int_eq(n, 14);
	ck_assert_int_eq(moves[0].count, 0);
	for (int i = 1; i < n; i++) {
		int number;

		ck_assert_int_eq(moves[i].count, 1);
		number = (atoi(moves[i].cells[0] + 1) - 1) * 11 +
			 moves[i].cells[0][0] - 'A' + 1;
		ck_assert_int_eq(number, want[i - 1]);
		ck_assert_int_ge(arena_black_pot_evaluate(moves[i].expr, b.roll,
							  values, 3, NULL, 0),
				 1);
	}
	/* Too little room. */
	ck_assert_int_eq(arena_black_pot_legal(&b, -1, moves, 13), -1);
	cJSON_Delete(state);
}
END_TEST

START_TEST(black_pot_distinct_sorted_stock)
{
	static struct arena_black_pot_move moves[ARENA_BLACK_POT_MOVES_MAX];
	cJSON *state = synthetic_view(3);
	struct arena_black_pot b;
	struct arena_black_pot_move put = { .cells = { "H1" }, .count = 1 };
	int n, found = 0;

	ck_assert_int_eq(arena_black_pot_read(state, &b), 0);
	n = arena_black_pot_legal(&b, -1, moves, ARENA_BLACK_POT_MOVES_MAX);
	ck_assert_int_gt(n, 14);
	for (int i = 0; i < n; i++) {
		found |= strcmp(moves[i].expr, "6,4,2") == 0 &&
			 moves[i].count == 3 &&
			 strcmp(moves[i].cells[0], "F1") == 0 &&
			 strcmp(moves[i].cells[1], "D1") == 0 &&
			 strcmp(moves[i].cells[2], "B1") == 0;
		if (i)
			ck_assert_int_ge(moves[i].count, moves[i - 1].count);
	}
	ck_assert(found);
	n = arena_black_pot_legal(&b, 2, moves, ARENA_BLACK_POT_MOVES_MAX);
	for (int i = 0; i < n; i++)
		ck_assert_int_le(moves[i].count, 2);
	/* A pawn on H1 (8) takes it out of every move. */
	ck_assert_int_eq(arena_black_pot_apply(&b, &put, 1), 0);
	ck_assert_int_eq(b.board[0][7], 'O');
	ck_assert_int_eq(arena_black_pot_apply(&b, &put, 0), -1);
	n = arena_black_pot_legal(&b, -1, moves, ARENA_BLACK_POT_MOVES_MAX);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < moves[i].count; j++)
			ck_assert_str_ne(moves[i].cells[j], "H1");
	/* A cut cell and a bad name are refused. */
	strcpy(put.cells[0], "K11");
	ck_assert_int_eq(arena_black_pot_apply(&b, &put, 0), -1);
	strcpy(put.cells[0], "L1");
	ck_assert_int_eq(arena_black_pot_apply(&b, &put, 0), -1);
	cJSON_Delete(state);
}
END_TEST

/* Move ids (docs/games/black-pot.md, "Move ids"): exact ids of cells,
 * the refusals, and along a seeded game the ids arena_black_pot_legal()
 * gives each move of a view are those of the rules' moves(), in order. */
START_TEST(black_pot_move_ids)
{
	static struct arena_black_pot_move moves[ARENA_BLACK_POT_MOVES_MAX];
	static const char pair[2][4] = { "I2", "C1" }, cut[1][4] = { "A1" };
	static const char twice[2][4] = { "F6", "F6" }, bad[1][4] = { "L1" };
	unsigned char key[32] = { 7 };
	cJSON *options = cJSON_Parse("{\"layout\": \"random\"}");
	struct game_setup setup = { .players = 2, .options = options };
	int ids[GAME_MAX_MOVES], step = 0;
	char cells[3][4], err[GAME_ERR_LEN];
	struct draws draws;
	void *game;

	ck_assert_int_eq(arena_black_pot_id_of(pair, 2), 201);
	ck_assert_int_eq(arena_black_pot_id_of(pair, 0), 0);
	ck_assert_int_eq(arena_black_pot_id_of(cut, 1), -1);
	ck_assert_int_eq(arena_black_pot_id_of(twice, 2), -1);
	ck_assert_int_eq(arena_black_pot_id_of(bad, 1), -1);
	ck_assert_int_eq(arena_black_pot_id_of(pair, 4), -1);
	ck_assert_int_eq(arena_black_pot_id_cells(12632, cells), 3);
	ck_assert_str_eq(cells[0], "C1");
	ck_assert_str_eq(cells[1], "I2");
	ck_assert_str_eq(cells[2], "I4");
	ck_assert_int_eq(arena_black_pot_id_cells(ARENA_BLACK_POT_MOVE_IDS - 1,
						  cells), 3);
	ck_assert_str_eq(cells[2], "I11");
	ck_assert_int_eq(arena_black_pot_id_cells(-1, cells), -1);
	ck_assert_int_eq(arena_black_pot_id_cells(ARENA_BLACK_POT_MOVE_IDS,
						  cells), -1);
	arena_draws_init(&draws, key, NULL, NULL);
	game = arena_black_pot_rules.create(&setup, &draws, err);
	ck_assert_ptr_nonnull(game);
	for (; step < 60 && arena_black_pot_rules.to_move(game) >= 0; step++) {
		cJSON *view = arena_black_pot_rules.view(game,
				arena_black_pot_rules.to_move(game));
		struct arena_black_pot b;
		int n = arena_black_pot_rules.moves(game, ids);

		ck_assert_int_eq(arena_black_pot_read(view, &b), 0);
		ck_assert_int_eq(arena_black_pot_legal(&b, -1, moves,
						       ARENA_BLACK_POT_MOVES_MAX), n);
		for (int i = 0; i < n; i++) {
			ck_assert_int_eq(moves[i].id, ids[i]);
			ck_assert_int_eq(arena_black_pot_id_of(moves[i].cells,
							       moves[i].count), ids[i]);
		}
		arena_black_pot_rules.apply_move(game, ids[n - 1 - step % n], &draws);
		cJSON_Delete(view);
	}
	ck_assert_int_eq(step, 60);
	arena_black_pot_rules.destroy(game);
	cJSON_Delete(options);
}
END_TEST

/* Rule 2.3 of bolo5: bank only with dice left behind that score nothing;
 * the cases of tests/e2e/sdk_games_test.py. */
static const struct {
	int roll[5], n, keep[5], k, may;
} may_bank_cases[] = {
	{ { 1, 1, 1, 2, 2 }, 5, { 1, 1, 1 }, 3, 1 },
	{ { 4, 4, 4, 2, 3 }, 5, { 4, 4, 4 }, 3, 1 },
	{ { 1, 1, 1, 2, 2 }, 5, { 1, 1, 1, 2, 2 }, 5, 0 },
	{ { 5, 5, 5, 5, 5 }, 5, { 5, 5, 5, 5 }, 4, 0 },
	{ { 1, 5 }, 2, { 5 }, 1, 0 },
	{ { 2, 2, 2, 1, 3 }, 5, { 1 }, 1, 0 },
	{ { 1, 5 }, 2, { 1, 1 }, 2, -1 },       /* not part of the roll */
	{ { 1, 7 }, 2, { 1 }, 1, -1 },          /* not a face */
	{ { 1, 5 }, 2, { 0 }, 1, -1 },
};

START_TEST(bolo5_may_bank)
{
	ck_assert_int_eq(arena_bolo5_may_bank(may_bank_cases[_i].roll,
					      may_bank_cases[_i].n,
					      may_bank_cases[_i].keep,
					      may_bank_cases[_i].k),
			 may_bank_cases[_i].may);
}
END_TEST

/* Board order, whatever the directions; nothing checked for legality. */
START_TEST(rolit_captures)
{
	static const char *const mixed[] = { "R.R.", "YG..", "BY..", "...." };
	cJSON *state = parse(ROLIT_START);
	struct arena_rolit r;
	char out[8][3];

	ck_assert_int_eq(arena_rolit_read(state, &r), 0);
	ck_assert_int_eq(arena_rolit_captures(&r, "F4", 'R', out, 8), 1);
	ck_assert_str_eq(out[0], "E4");
	ck_assert_int_eq(arena_rolit_captures(&r, "A1", 'R', out, 8), 0);
	/* Yellow is no seat of this 2-player view, but a colour. */
	ck_assert_int_eq(arena_rolit_captures(&r, "C4", 'Y', out, 8), 1);
	ck_assert_str_eq(out[0], "D4");
	ck_assert_int_eq(arena_rolit_captures(&r, "F4", 'x', out, 8), -1);
	ck_assert_int_eq(arena_rolit_captures(&r, "I1", 'R', out, 8), -1);
	ck_assert_int_eq(arena_rolit_captures(&r, "d3", 'R', out, 8), -1);
	ck_assert_str_eq(r.board[3], "...RY...");
	rolit_set_rows(&r, mixed, 4);
	ck_assert_int_eq(arena_rolit_captures(&r, "A4", 'R', out, 1), 2);
	ck_assert_str_eq(out[0], "A2");
	ck_assert_int_eq(arena_rolit_captures(&r, "A4", 'R', out, 8), 2);
	ck_assert_str_eq(out[1], "A3");
	ck_assert_int_eq(arena_rolit_captures(&r, "E1", 'R', out, 8), -1);
	cJSON_Delete(state);
}
END_TEST

START_TEST(black_pot_cell_kinds)
{
	static const long numbers[] = { 1, 6, 7, 13, 15, 25, 26, 0, -5 };
	static const char *const kinds[] = { "citron", "citron", "cerise",
					     "black-pot", "cerise", "cerise",
					     NULL, NULL, NULL };

	for (int i = 0; i < 9; i++)
		if (kinds[i])
			ck_assert_str_eq(arena_black_pot_cell_kind(numbers[i]),
					 kinds[i]);
		else
			ck_assert_ptr_null(arena_black_pot_cell_kind(numbers[i]));
}
END_TEST

/* The values of a group of dice, in the referee's order and wording
 * (those that tests/e2e/sdk_games_test.py checks too). */
START_TEST(black_pot_values)
{
	static const int dice[] = { 2, 6, 4 }, bad[] = { 7, 1 };
	struct arena_black_pot_value out[ARENA_BLACK_POT_VALUES_MAX];
	int n = arena_black_pot_dice_values(dice, 3, out,
				       ARENA_BLACK_POT_VALUES_MAX);

	ck_assert_int_eq(n, 25);
	ck_assert_int_eq(out[0].value, 12);
	ck_assert_str_eq(out[0].expr, "6+4+2");
	ck_assert_int_eq(out[1].value, 8);
	ck_assert_str_eq(out[1].expr, "6+4-2");
	ck_assert_int_eq(out[2].value, -8);
	ck_assert_str_eq(out[2].expr, "2-(6+4)");
	ck_assert_int_eq(arena_black_pot_dice_values(dice + 1, 2, out, 1), 4);
	ck_assert_str_eq(out[0].expr, "6+4");
	ck_assert_int_eq(arena_black_pot_dice_values(dice, 1, out, 1), 1);
	ck_assert_str_eq(out[0].expr, "2");
	ck_assert_int_eq(arena_black_pot_dice_values(dice, 0, out, 1), -1);
	ck_assert_int_eq(arena_black_pot_dice_values(dice, 4, out, 1), -1);
	ck_assert_int_eq(arena_black_pot_dice_values(bad, 2, out, 1), -1);
}
END_TEST

START_TEST(black_pot_expressions)
{
	static const int roll[] = { 4, 2, 6 }, bad[] = { 6, 4, 0 };
	struct arena_black_pot_expression out[ARENA_BLACK_POT_EXPRESSIONS_MAX];
	int n = arena_black_pot_roll_expressions(roll, out,
					    ARENA_BLACK_POT_EXPRESSIONS_MAX);
	int values[3];

	ck_assert_int_eq(n, 39);
	ck_assert_str_eq(out[0].expr, "6,4,2");
	ck_assert_int_eq(out[0].groups, 3);
	ck_assert_int_eq(out[0].values[2], 2);
	ck_assert_str_eq(out[1].expr, "6+4,2");
	ck_assert_int_eq(out[1].groups, 2);
	ck_assert_int_eq(out[1].values[0], 10);
	ck_assert_int_eq(out[1].values[1], 2);
	ck_assert_str_eq(out[n - 1].expr, "6-4*2");
	ck_assert_int_eq(out[n - 1].groups, 1);
	ck_assert_int_eq(out[n - 1].values[0], -2);
	/* Each reads back to its values through the referee's parser. */
	for (int i = 0; i < n; i++) {
		ck_assert_int_eq(arena_black_pot_evaluate(out[i].expr, roll,
							  values, 3, NULL, 0),
				 out[i].groups);
		for (int g = 0; g < out[i].groups; g++)
			ck_assert_int_eq(values[g], out[i].values[g]);
	}
	ck_assert_int_eq(arena_black_pot_roll_expressions(roll, out, 1), 39);
	ck_assert_int_eq(arena_black_pot_roll_expressions(bad, out, 1), -1);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("sdk_games");
	TCase *tc = tcase_create("sdk_games");

	tcase_add_loop_test(tc, dice_value_cases, 0,
			    (int)(sizeof dice_cases / sizeof dice_cases[0]));
	tcase_add_test(tc, dice_bad_arguments);
	tcase_add_loop_test(tc, dice_keeps, 0,
			    (int)(sizeof keeps_cases / sizeof keeps_cases[0]));
	tcase_add_loop_test(tc, dice_view_keeps_match_referee, 0,
			    (int)(sizeof dice_views / sizeof dice_views[0]));
	tcase_add_test(tc, dice_view_fields);
	tcase_add_loop_test(tc, bolo5_may_bank, 0,
			    (int)(sizeof may_bank_cases /
				  sizeof may_bank_cases[0]));
	tcase_add_test(tc, rolit_captures);
	tcase_add_test(tc, black_pot_cell_kinds);
	tcase_add_test(tc, black_pot_values);
	tcase_add_test(tc, black_pot_expressions);
	tcase_add_test(tc, rolit_start_position);
	tcase_add_test(tc, rolit_no_capture_anywhere);
	tcase_add_test(tc, rolit_apply);
	tcase_add_test(tc, rolit_legal_matches_referee);
	tcase_add_test(tc, rolit_read_refuses);
	tcase_add_test(tc, black_pot_evaluate);
	tcase_add_test(tc, black_pot_one_pawn_left);
	tcase_add_test(tc, black_pot_distinct_sorted_stock);
	tcase_add_test(tc, black_pot_move_ids);
	tcase_add_loop_test(tc, black_pot_evaluate_errors, 0,
			    (int)(sizeof black_pot_errors /
				  sizeof black_pot_errors[0]));
	suite_add_tcase(s, tc);
	return s;
}
