/*
 * The game helpers of the C bot SDK (arena_games.h) on the rules library
 * (libarena-games: games/): the views are read with cJSON and
 * checked field by field, and every rule (the points of dice, the keeps
 * of a roll, Rolit's legal squares and captures, Black-Pot's expressions
 * and moves) is the referee's own function, so a bot and the referee can
 * never disagree.
 */
#include "arena_games.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/black_pot.h"
#include "games/dice.h"
#include "games/registry.h"
#include "games/rolit.h"
#include "games/rolit_board.h"
#include "games/support.h"

/* ---- Reading views ---- */

/* An integral JSON number in [min, max]. */
static int json_long(const cJSON *item, long min, long max, long *out)
{
	double v;

	if (!cJSON_IsNumber(item))
		return -1;
	v = item->valuedouble;
	if (!(v >= (double)min && v <= (double)max) || v != (double)(long)v)
		return -1;
	*out = (long)v;
	return 0;
}

static int field_long(const cJSON *obj, const char *key, long min, long max,
		      long *out)
{
	return json_long(cJSON_GetObjectItemCaseSensitive(obj, key), min, max,
			 out);
}

static int field_int(const cJSON *obj, const char *key, int min, int max,
		     int *out)
{
	long v;

	if (field_long(obj, key, min, max, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* An array of at most `room` integers in [min, max]: how many, or -1. */
static int json_longs(const cJSON *array, long min, long max, long *out,
		      int room)
{
	const cJSON *item;
	int n = 0;

	if (!cJSON_IsArray(array) || cJSON_GetArraySize(array) > room)
		return -1;
	cJSON_ArrayForEach(item, array)
		if (json_long(item, min, max, &out[n++]) < 0)
			return -1;
	return n;
}

static int field_ints(const cJSON *obj, const char *key, int min, int max,
		      int *out, int room)
{
	long v[ARENA_DICE_SEATS + ARENA_DICE_MAX];
	int n = json_longs(cJSON_GetObjectItemCaseSensitive(obj, key), min,
			   max, v, room);

	for (int i = 0; i < n; i++)
		out[i] = (int)v[i];
	return n;
}

/* ---- The dice games ---- */

static const enum dice_rules dice_rules_of[] = {
	[ARENA_BOLO] = DICE_BOLO,
	[ARENA_BOLO5] = DICE_BOLO5,
	[ARENA_VOLLE_LOTTE] = DICE_VOLLE_LOTTE,
};

/* count[f] = how many of faces show f; -1 for a bad set of dice or a bad
 * variant. */
static int dice_counts(enum arena_dice_variant v, const int *faces, int n,
		       int count[DICE_FACES + 1])
{
	memset(count, 0, (DICE_FACES + 1) * sizeof *count);
	if ((unsigned)v > ARENA_VOLLE_LOTTE || n < 0 || n > ARENA_DICE_MAX ||
	    (n && !faces))
		return -1;
	for (int i = 0; i < n; i++) {
		if (faces[i] < 1 || faces[i] > DICE_FACES)
			return -1;
		count[faces[i]]++;
	}
	return 0;
}

int arena_dice_variant_parse(const char *game, enum arena_dice_variant *v)
{
	static const char *const names[] = { "bolo", "bolo5", "volle-lotte" };

	for (int i = 0; i < 3; i++)
		if (game && strcmp(game, names[i]) == 0) {
			*v = (enum arena_dice_variant)i;
			return 0;
		}
	return -1;
}

long arena_dice_value(enum arena_dice_variant v, const int *faces,
		      int count)
{
	int c[DICE_FACES + 1];

	if (dice_counts(v, faces, count, c) < 0)
		return -1;
	return count ? arena_dice_game_value(dice_rules_of[v], c) : 0;
}

int arena_dice_keeps(enum arena_dice_variant v, const int *roll, int count,
		     struct arena_keep *out, int max)
{
	struct dice_set sets[DICE_MAX_SETS];
	int c[DICE_FACES + 1], n;

	/* A roll is at most DICE_MAX dice: more could overflow sets. */
	if (count > DICE_MAX || dice_counts(v, roll, count, c) < 0)
		return -1;
	n = arena_dice_game_sets(dice_rules_of[v], c, sets);
	for (int i = 0; i < n && i < max; i++) {
		out[i] = (struct arena_keep){ .points = sets[i].points };
		for (int f = 1; f <= DICE_FACES; f++)
			for (int k = 0; k < sets[i].count[f]; k++)
				out[i].faces[out[i].count++] = f;
	}
	return n;
}

int arena_bolo5_may_bank(const int *roll, int roll_count, const int *keep,
			 int keep_count)
{
	int behind[DICE_FACES + 1], taken[DICE_FACES + 1];

	if (dice_counts(ARENA_BOLO5, roll, roll_count, behind) < 0 ||
	    dice_counts(ARENA_BOLO5, keep, keep_count, taken) < 0)
		return -1;
	for (int f = 1; f <= DICE_FACES; f++)
		if ((behind[f] -= taken[f]) < 0)
			return -1;
	return !arena_dice_game_must_roll(behind);
}

/* One element of "keeps": {"keep": [faces], "points": n}. */
static int keep_read(const cJSON *item, struct arena_keep *k)
{
	k->count = field_ints(item, "keep", 1, 6, k->faces, ARENA_DICE_MAX);
	if (k->count < 0)
		return -1;
	return field_long(item, "points", 0, 1000000000L, &k->points);
}

int arena_dice_view_read(const cJSON *state, struct arena_dice_view *out)
{
	const cJSON *keeps, *item;

	memset(out, 0, sizeof *out);
	out->you = -1;
	if (!cJSON_IsObject(state) ||
	    field_int(state, "players", 1, ARENA_DICE_SEATS, &out->players) ||
	    field_int(state, "to_move", -1, ARENA_DICE_SEATS - 1,
		      &out->to_move) ||
	    json_longs(cJSON_GetObjectItemCaseSensitive(state, "scores"), 0,
		       1000000000L, out->scores, ARENA_DICE_SEATS) !=
		    out->players ||
	    field_long(state, "turn_total", 0, 1000000000L,
		       &out->turn_total) ||
	    field_int(state, "dice_left", 0, ARENA_DICE_MAX, &out->dice_left))
		return -1;
	if (cJSON_HasObjectItem(state, "you") &&
	    field_int(state, "you", 0, out->players - 1, &out->you))
		return -1;
	if (cJSON_HasObjectItem(state, "target") &&
	    field_long(state, "target", 0, 1000000000L, &out->target))
		return -1;
	out->forfeited_count = field_ints(state, "forfeited", 0,
					  out->players - 1, out->forfeited,
					  ARENA_DICE_SEATS);
	out->set_aside_count = field_ints(state, "set_aside", 1, 6,
					  out->set_aside, ARENA_DICE_MAX);
	out->roll_count = field_ints(state, "roll", 1, 6, out->roll,
				     ARENA_DICE_MAX);
	keeps = cJSON_GetObjectItemCaseSensitive(state, "keeps");
	if (out->forfeited_count < 0 || out->set_aside_count < 0 ||
	    out->roll_count < 0 || !cJSON_IsArray(keeps) ||
	    cJSON_GetArraySize(keeps) > ARENA_KEEPS_MAX)
		return -1;
	cJSON_ArrayForEach(item, keeps)
		if (keep_read(item, &out->keeps[out->keep_count++]) < 0)
			return -1;
	return 0;
}

/* ---- Rolit ---- */

static const char *const colour_names[4] = { "red", "yellow", "green",
					     "blue" };

char arena_rolit_letter(const char *colour)
{
	for (int i = 0; colour && i < 4; i++)
		if (strcmp(colour, colour_names[i]) == 0 ||
		    (colour[0] == "RYGB"[i] && !colour[1]))
			return "RYGB"[i];
	return 0;
}

int arena_rolit_read(const cJSON *state, struct arena_rolit *r)
{
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(state, "board");
	const cJSON *colours = cJSON_GetObjectItemCaseSensitive(state,
								"colours");
	const cJSON *item;
	int row = 0;

	memset(r, 0, sizeof *r);
	if (!cJSON_IsObject(state) ||
	    field_int(state, "size", 1, ARENA_ROLIT_MAX, &r->size) ||
	    field_int(state, "to_move", -1, 3, &r->to_move) ||
	    !cJSON_IsArray(board) || cJSON_GetArraySize(board) != r->size ||
	    !cJSON_IsArray(colours) || cJSON_GetArraySize(colours) < 1 ||
	    cJSON_GetArraySize(colours) > 4)
		return -1;
	cJSON_ArrayForEach(item, board) {
		const char *text = cJSON_GetStringValue(item);

		if (!text || strlen(text) != (size_t)r->size ||
		    strspn(text, "RYGB.") != (size_t)r->size)
			return -1;
		memcpy(r->board[row++], text, (size_t)r->size + 1);
	}
	cJSON_ArrayForEach(item, colours)
		if (!(r->colours[r->players++] =
			      arena_rolit_letter(cJSON_GetStringValue(item))))
			return -1;
	item = cJSON_GetObjectItemCaseSensitive(state, "you");
	if (item && !(r->you = arena_rolit_letter(cJSON_GetStringValue(item))))
		return -1;
	return 0;
}

/*
 * The referee's Rolit state for r with colour to move: with 4 players
 * every colour is a seat (red, yellow, green, blue are seats 0 to 3); the
 * 4x4 board is played by 2 (red and green).  NULL for a colour that
 * cannot move on r, or a board the rules refuse.
 */
static void *rolit_state(const struct arena_rolit *r, char colour)
{
	const char *rows[ARENA_ROLIT_MAX];
	const char *seats = r->size == 4 ? "RG" : "RYGB";
	const char *seat = colour ? strchr(seats, colour) : NULL;
	char err[GAME_ERR_LEN];

	if (!seat || r->size < 1 || r->size > ARENA_ROLIT_MAX)
		return NULL;
	for (int i = 0; i < r->size; i++)
		rows[i] = r->board[i];
	return arena_rolit_from_rows(r->size, (int)strlen(seats), (int)(seat - seats),
			       rows, err);
}

int arena_rolit_legal(const struct arena_rolit *r, char colour,
		      char (*out)[3], int max)
{
	void *state = rolit_state(r, colour);
	cJSON *legal, *square;
	int n = 0;

	if (!state)
		return -1;
	legal = arena_rolit_rules.legal(state);
	cJSON_ArrayForEach(square, legal)
		if (n++ < max)
			snprintf(out[n - 1], 3, "%s",
				 cJSON_GetStringValue(square));
	cJSON_Delete(legal);
	arena_rolit_rules.destroy(state);
	return n;
}

int arena_rolit_captures(const struct arena_rolit *r, const char *square,
			 char colour, char (*out)[3], int max)
{
	/* Any colour captures: the state is read with its first seat to
	 * move, and the colour given to the rules. */
	void *state = colour && strchr("RYGB", colour) ?
			      rolit_state(r, 'R') : NULL;
	struct rolit_board board = { .size = r->size };
	bool captured[ROLIT_MAX_SIZE][ROLIT_MAX_SIZE] = { { false } };
	int row, col, n = 0;

	if (state)
		arena_rolit_rules.destroy(state);
	if (!state || arena_games_cell_parse(square, &row, &col, r->size) < 0)
		return -1;
	for (int i = 0; i < r->size; i++)
		memcpy(board.cells[i], r->board[i], (size_t)r->size);
	arena_rolit_board_captures(&board, row, col, colour, captured);
	for (int i = 0; i < r->size * r->size; i++)
		if (captured[i / r->size][i % r->size] && n++ < max)
			arena_games_cell_name(out[n - 1], i / r->size, i % r->size);
	return n;
}

int arena_rolit_apply(struct arena_rolit *r, const char *square,
		      char colour)
{
	void *state = rolit_state(r, colour);
	cJSON *action = cJSON_CreateString(square ? square : "");
	char err[GAME_ERR_LEN];
	int captured = -1;

	if (state && arena_rolit_rules.apply(state, action, NULL, err) == 0) {
		cJSON *view = arena_rolit_rules.view(state, -1), *row;
		int y = 0;

		/* Every ball that changed but the new one was captured. */
		cJSON_ArrayForEach(row, cJSON_GetObjectItem(view, "board")) {
			const char *text = cJSON_GetStringValue(row);

			for (int x = 0; x < r->size; x++)
				captured += text[x] != r->board[y][x];
			memcpy(r->board[y++], text, (size_t)r->size);
		}
		cJSON_Delete(view);
	}
	cJSON_Delete(action);
	if (state)
		arena_rolit_rules.destroy(state);
	return captured;
}


int arena_rolit_count(const struct arena_rolit *r, char colour)
{
	int n = 0;

	for (int y = 0; y < r->size; y++)
		for (int x = 0; x < r->size; x++)
			n += colour != '.' && r->board[y][x] == colour;
	return n;
}

/* ---- Black-Pot ---- */

int arena_black_pot_evaluate(const char *expr, const int roll[3],
			     int *values, int max, char *err, size_t errlen)
{
	int got[3], groups;
	char why[GAME_ERR_LEN];

	for (int i = 0; i < 3; i++)
		if (roll[i] < 1 || roll[i] > 6) {
			snprintf(why, sizeof why,
				 "a Black-Pot roll is three die faces 1-6");
			groups = -1;
			goto out;
		}
	groups = arena_black_pot_parse(expr, roll, got, why);
	for (int i = 0; i < groups && i < max; i++)
		values[i] = got[i];
out:
	if (groups < 0 && err && errlen)
		snprintf(err, errlen, "%s", why);
	return groups;
}


const char *arena_black_pot_cell_kind(long number)
{
	if (number < 1 || number > ARENA_BLACK_POT_MAX_NUMBER)
		return NULL;
	return arena_black_pot_kind_name(arena_black_pot_kind((int)number));
}

int arena_black_pot_dice_values(const int *dice, int count,
				struct arena_black_pot_value *out, int max)
{
	struct black_pot_value values[BLACK_POT_VALUES_MAX];
	int n;

	if (!dice || count < 1 || count > 3)
		return -1;
	for (int i = 0; i < count; i++)
		if (dice[i] < 1 || dice[i] > 6)
			return -1;
	n = arena_black_pot_values(dice, count, values);
	for (int i = 0; i < n && i < max; i++) {
		out[i].value = values[i].value;
		memcpy(out[i].expr, values[i].expr, sizeof out[i].expr);
	}
	return n;
}

int arena_black_pot_roll_expressions(const int roll[3],
				     struct arena_black_pot_expression *out,
				     int max)
{
	struct black_pot_move *all;
	int n;

	for (int i = 0; i < 3; i++)
		if (roll[i] < 1 || roll[i] > 6)
			return -1;
	n = arena_black_pot_expressions(roll, &all);
	for (int i = 0; i < n && i < max; i++) {
		out[i] = (struct arena_black_pot_expression){
			.groups = all[i].groups
		};
		memcpy(out[i].expr, all[i].expr, sizeof out[i].expr);
		memcpy(out[i].values, all[i].values, sizeof out[i].values);
	}
	free(all);
	return n;
}

/* ---- Black-Pot positions and moves ---- */

#define SIDE ARENA_BLACK_POT_SIDE

int arena_black_pot_read(const cJSON *state, struct arena_black_pot *b)
{
	const cJSON *numbers = cJSON_GetObjectItemCaseSensitive(state,
								"numbers");
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(state, "board");
	const cJSON *item;
	int r = 0;

	memset(b, 0, sizeof *b);
	b->you = -1;
	if (!cJSON_IsObject(state) || !cJSON_IsArray(numbers) ||
	    cJSON_GetArraySize(numbers) != SIDE || !cJSON_IsArray(board) ||
	    cJSON_GetArraySize(board) != SIDE ||
	    field_int(state, "to_move", -1, 3, &b->to_move) ||
	    field_ints(state, "roll", 1, 6, b->roll, 3) != 3 ||
	    field_int(state, "rolls", 0, 1000000, &b->rolls) ||
	    field_int(state, "max_rolls", 0, 1000000, &b->max_rolls) ||
	    field_ints(state, "pawns", 0, 1000, b->pawns, 2) != 2 ||
	    field_ints(state, "points", 0, 1000000000, b->points, 2) != 2)
		return -1;
	if (cJSON_HasObjectItem(state, "you") &&
	    field_int(state, "you", 0, 1, &b->you))
		return -1;
	cJSON_ArrayForEach(item, numbers) {
		long row[SIDE];

		if (json_longs(item, 0, ARENA_BLACK_POT_MAX_NUMBER, row,
			       SIDE) != SIDE)
			return -1;
		for (int c = 0; c < SIDE; c++)
			b->numbers[r][c] = (int)row[c];
		r++;
	}
	r = 0;
	cJSON_ArrayForEach(item, board) {
		const char *text = cJSON_GetStringValue(item);

		if (!text || strlen(text) != SIDE ||
		    strspn(text, ".XO ") != SIDE)
			return -1;
		memcpy(b->board[r++], text, SIDE + 1);
	}
	return 0;
}

int arena_black_pot_legal(const struct arena_black_pot *b, int pawns,
			  struct arena_black_pot_move *out, int max)
{
	struct black_pot_move *moves;
	int open[BLACK_POT_CELLS], n;

	if (pawns < 0 && (b->you < 0 || (pawns = b->pawns[b->you]) < 0))
		return -1;
	for (int i = 0; i < 3; i++)
		if (b->roll[i] < 1 || b->roll[i] > 6)
			return -1;
	for (int cell = 0; cell < BLACK_POT_CELLS; cell++)
		open[cell] = b->board[cell / SIDE][cell % SIDE] == '.' ?
				     b->numbers[cell / SIDE][cell % SIDE] : 0;
	n = arena_black_pot_moves(b->roll, open, pawns, &moves);
	for (int i = 0; i < n && n <= max; i++) {
		out[i] = (struct arena_black_pot_move){
			.count = moves[i].count,
			.id = arena_black_pot_move_id(moves[i].cells, moves[i].count)
		};
		memcpy(out[i].expr, moves[i].expr, sizeof out[i].expr);
		for (int c = 0; c < moves[i].count; c++)
			arena_games_cell_name(out[i].cells[c], moves[i].cells[c] / SIDE,
					      moves[i].cells[c] % SIDE);
	}
	free(moves);
	return n <= max ? n : -1;
}


_Static_assert(ARENA_BLACK_POT_MOVE_IDS == BLACK_POT_MOVE_IDS,
	       "the SDK's move ids are the rules'");

int arena_black_pot_id_of(const char (*cells)[4], int count)
{
	int at[3], row, col;

	if (count < 0 || count > 3)
		return -1;
	for (int i = 0; i < count; i++) {
		if (arena_games_cell_parse(cells[i], &row, &col, SIDE))
			return -1;
		at[i] = row * SIDE + col;
	}
	return arena_black_pot_move_id(at, count);
}

int arena_black_pot_id_cells(int id, char cells[3][4])
{
	int at[3], count = arena_black_pot_move_cells(id, at);

	for (int i = 0; i < count; i++)
		arena_games_cell_name(cells[i], at[i] / SIDE, at[i] % SIDE);
	return count;
}

int arena_black_pot_apply(struct arena_black_pot *b,
			  const struct arena_black_pot_move *m, int side)
{
	struct arena_black_pot after = *b;

	if ((side != 0 && side != 1) || m->count < 0 || m->count > 3)
		return -1;
	for (int i = 0; i < m->count; i++) {
		int row, col;

		if (arena_games_cell_parse(m->cells[i], &row, &col, SIDE) ||
		    !after.numbers[row][col] || after.board[row][col] != '.')
			return -1;
		after.board[row][col] = side ? 'O' : 'X';
	}
	*b = after;
	return 0;
}
