/*
 * A turn of the bundled Rolit bots (rolit_turn.h).
 */
#include "rolit_turn.h"

#include <stdio.h>

#include "arena_bot.h"
#include "games/game.h"
#include "games/support.h"
#include "rolit_search_pos.h"

/* The bitboard position of the view read into `view`. */
static void rolit_turn_bits(const struct rolit_search_pos *view,
			    struct rolit_bits *pos)
{
	const char *rows[ROLIT_SEARCH_POS_MAX_SIZE];
	unsigned out = 0;

	for (int r = 0; r < view->size; r++)
		rows[r] = view->rows[r];
	for (int s = 0; s < view->players; s++)
		out |= (unsigned)view->forfeited[s] << s;
	rolit_bits_from_rows(pos, view->size, view->players, view->to_move,
			     rows, out);
}

int rolit_turn_read(const cJSON *turn, const char *program,
		    struct rolit_bits *pos)
{
	struct rolit_search_pos view;
	char err[GAME_ERR_LEN];
	int me = arena_seat(turn);

	if (rolit_search_pos_from_view(arena_state(turn), &view, err) < 0) {
		fprintf(stderr, "%s: %s\n", program, err);
		return -1;
	}
	if (me < 0 || me >= view.players || view.to_move != me) {
		fprintf(stderr, "%s: the turn is not this seat's\n", program);
		return -1;
	}
	rolit_turn_bits(&view, pos);
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
