/*
 * A seat's view of a Rolit game as bitboards (rolit_view.h).
 */
#include "rolit_view.h"

#include <string.h>

#include "arena_bot.h"
#include "arena_games.h"

int rolit_view_next(const struct rolit_view *p, int seat)
{
	for (int i = 1; i <= p->players; i++) {
		int s = (seat + i) % p->players;

		if (!(p->out >> s & 1))
			return s;
	}
	return seat;
}

int rolit_view_read(const cJSON *state, struct rolit_view *p)
{
	struct arena_rolit r;
	const cJSON *out, *seat;

	if (arena_rolit_read(state, &r) < 0 || r.to_move < 0)
		return -1;
	memset(p, 0, sizeof *p);
	p->players = r.players;
	p->to_move = r.to_move;
	p->size = r.size;
	for (int s = 0; s < r.players; s++)
		p->colour[s] = (int)(strchr("RYGB", r.colours[s]) - "RYGB");
	for (int row = 0; row < r.size; row++)
		for (int c = 0; c < r.size; c++) {
			const char *k = strchr("RYGB", r.board[row][c]);

			p->board |= 1ULL << (row * 8 + c);
			if (r.board[row][c] != '.' && k)
				p->col[k - "RYGB"] |= 1ULL << (row * 8 + c);
		}
	out = cJSON_GetObjectItemCaseSensitive(state, "forfeited");
	cJSON_ArrayForEach(seat, out)
		if (cJSON_IsNumber(seat) && seat->valueint >= 0 &&
		    seat->valueint < 4)
			p->out |= 1u << seat->valueint;
	return 0;
}
