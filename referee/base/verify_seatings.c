/*
 * The seatings of a duplicate set checked together; see verify_seatings.h.
 * Each game after game 0 is matched against game 0's seating: first bot
 * by bot (a name game 0 does not seat, or a bot of game 0 run with
 * another command, is another bot), then as a whole, for the rotation it
 * is, which no other game of the set may have.
 */
#include "verify_seatings.h"

#include <stdio.h>
#include <string.h>

static bool same_bot(const struct verify_seating *a, int sa,
		     const struct verify_seating *b, int sb)
{
	return !strcmp(a->name[sa], b->name[sb]) &&
	       !strcmp(a->command[sa], b->command[sb]);
}

/* The names of g's seats in seat order: "a, b, c". */
static const char *seating_text(const struct verify_seating *g, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int s = 0; s < g->seats && len < size; s++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", s ? ", " : "",
					g->name[s]);
	return buf;
}

/* The problem of a bot that g seats but game 0 (`first`) does not; false
 * when every bot of g is one of game 0's. */
static bool other_bot(const struct verify_seating *first,
		      const struct verify_seating *g, char *what, size_t size)
{
	char names[1024];

	for (int s = 0; s < g->seats; s++) {
		int named = -1, same = -1;

		for (int t = 0; t < first->seats; t++) {
			if (!strcmp(g->name[s], first->name[t]) && named < 0)
				named = t;
			if (same_bot(g, s, first, t))
				same = t;
		}
		if (same >= 0)
			continue;
		if (named < 0)
			snprintf(what, size, "game %ld (%s) seats \"%s\" in seat %d, a "
				 "bot not at game 0's table (%s: %s)", g->game, g->path,
				 g->name[s], s, first->path,
				 seating_text(first, names, sizeof names));
		else
			snprintf(what, size, "game %ld (%s) runs \"%s\" with the command "
				 "\"%s\", game 0 (%s) with \"%s\": another bot", g->game,
				 g->path, g->name[s], g->command[s], first->path,
				 first->command[named]);
		return true;
	}
	return false;
}

/* The rotation r of game 0's seating that g has (its seat s holds the bot
 * of game 0's seat (s + r) mod n), or -1. */
static int rotation_of(const struct verify_seating *first,
		       const struct verify_seating *g)
{
	for (int r = 0; r < first->seats; r++) {
		int s = 0;

		while (s < g->seats && same_bot(g, s, first, (s + r) % first->seats))
			s++;
		if (s == g->seats)
			return r;
	}
	return -1;
}

bool verify_seatings_problem(const struct verify_seating *games, size_t count,
			     char *what, size_t size)
{
	const struct verify_seating *by_game[GAME_MAX_SEATS] = {NULL}, *first;
	const struct verify_seating *seated[GAME_MAX_SEATS] = {NULL};
	char names[1024], more[1024];

	for (size_t i = 0; i < count; i++)
		by_game[games[i].game] = &games[i];
	first = seated[0] = by_game[0];
	for (size_t k = 1; k < count; k++) {
		const struct verify_seating *g = by_game[k];
		int r;

		if (other_bot(first, g, what, size))
			return true;
		if ((r = rotation_of(first, g)) < 0) {
			snprintf(what, size, "game %ld (%s) seats %s: not a rotation "
				 "of game 0's seating, %s (%s)", g->game, g->path,
				 seating_text(g, names, sizeof names),
				 seating_text(first, more, sizeof more), first->path);
			return true;
		}
		if (seated[r]) {
			snprintf(what, size, "games %ld (%s) and %ld (%s) seat the "
				 "bots the same way, %s: each game of a set seats "
				 "them in a rotation of its own", seated[r]->game,
				 seated[r]->path, g->game, g->path,
				 seating_text(g, names, sizeof names));
			return true;
		}
		seated[r] = g;
	}
	return false;
}
