/*
 * The schedule of a tournament; see schedule.h.  Every table seats its
 * bots by the same list of patterns, each pattern giving for every seat a
 * position in the table's ascending list of bots: for each split of the
 * positions into the game's teams, the split's base seating in every
 * cyclic rotation.  Tables are the combinations of bots in lexicographic
 * order, generation by generation, each generation shuffled by the seed
 * when there is one.
 */
#include "schedule.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "games/fair.h"

/* The seats of a game grouped by team; without teams every seat is a
 * team of its own. */
struct layout {
	int players, teams;
	int team[GAME_MAX_SEATS];                   /* the team of each seat */
	int size[GAME_MAX_SEATS];                   /* seats of each team */
	int seats[GAME_MAX_SEATS][GAME_MAX_SEATS];  /* ascending, by team */
};

/* The seating patterns being listed: `count` of them, `players` positions
 * each. */
struct patterns {
	const struct layout *layout;
	int fill[GAME_MAX_SEATS];   /* positions placed in each team so far */
	int base[GAME_MAX_SEATS];   /* the split being built: seat -> position */
	int *list;
	int count;
};

static int layout_init(struct layout *layout, const struct game_rules *rules,
		       int players, char *err)
{
	bool teams = rules->team_of && rules->team_of(players, 0) >= 0;
	int label[GAME_MAX_SEATS];

	memset(layout, 0, sizeof *layout);
	layout->players = players;
	for (int s = 0; s < players; s++) {
		int t = 0;

		label[s] = teams ? rules->team_of(players, s) : s;
		while (t < layout->teams && label[layout->seats[t][0]] != label[s])
			t++;
		if (t == layout->teams)
			layout->teams++;
		layout->team[s] = t;
		layout->seats[t][layout->size[t]++] = s;
	}
	for (int s = 0; s < players; s++)
		for (int u = 0; u < players; u++)
			if ((layout->team[s] == layout->team[u]) !=
			    (layout->team[(s + 1) % players] ==
			     layout->team[(u + 1) % players]))
				return errorf(err, "rotating the seats of %s with %d players would break up its teams, so its seatings cannot be balanced",
					      rules->name, players);
	return 0;
}

/* Places positions `position`.. into teams with room, every way once:
 * teams of one size are interchangeable, so an empty team is only opened
 * when the earlier teams of its size are not empty.  A complete split is
 * added in each rotation. */
static void patterns_add_splits(struct patterns *p, int position)
{
	const struct layout *l = p->layout;
	int n = l->players;

	if (position == n) {
		p->list = xrealloc(p->list, (size_t)(p->count + n) * (size_t)n *
				   sizeof *p->list);
		for (int r = 0; r < n; r++, p->count++)
			for (int s = 0; s < n; s++)
				p->list[p->count * n + s] = p->base[(s + r) % n];
		return;
	}
	for (int t = 0; t < l->teams; t++) {
		bool skip = p->fill[t] == l->size[t];

		for (int u = 0; u < t && !skip; u++)
			skip = !p->fill[u] && l->size[u] == l->size[t];
		if (skip)
			continue;
		p->base[l->seats[t][p->fill[t]++]] = position;
		patterns_add_splits(p, position + 1);
		p->fill[t]--;
	}
}

/* The seating patterns of `players` seats into *list; their count, or -1
 * with err. */
static int patterns_build(const struct game_rules *rules, int players,
			  int **list, char *err)
{
	struct layout layout;
	struct patterns p = {.layout = &layout};

	if (layout_init(&layout, rules, players, err) < 0)
		return -1;
	patterns_add_splits(&p, 0);
	*list = p.list;
	return p.count;
}

int schedule_seating_count(const struct game_rules *rules, int players,
			   char *err)
{
	int *list = NULL;
	int count = patterns_build(rules, players, &list, err);

	free(list);
	return count;
}

/* n choose k, exact while it fits in a double's 53 bits. */
static double choose(int n, int k)
{
	double c = 1;

	for (int i = 1; i <= k; i++)
		c = c * (n - k + i) / i;
	return c;
}

static bool holds_challenger(const struct tournament_spec *spec,
			     const int *bots)
{
	for (int i = 0; i < spec->players; i++)
		if (spec->bots[bots[i]].challenger)
			return true;
	return false;
}

/* The tables of one generation in lexicographic order: every combination
 * of `players` bots below `below`, or, when `last` is a bot, of
 * `players` - 1 of them and `last`; in a gauntlet only those holding a
 * challenger. */
