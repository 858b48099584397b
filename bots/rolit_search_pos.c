/*
 * Rolit positions for rolit-search (rolit_search_pos.h), kept as the
 * view's rows and handed to the referee's rules for every move: a state is
 * rebuilt with arena_rolit_from_rows (and the forfeits replayed), asked for its
 * legal squares or made to play one, then read back through its view.
 */
#include "rolit_search_pos.h"

#include <stdio.h>
#include <string.h>

#include "games/registry.h"
#include "games/rolit.h"
#include "games/support.h"

static const char *const rolit_search_pos_colours[] = {
	"red", "yellow", "green", "blue",
};

/* The rules' state of `pos` with `seat` to move. */
static void *rolit_search_pos_state(const struct rolit_search_pos *pos,
				    int seat, char *err)
{
	const char *rows[ROLIT_SEARCH_POS_MAX_SIZE];
	void *state;

	for (int r = 0; r < pos->size; r++)
		rows[r] = pos->rows[r];
	state = arena_rolit_from_rows(pos->size, pos->players, seat, rows, err);
	for (int i = 0; state && i < pos->players; i++)
		if (pos->forfeited[i] && i != seat)
			arena_rolit_rules.forfeit(state, i, NULL);
	return state;
}

static int rolit_search_pos_read_board(const cJSON *view,
				       struct rolit_search_pos *pos, char *err)
{
	const cJSON *board = cJSON_GetObjectItemCaseSensitive(view, "board");
	int r = 0;
	const cJSON *row;

	if (cJSON_GetArraySize(board) != pos->size)
		return arena_games_errorf(err, "the view's \"board\" must hold %d rows",
			      pos->size);
	cJSON_ArrayForEach(row, board) {
		const char *text = cJSON_GetStringValue(row);

		if (!text || strlen(text) != (size_t)pos->size)
			return arena_games_errorf(err, "row %d of the view's \"board\" must be a string of %d squares",
				      r + 1, pos->size);
		memcpy(pos->rows[r], text, (size_t)pos->size + 1);
		r++;
	}
	return 0;
}

int rolit_search_pos_from_view(const cJSON *view, struct rolit_search_pos *pos,
			       char *err)
{
	const cJSON *size = cJSON_GetObjectItemCaseSensitive(view, "size");
	const cJSON *colours = cJSON_GetObjectItemCaseSensitive(view, "colours");
	const cJSON *to_move = cJSON_GetObjectItemCaseSensitive(view, "to_move");
	const cJSON *out = cJSON_GetObjectItemCaseSensitive(view, "forfeited");
	const cJSON *item;

	memset(pos, 0, sizeof *pos);
	if (!cJSON_IsNumber(size) || size->valueint < 4 ||
	    size->valueint > ROLIT_SEARCH_POS_MAX_SIZE ||
	    !cJSON_IsNumber(to_move))
		return arena_games_errorf(err, "the state is not a Rolit view: it needs \"size\" (4 to 8) and \"to_move\"");
	pos->size = size->valueint;
	pos->to_move = to_move->valueint;
	pos->players = cJSON_GetArraySize(colours);
	if (pos->players < 2 || pos->players > ROLIT_SEARCH_POS_MAX_SEATS)
		return arena_games_errorf(err, "the view's \"colours\" must name 2 to 4 seats");
	for (int i = 0; i < pos->players; i++) {
		const char *name =
			cJSON_GetStringValue(cJSON_GetArrayItem(colours, i));
		int c = 0;

		while (c < 4 &&
		       (!name || strcmp(name, rolit_search_pos_colours[c])))
			c++;
		if (c == 4)
			return arena_games_errorf(err, "seat %d's colour is not red, yellow, green or blue",
				      i);
		pos->letter[i] = "RYGB"[c];
	}
	cJSON_ArrayForEach(item, out)
		if (cJSON_IsNumber(item) && item->valueint >= 0 &&
		    item->valueint < pos->players)
			pos->forfeited[item->valueint] = true;
	return rolit_search_pos_read_board(view, pos, err);
}

int rolit_search_pos_moves(const struct rolit_search_pos *pos, int seat,
			   int moves[ROLIT_SEARCH_POS_MAX_SQUARES])
{
	char err[GAME_ERR_LEN];
	void *state = rolit_search_pos_state(pos, seat, err);
	cJSON *legal, *square;
	int count = 0;

	if (!state)
		return 0;
	legal = arena_rolit_rules.legal(state);
	cJSON_ArrayForEach(square, legal) {
		const char *name = square->valuestring;

		moves[count++] = (name[1] - '1') * pos->size + (name[0] - 'A');
	}
	cJSON_Delete(legal);
	arena_rolit_rules.destroy(state);
	return count;
}

int rolit_search_pos_play(const struct rolit_search_pos *pos, int seat,
			  int square, int next_seat,
			  struct rolit_search_pos *next)
{
	char err[GAME_ERR_LEN], name[3] = {
		(char)('A' + square % pos->size),
		(char)('1' + square / pos->size), '\0',
	};
	/* A string value on the stack: apply only reads it. */
	cJSON action = {.type = cJSON_String, .valuestring = name};
	void *state = rolit_search_pos_state(pos, seat, err);
	cJSON *view;
	int rc;

	if (!state || arena_rolit_rules.apply(state, &action, NULL, err) < 0) {
		if (state)
			arena_rolit_rules.destroy(state);
		return -1;
	}
	*next = *pos;
	view = arena_rolit_rules.view(state, -1);
	rc = rolit_search_pos_read_board(view, next, err);
	next->to_move = arena_rolit_rules.to_move(state) < 0 ? -1 : next_seat;
	cJSON_Delete(view);
	arena_rolit_rules.destroy(state);
	return rc;
}

int rolit_search_pos_opponents(const struct rolit_search_pos *pos, int seat,
			       int seats[ROLIT_SEARCH_POS_MAX_SEATS])
{
	int count = 0;

	for (int i = 1; i < pos->players; i++) {
		int other = (seat + i) % pos->players;

		if (!pos->forfeited[other])
			seats[count++] = other;
	}
	return count;
}

int rolit_search_pos_count(const struct rolit_search_pos *pos, char letter)
{
	int count = 0;

	for (int r = 0; r < pos->size; r++)
		for (int c = 0; c < pos->size; c++)
			count += pos->rows[r][c] == letter;
	return count;
}

int rolit_search_pos_empties(const struct rolit_search_pos *pos)
{
	return rolit_search_pos_count(pos, '.');
}
