/*
 * A Rolit view read for the bundled Rolit bots (rolit_search_pos.h).
 */
#include "rolit_search_pos.h"

#include <stdio.h>
#include <string.h>

#include "games/support.h"

static const char *const rolit_search_pos_colours[] = {
	"red", "yellow", "green", "blue",
};

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
