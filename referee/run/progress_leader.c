/*
 * The status line's leader; see progress_leader.h.
 */
#include "progress_leader.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "ladder/ladder.h"

void progress_leader_init(struct progress_leader *l, const struct game_rules *rules,
			  char *const *names, int bots)
{
	*l = (struct progress_leader){.rules = rules, .names = names, .bots = bots,
				      .leader = -1};
	l->number = xmalloc((size_t)(bots + 1) * sizeof *l->number);
	l->bot_of = xmalloc((size_t)(bots + 1) * sizeof *l->bot_of);
	l->ladder_names = xmalloc((size_t)(bots + 1) * sizeof *l->ladder_names);
	ladder_number_by_name(names, bots, l->number);
	for (int b = 0; b < bots; b++) {
		l->bot_of[l->number[b]] = b;
		l->ladder_names[l->number[b]] = names[b];
	}
}

void progress_leader_add(struct progress_leader *l, const int *bot,
			 const int *rank, int players)
{
	struct rating_game *g;

	l->games = xgrow(l->games, l->count, &l->cap, sizeof *l->games);
	g = &l->games[l->count++];
	g->seats = (int8_t)players;
	for (int s = 0; s < players; s++) {
		g->entrant[s] = (int16_t)l->number[bot[s]];
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
	ratings_order(&r, l->games, l->count, (const char *const *)l->ladder_names,
		      order);
	/* The ladder lists only the bots with a finished game. */
	for (int k = 0; k < l->bots; k++)
		if (r.entry[order[k]].games) {
			l->leader = l->bot_of[order[k]];
			l->entry = r.entry[order[k]];
			break;
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
	char elo[32];

	if (l->leader < 0)
		return false;
	ladder_elo_text(&l->entry, elo, sizeof elo);
	snprintf(buf, len, "%s %s%s", l->names[l->leader], elo,
		 l->entry.status == RATINGS_UNRATED ? "" : " Elo");
	return true;
}

void progress_leader_free(struct progress_leader *l)
{
	free(l->games);
	free(l->number);
	free(l->bot_of);
	free(l->ladder_names);
	l->games = NULL;
	l->number = l->bot_of = NULL;
	l->ladder_names = NULL;
}
