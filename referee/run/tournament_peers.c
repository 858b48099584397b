/*
 * The other shards of a sharded Swiss run; see tournament_peers.h.
 */
#include "tournament_peers.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/keys.h"
#include "base/logread.h"
#include "base/outdir.h"
#include "base/util.h"
#include "base/verify.h"
#include "manifest/manifest.h"
#include "manifest/manifest_read.h"

char *tournament_peer_dir(const char *out_dir, int index, int peer)
{
	size_t len = strlen(out_dir), digits = 0;
	char number[16];

	while (len > 1 && out_dir[len - 1] == '/')
		len--;
	while (digits < len && isdigit((unsigned char)out_dir[len - 1 - digits]))
		digits++;
	snprintf(number, sizeof number, "%d", index);
	if (!digits || digits != strlen(number) ||
	    strncmp(out_dir + len - digits, number, digits))
		return NULL;
	return xasprintf("%.*s%d", (int)(len - digits), out_dir, peer);
}

/* Whether peer game `g`'s log is signed with the run's key and ranks its
 * seats as the manifest `v` says. */
static bool log_holds(const struct tournament_peers *p, const struct manifest_view *v,
		      long g)
{
	char *path = outdir_log(v->dir, g), why[ERR_LEN];
	struct verify_summary summary;
	struct game_log log = {0};
	int ranks[2];
	bool ok = logread_load(path, &log, why) == 0 &&
		  verify_log(&log, p->key, NULL, &summary, why) == 0 &&
		  logread_ranks(&log, ranks, 2) == 2 &&
		  ranks[0] == v->ranks[2 * g] && ranks[1] == v->ranks[2 * g + 1];

	logread_free(&log);
	free(path);
	return ok;
}

/* Whether the peer `v`, shard `peer`, is of this run: 0, or -1 with err. */
static int same_run(const struct tournament_peers *p, const struct manifest_view *v,
		    int peer, char *err)
{
	char shard[24], *pub = outdir_public_key(v->dir), why[ERR_LEN];
	unsigned char key[32];
	int rc = 0;

	snprintf(shard, sizeof shard, "%d/%d", peer, p->count);
	if (keys_load_public(pub, key, why) || memcmp(key, p->key, sizeof key))
		rc = errorf(err, "%s: not signed with this run's key (%s): a "
			    "shard of another run is in its folder", v->path, pub);
	else if (strcmp(v->shard, shard) || strcmp(v->file_sha256, p->file_sha256) ||
		 v->game_count != p->schedule->game_count)
		rc = errorf(err, "%s: shard %s of a tournament file with SHA-256 "
			    "%s, not shard %s of this run's (%s): give every shard "
			    "of one run the same file, and --out folders that end "
			    "in their shard numbers", v->path, v->shard,
			    v->file_sha256, shard, p->file_sha256);
	free(pub);
	return rc;
}

/* Whether peer game `g` is one of its seated tables, as this shard
 * pairs them, with its log: 0, or -1 with err. */
static int check_game(const struct tournament_peers *p, const struct manifest_view *v,
		      int peer, long g, char *err)
{
	const struct scheduled_game *game = &p->schedule->games[g - 1];

	if (!schedule_in_shard(game->table, peer, p->count) ||
	    v->seats[2 * g] != game->seating[0] || v->seats[2 * g + 1] != game->seating[1])
		return errorf(err, "%s: game %ld is not the game of shard %d/%d "
			      "that this run pairs: the shards do not play one "
			      "Swiss run", v->path, g, peer, p->count);
	if (!log_holds(p, v, g))
		return errorf(err, "%s: game %ld has no log signed by this run's "
			      "key that ranks its seats as the manifest does",
			      v->path, g);
	return 0;
}

/* Whether peer game `g` is new to this shard and of a seated table. */
static bool is_new(const struct tournament_peers *p, const struct manifest_view *v,
		   long g)
{
	return v->state[g] == MANIFEST_FINISHED && !p->finished[g] &&
	       schedule_table_seated(p->schedule, p->schedule->games[g - 1].table);
}

/* Peer `peer`'s new games: how many, or -1 with err. */
static int take_peer(struct tournament_peers *p, int peer, char *err)
{
	char *dir = tournament_peer_dir(p->out_dir, p->index, peer);
	char *path = manifest_find(dir), first[ERR_LEN] = "";
	struct problems problems = {.report = problems_keep_first, .ctx = first};
	struct manifest_view v = {0};
	int rc = 0, taken = 0;

	if (!path) {
		free(dir);
		return 0;       /* not started yet */
	}
	if (manifest_read(path, p->key, MANIFEST_RUNNING, &v, &problems) || problems.count)
		rc = errorf(err, "%s: cannot be trusted: %s", path, first);
	else
		rc = same_run(p, &v, peer, err);
	for (long g = 1; !rc && g <= v.game_count; g++)
		if (is_new(p, &v, g))
			rc = check_game(p, &v, peer, g, err);
	for (long g = 1; !rc && g <= v.game_count; g++)
		if (is_new(p, &v, g)) {
			p->take(p->ctx, g, (int[]){v.ranks[2 * g], v.ranks[2 * g + 1]});
			taken++;
		}
	manifest_view_free(&v);
	free(path);
	free(dir);
	return rc ? rc : taken;
}

int tournament_peers_take(struct tournament_peers *p, char *err)
{
	int taken = 0;

	for (int peer = 1; peer <= p->count; peer++) {
		int n = peer == p->index ? 0 : take_peer(p, peer, err);

		if (n < 0)
			return -1;
		taken += n;
	}
	return taken;
}

void tournament_peers_waiting(struct tournament_peers *p, int round)
{
	const struct schedule *sc = p->schedule;
	int boards = sc->swiss.bots / 2;

	for (int peer = 1; peer <= p->count; peer++) {
		long games = 0, done = 0;
		char *line;

		for (int t = round * boards; t < (round + 1) * boards; t++) {
			if (!schedule_in_shard(t, peer, p->count))
				continue;
			for (long n = sc->tables[t].first_game;
			     n < sc->tables[t].first_game + sc->tables[t].game_count; n++) {
				games++;
				done += p->finished[n];
			}
		}
		if (peer == p->index || done == games)
			continue;
		line = xasprintf("round %d: waiting for shard %d (%ld of %ld games)",
				 round + 1, peer, done, games);
		if (!p->said || strcmp(p->said, line)) {
			fprintf(stderr, "%s\n", line);
			free(p->said);
			p->said = line;
		} else {
			free(line);
		}
		return;
	}
}

void tournament_peers_free(struct tournament_peers *p)
{
	free(p->said);
	p->said = NULL;
}
