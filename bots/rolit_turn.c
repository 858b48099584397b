/*
 * A turn of the bundled Rolit bots (rolit_turn.h).
 */
#include "rolit_turn.h"

#include <stdio.h>
#include <string.h>

#include "arena_bot.h"
#include "games/game.h"
#include "games/support.h"

/* The colours a Rolit view may name, in the rules' order. */
static const char *const rolit_turn_colours[] = {
	"red", "yellow", "green", "blue",
};

/* Whether the view's "colours" name 2 to 4 seats, each red, yellow, green
 * or blue: their count, or -1 with the reason in err.  The seats' colours
 * are the rules' own (rolit_bits_from_rows()), so only checked here. */
static int rolit_turn_players(const cJSON *colours, char *err)
{
	int players = cJSON_GetArraySize(colours);

	if (players < 2 || players > ROLIT_BITS_SEATS)
		return arena_games_errorf(err, "the view's \"colours\" must name 2 to 4 seats");
	for (int i = 0; i < players; i++) {
		const char *name =
			cJSON_GetStringValue(cJSON_GetArrayItem(colours, i));
		int c = 0;

		while (c < 4 && (!name || strcmp(name, rolit_turn_colours[c])))
			c++;
		if (c == 4)
			return arena_games_errorf(err, "seat %d's colour is not red, yellow, green or blue",
				      i);
	}
	return players;
}

int rolit_turn_view(const cJSON *view, struct rolit_bits *pos, char *err)
{
	const cJSON *size = cJSON_GetObjectItemCaseSensitive(view, "size");
	const cJSON *to_move = cJSON_GetObjectItemCaseSensitive(view, "to_move");
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(view, "board");
	const cJSON *item;
	const char *rows[8];
	unsigned out = 0;
	int players, side, r = 0;

	if (!cJSON_IsNumber(size) || size->valueint < 4 ||
	    size->valueint > 8 || !cJSON_IsNumber(to_move))
		return arena_games_errorf(err, "the state is not a Rolit view: it needs \"size\" (4 to 8) and \"to_move\"");
	side = size->valueint;
	players = rolit_turn_players(
		cJSON_GetObjectItemCaseSensitive(view, "colours"), err);
	if (players < 0)
		return -1;
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(view,
								  "forfeited"))
		if (cJSON_IsNumber(item) && item->valueint >= 0 &&
		    item->valueint < players)
			out |= 1u << item->valueint;
	if (cJSON_GetArraySize(board) != side)
		return arena_games_errorf(err, "the view's \"board\" must hold %d rows",
			      side);
	cJSON_ArrayForEach(item, board) {
		rows[r] = cJSON_GetStringValue(item);
		if (!rows[r] || strlen(rows[r]) != (size_t)side)
			return arena_games_errorf(err, "row %d of the view's \"board\" must be a string of %d squares",
				      r + 1, side);
		r++;
	}
	rolit_bits_from_rows(pos, side, players, to_move->valueint, rows, out);
	return 0;
}

int rolit_turn_read(const cJSON *turn, const char *program,
		    struct rolit_bits *pos)
{
	char err[GAME_ERR_LEN];
	int me = arena_seat(turn);

	if (rolit_turn_view(arena_state(turn), pos, err) < 0) {
		fprintf(stderr, "%s: %s\n", program, err);
		return -1;
	}
	if (me < 0 || me >= pos->players || pos->to_move != me) {
		fprintf(stderr, "%s: the turn is not this seat's\n", program);
		return -1;
	}
	if (!rolit_bits_moves(pos, me)) {
		fprintf(stderr, "%s: no legal square on this board\n",
			program);
		return -1;
	}
	return 0;
}

cJSON *rolit_turn_action(int square)
{
	char name[4];

	arena_games_cell_name(name, square / 8, square % 8);
	return cJSON_CreateString(name);
}