static void schedule_add_tables(struct schedule *schedule,
				const struct tournament_spec *spec, int below,
				int last)
{
	int k = last < 0 ? spec->players : spec->players - 1;
	int combo[GAME_MAX_SEATS];

	for (int i = 0; i < GAME_MAX_SEATS; i++)
		combo[i] = i < k ? i : -1;
	if (last >= 0)
		combo[k] = last;
	for (;;) {
		int i = k - 1;

		if (spec->format == FORMAT_ROUND_ROBIN ||
		    holds_challenger(spec, combo))
			memcpy(schedule->tables[schedule->table_count++].bots,
			       combo, sizeof combo);
		while (i >= 0 && combo[i] == below - k + i)
			i--;
		if (i < 0)
			return;
		combo[i]++;
		for (int j = i + 1; j < k; j++)
			combo[j] = combo[j - 1] + 1;
	}
}

/* Fisher-Yates over the tables from `first` on, drawing from the seed's
 * word stream of draw index `index`: 0 for generation 0, j for bot j's. */
static void schedule_shuffle(struct schedule *schedule, int first,
			     const unsigned char seed[32], uint64_t index)
{
	struct fair_words words;

	arena_fair_words_init(&words, seed, index);
	for (int i = schedule->table_count - 1 - first; i > 0; i--) {
		int j = (int)arena_fair_words_uniform(&words, (uint32_t)i + 1);
		struct schedule_table swap = schedule->tables[first + i];

		schedule->tables[first + i] = schedule->tables[first + j];
		schedule->tables[first + j] = swap;
	}
}

/* The tables of generation `bot` (-1: generation 0, the first bots'),
 * after those before it. */
static void schedule_add_generation(struct schedule *schedule,
				    const struct tournament_spec *spec, int bot)
{
	int first = schedule->table_count;

	if (bot < 0)
		schedule_add_tables(schedule, spec, schedule->first_bots, -1);
	else
		schedule_add_tables(schedule, spec, bot, bot);
	if (spec->seeded)
		schedule_shuffle(schedule, first, spec->seed,
				 bot < 0 ? 0 : (uint64_t)bot);
}

/* The games of every table, `games` a table, their seats from the
 * table's bots by the seating patterns (`cycle` of them; NULL: a Swiss's
 * tables, not seated yet). */
static void schedule_add_games(struct schedule *schedule, int games,
			       const int *patterns, int cycle)
{
	int k = schedule->players;

	schedule->games = xcalloc((size_t)schedule->table_count * (size_t)games,
				  sizeof *schedule->games);
	for (int t = 0; t < schedule->table_count; t++) {
		struct schedule_table *table = &schedule->tables[t];

		table->first_game = schedule->game_count + 1;
		table->game_count = games;
		for (int g = 0; g < games; g++) {
			struct scheduled_game *game =
				&schedule->games[schedule->game_count++];
			const int *pattern = patterns ? patterns + (g % cycle) * k : NULL;

			game->number = schedule->game_count;
			game->table = t;
			for (int s = 0; s < GAME_MAX_SEATS; s++)
				game->seating[s] = pattern && s < k ? table->bots[pattern[s]] : -1;
		}
	}
}

/* Results not known yet: only a Swiss's first round is seated. */
static bool no_ranks(void *ctx, long game, int ranks[2])
{
	(void)ctx;
	(void)game;
	(void)ranks;
	return false;
}

/* A Swiss's tables, a pair of bots each, round after round. */
static int schedule_build_swiss(const struct tournament_spec *spec, int first_bots,
				long max_games, struct schedule *schedule,
				char *err)
{
	struct swiss_field *f = &schedule->swiss;
	double games = (double)spec->rounds * (spec->bot_count / 2) * spec->games;

	if (first_bots != spec->bot_count)
		return errorf(err, "a Swiss run cannot take new bots: its rounds were paired without them; start a new run with another --out");

	*f = (struct swiss_field){.bots = spec->bot_count, .rounds = spec->rounds,
				  .games = spec->games};
	if (games > (double)max_games)
		return errorf(err, "the schedule has %.0f games (%d rounds of %d pairings of %d), more than the limit of %ld",
			      games, spec->rounds, spec->bot_count / 2, spec->games,
			      max_games);
	schedule->table_count = spec->rounds * (spec->bot_count / 2);
	schedule->tables = xcalloc((size_t)schedule->table_count, sizeof *schedule->tables);
	for (int t = 0; t < schedule->table_count; t++)
		for (int i = 0; i < GAME_MAX_SEATS; i++)
			schedule->tables[t].bots[i] = -1;
	schedule_add_games(schedule, spec->games, NULL, 1);
	schedule_pair(schedule, no_ranks, NULL);
	return 0;
}

