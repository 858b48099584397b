/*
 * Where a tournament's tables come from; see schedule_source.h.
 */
#include "schedule_source.h"

#include <fcntl.h>
#include <stdlib.h>

#include "base/util.h"

bool schedule_source_in_shard(const struct schedule_source *src, int table)
{
	return schedule_in_shard(table, src->run->shard_index, src->run->shard_count);
}

bool schedule_source_skipped(const struct schedule_source *src, int table)
{
	if (schedule_table_empty(src->schedule, table))
		return true;
	for (int i = 0; src->run->skipped && i < src->schedule->players; i++) {
		int b = src->schedule->tables[table].bots[i];

		if (b >= 0 && src->run->skipped[b])
			return true;
	}
	return false;
}

void schedule_source_finished(struct schedule_source *src, long game, const int *ranks)
{
	for (int s = 0; s < src->schedule->players; s++)
		src->ranks[game * src->schedule->players + s] = (unsigned char)ranks[s];
	src->finished[game] = true;
}

/* A Swiss's ranks so far: those of the finished games (swiss.h). */
static bool finished_ranks(void *ctx, long game, int ranks[2])
{
	const struct schedule_source *src = ctx;

	if (!src->finished[game])
		return false;
	ranks[0] = src->ranks[2 * game];
	ranks[1] = src->ranks[2 * game + 1];
	return true;
}

/* Whether table `table` has a game not finished. */
static bool unfinished(const struct schedule_source *src, int table)
{
	const struct schedule_table *t = &src->schedule->tables[table];

	for (long n = t->first_game; n < t->first_game + t->game_count; n++)
		if (!src->finished[n])
			return true;
	return false;
}

/* Whether every game of a Swiss's last seated round has finished: the
 * next round can be seated. */
static bool round_done(const struct schedule_source *src)
{
	const struct schedule *sc = src->schedule;
	int boards = sc->swiss.bots / 2;

	if (!sc->swiss.rounds || sc->paired == sc->swiss.rounds)
		return false;
	for (int t = (sc->paired - 1) * boards; t < sc->paired * boards; t++)
		if (!schedule_table_empty(sc, t) && unfinished(src, t))
			return false;
	return true;
}

void schedule_source_pair(struct schedule_source *src)
{
	if (round_done(src))
		schedule_pair(src->schedule, finished_ranks, src);
}

static void peer_ranks(void *ctx, long game, const int *ranks)
{
	schedule_source_finished(ctx, game, ranks);
}

/* The peers, and the file's hash they must have (a resumed run's is its
 * manifest's). */
void schedule_source_init(struct schedule_source *src, struct schedule *schedule,
			  const struct tournament_run *run)
{
	*src = (struct schedule_source){
		.schedule = schedule, .run = run,
		.finished = xcalloc((size_t)schedule->game_count + 1, sizeof *src->finished),
		.ranks = xcalloc(((size_t)schedule->game_count + 1) * (size_t)schedule->players, 1),
		.sharded = schedule->swiss.rounds && run->shard_count > 1,
		.peer_wait_ms = 100};
	src->peers = (struct tournament_peers){
		.schedule = schedule, .out_dir = run->out_dir,
		.index = run->shard_index, .count = run->shard_count,
		.key = run->key->public_key, .file_sha256 = src->file_sha256,
		.finished = src->finished, .take = peer_ranks, .ctx = src};
	if (files_sha256(AT_FDCWD, run->file, src->file_sha256))
		src->file_sha256[0] = '\0';
}

void schedule_source_free(struct schedule_source *src)
{
	free(src->finished);
	free(src->ranks);
	tournament_peers_free(&src->peers);
}

int schedule_source_sync_peers(struct schedule_source *src, char *err)
{
	int n, any = 0;

	if (!src->sharded)
		return 0;
	while ((n = tournament_peers_take(&src->peers, err)) > 0) {
		any = 1;
		schedule_source_pair(src);
	}
	return n < 0 ? -1 : any;
}

int schedule_source_next(struct schedule_source *src)
{
	for (; src->next < src->schedule->table_count; src->next++) {
		if (!schedule_source_in_shard(src, src->next) ||
		    schedule_source_skipped(src, src->next))
			continue;
		schedule_source_pair(src);
		/* Its round waits for the games of the one before. */
		if (!schedule_table_seated(src->schedule, src->next))
			return SCHEDULE_SOURCE_WAIT;
		if (unfinished(src, src->next))
			return src->next++;
	}
	return SCHEDULE_SOURCE_DONE;
}

bool schedule_source_ready(const struct schedule_source *src)
{
	/* A sharded Swiss's peers' results may have seated the round. */
	return round_done(src) || (src->next < src->schedule->table_count &&
				   schedule_table_seated(src->schedule, src->next));
}

int schedule_source_look_at_peers(struct schedule_source *src, char *err)
{
	int64_t now = now_ns();
	int news;

	/* Not at each line of a busy worker: when the look is due. */
	if (now < src->peer_due_ns)
		return 0;
	if ((news = schedule_source_sync_peers(src, err)) < 0)
		return -1;
	src->peer_wait_ms = news ? 100 : src->peer_wait_ms < 1000 ? 2 * src->peer_wait_ms : 2000;
	src->peer_due_ns = now + src->peer_wait_ms * 1000000LL;
	return 1;
}

long schedule_source_wait_ms(const struct schedule_source *src, bool waiting)
{
	return src->sharded && waiting ? src->peer_wait_ms : -1;
}
