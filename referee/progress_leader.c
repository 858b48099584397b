/*
 * The status line's leader; see progress_leader.h.
 */
#include "progress_leader.h"

#include <stdio.h>
#include <stdlib.h>

#include "util.h"

void progress_leader_init(struct progress_leader *l, const struct game_rules *rules,
			  char *const *names, int bots)
{
	*l = (struct progress_leader){.rules = rules, .names = names, .bots = bots,
				      .leader = -1};
}

void progress_leader_add(struct progress_leader *l, const int *bot,
			 const int *rank, int players)
{
	struct rating_game *g;

	if (l->count == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->games = xrealloc(l->games, l->cap * sizeof *l->games);
	}
	g = &l->games[l->count++];
	g->seats = (int8_t)players;
	for (int s = 0; s < players; s++) {
		g->entrant[s] = (int16_t)bot[s];
		g->rank[s] = (int8_t)rank[s];
		g->team[s] = (int8_t)(l->rules && l->rules->team_of
				      ? l->rules->team_of(players, s) : -1);
	}
}

int progress_leader_update(struct progress_leader *l, bool now)
{
	int64_t start = now_ns();
	struct ratings r;
	char err[ERR_LEN];
	int *order;

	if (l->count == l->fitted || (!now && start < l->next_ns))
		return l->leader;
	l->fitted = l->count;
	/* A fit fails only on malformed games, which a tournament does not
	 * play: the leader then stays as it was. */
	if (ratings_compute(l->games, l->count, l->bots, NULL, &r, err))
		return l->leader;
	order = xmalloc((size_t)l->bots * sizeof *order);
	ratings_order(&r, (const char *const *)l->names, order);
	l->leader = r.entry[order[0]].status == RATINGS_UNRATED ? -1 : order[0];
	if (l->leader >= 0) {
		l->status = r.entry[order[0]].status;
		l->elo = r.entry[order[0]].elo;
	}
	free(order);
	ratings_free(&r);
	l->next_ns = now_ns();
	l->next_ns += PROGRESS_LEADER_SLOWDOWN * (l->next_ns - start) > PROGRESS_LEADER_MIN_NS
		      ? PROGRESS_LEADER_SLOWDOWN * (l->next_ns - start) : PROGRESS_LEADER_MIN_NS;
	return l->leader;
}

bool progress_leader_text(const struct progress_leader *l, char *buf,
			  size_t len)
{
	if (l->leader < 0)
		return false;
	snprintf(buf, len, "%s %s%+.0f Elo", l->names[l->leader],
		 l->status == RATINGS_ABOVE ? "> " : l->status == RATINGS_BELOW ? "< " : "",
		 l->elo);
	return true;
}

void progress_leader_free(struct progress_leader *l)
{
	free(l->games);
	l->games = NULL;
}