void schedule_seat_pair(struct schedule *schedule, int table, const int pair[2])
{
	struct schedule_table *t = &schedule->tables[table];

	t->bots[0] = pair[0] < pair[1] ? pair[0] : pair[1];
	t->bots[1] = pair[0] < pair[1] ? pair[1] : pair[0];
	for (long g = 0; g < t->game_count; g++)
		swiss_seating(pair, (int)g, schedule->games[t->first_game - 1 + g].seating);
}

int schedule_pair(struct schedule *schedule, swiss_ranks_fn *ranks, void *ctx)
{
	struct swiss_plan plan;
	int boards = schedule->swiss.bots / 2;

	swiss_plan(&schedule->swiss, ranks, ctx, &plan);
	for (int t = schedule->paired * boards; t < plan.paired * boards; t++)
		schedule_seat_pair(schedule, t, plan.pairs[t]);
	schedule->paired = plan.paired;
	swiss_plan_free(&plan);
	return schedule->paired;
}

bool schedule_table_seated(const struct schedule *schedule, int table)
{
	return schedule->tables[table].bots[0] >= 0;
}

void schedule_leave_out(struct schedule *schedule, const bool *absent)
{
	schedule->swiss.absent = absent;
	schedule->paired = 0;
	schedule_pair(schedule, no_ranks, NULL);
}

bool schedule_table_empty(const struct schedule *schedule, int table)
{
	return schedule->swiss.rounds &&
	       swiss_board_empty(&schedule->swiss, table % (schedule->swiss.bots / 2));
}

int schedule_build(const struct tournament_spec *spec, int first_bots,
		   long max_games, struct schedule *schedule, char *err)
{
	int k = spec->players, n = spec->bot_count, challengers = 0, cycle;
	int *patterns;
	double tables;

	memset(schedule, 0, sizeof *schedule);
	schedule->players = k;
	schedule->first_bots = first_bots;
	if (first_bots < k)
		return errorf(err, "%s needs at least %d bots for a %d-player table",
			      spec->rules->name, k, k);
	if (spec->format == FORMAT_SWISS)
		return schedule_build_swiss(spec, first_bots, max_games, schedule, err);
	for (int i = 0; i < n; i++)
		challengers += spec->bots[i].challenger;
	/* The generations' tables are every combination all the same. */
	tables = choose(n, k);
	if (spec->format == FORMAT_GAUNTLET)
		tables -= choose(n - challengers, k);
	if (tables == 0)
		return errorf(err, "gauntlet needs at least one bot with \"challenger\": true");
	if (tables * spec->games > (double)max_games)
		return errorf(err, "the schedule has %.0f games (%.0f tables of %d), more than the limit of %ld",
			      tables * spec->games, tables, spec->games,
			      max_games);
	cycle = patterns_build(spec->rules, k, &patterns, err);
	if (cycle < 0)
		return -1;

	schedule->tables = xcalloc((size_t)tables, sizeof *schedule->tables);
	schedule_add_generation(schedule, spec, -1);
	for (int bot = first_bots; bot < n; bot++)
		schedule_add_generation(schedule, spec, bot);
	schedule_add_games(schedule, spec->games, patterns, cycle);
	free(patterns);
	return 0;
}

void schedule_free(struct schedule *schedule)
{
	free(schedule->games);
	free(schedule->tables);
	memset(schedule, 0, sizeof *schedule);
}

long schedule_games_of(const struct schedule *schedule, int bots)
{
	/* A generation's tables end with its bot, the highest of theirs. */
	for (int t = 0; t < schedule->table_count; t++)
		if (schedule->tables[t].bots[schedule->players - 1] >= bots)
			return schedule->tables[t].first_game - 1;
	return schedule->game_count;
}

bool schedule_in_shard(int table, int index, int count)
{
	return table % count == index - 1;
}

long schedule_set_first(const struct schedule *schedule, bool duplicate, long game)
{
	const struct schedule_table *t;

	if (!duplicate)
		return game;
	t = &schedule->tables[schedule->games[game - 1].table];
	return game - (game - t->first_game) % schedule->players;
}
