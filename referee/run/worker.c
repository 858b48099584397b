/*
 * Tournament workers; see worker.h.
 */
#include "worker.h"

#include <fcntl.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/files.h"
#include "base/outdir.h"
#include "base/util.h"
#include "bot/contain.h"
#include "bot/excerpt.h"
#include "match/match.h"
#include "match/match_set.h"
#include "tournament_entrant.h"

/* A worker that ends, told to or not, takes its bots' whole process
 * groups with it: the parent-death signal would reach the bots but not
 * what they started, nor a sandbox's first process while bubblewrap
 * still sets it up (its own parent-death signal is set only later). */
void worker_leave(int code)
{
	bot_kill_all();
	_exit(code);
}

void worker_say(int fd, const char *fmt, ...)
{
	char line[ERR_LEN + 256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof line)
		n = (int)strlen(line);
	/* A parent that is gone takes its workers with it. */
	if (write(fd, line, (size_t)n) != n)
		worker_leave(1);
}

/* What the "F" line says of a finished game after its log's hash, seat
 * by seat: the ranks; each forfeit's reason, or "-"; the reply times to
 * turns (reply_clocks_to_text's short form). */
static size_t finished_fields(const struct game_outcome *o, int players,
			      char *buf, size_t size)
{
	size_t len = 0;

	for (int s = 0; s < players; s++)
		len += (size_t)snprintf(buf + len, size - len, " %d", o->result.rank[s]);
	for (int s = 0; s < players; s++)
		len += (size_t)snprintf(buf + len, size - len, " %s",
					o->forfeited[s] ? o->reason[s] : "-");
	for (int s = 0; s < players && len + 1 < size; s++) {
		buf[len++] = ' ';
		len += (size_t)reply_clocks_to_text(&o->replies[s], buf + len, size - len);
	}
	return len < size ? len : size - 1;
}

void worker_finished(int out, long game, const char *sha256,
		     const struct game_outcome *outcome, int players)
{
	static char line[WORKER_LINE_MAX - 1];
	size_t len = (size_t)snprintf(line, sizeof line, "F %ld %s", game, sha256);

	len += finished_fields(outcome, players, line + len, sizeof line - len - 1);
	line[len++] = '\n';
	if (write(out, line, len) != (ssize_t)len)
		worker_leave(1);
}

int worker_read_finished(const char *line, int players, long *game,
			 char *sha256, int *ranks, const char **rest)
{
	const char *p = line + 2;
	char *end;
	size_t len;

	if (strncmp(line, "F ", 2))
		return -1;
	*game = strtol(p, &end, 10);
	if (end == p || *end != ' ')
		return -1;
	p = end + 1;
	if (!(len = strcspn(p, " ")) || len >= FILES_SHA256_HEX)
		return -1;
	memcpy(sha256, p, len);
	sha256[len] = '\0';
	p += len;
	for (int s = 0; s < players; s++) {
		if (*p != ' ')
			return -1;
		ranks[s] = (int)strtol(++p, &end, 10);
		if (end == p || (*end && *end != ' ') || ranks[s] < 1 || ranks[s] > players)
			return -1;
		p = end;
	}
	*rest = p;
	return 0;
}

/* A "B" line for each seat of a game whose bot did not start, with the
 * first line of its stderr file on `lane`, the match that played the
 * game (else why it did not start). */
static void say_no_starts(int out, long game, const struct game_outcome *o,
			  const struct schedule_table *t, const int *seating,
			  int players, const struct match *lane, bool sandboxed)
{
	for (int s = 0; s < players; s++) {
		struct excerpt x;

		if (!o->no_start[s])
			continue;
		excerpt_read(match_stderr_path(lane, seating[s]), sandboxed, &x);
		worker_say(out, "B %ld %d %.300s\n", game, t->bots[seating[s]],
		    excerpt_first(&x) ? excerpt_first(&x) : o->detail[s]);
		excerpt_free(&x);
	}
}

/* The seating of game `number` by the bots' places at table t: seats
 * name bots of the spec, the match knows them by their place. */
static void table_seating(const struct worker_job *job,
			  const struct schedule_table *t, long number,
			  int *seating)
{
	const struct scheduled_game *game = &job->schedule->games[number - 1];
	int players = job->schedule->players;

	for (int s = 0; s < players; s++)
		for (int i = 0; i < players; i++)
			if (t->bots[i] == game->seating[s])
				seating[s] = i;
}

/* Says that game `number`, whose log at `log` is complete, has finished
 * (played on `lane`, one of the table's matches, seated by the bots'
 * places at the table). */
static void report_game(const struct worker_job *job, const struct schedule_table *t,
			long number, const char *log, const int *seating,
			const struct match *lane, const struct game_outcome *outcome, int out)
{
	char hash[FILES_SHA256_HEX], err[ERR_LEN];
	int players = job->schedule->players;

	if (files_sha256(AT_FDCWD, log, hash)) {
		errorf(err, "cannot read '%s'", log);
		worker_say(out, "E %ld %s\n", number, err);
		worker_leave(1);
	}
	say_no_starts(out, number, outcome, t, seating, players, lane,
		      job->spec->limits.sandbox);
	worker_finished(out, number, hash, outcome, players);
}

/* Plays and reports `count` games of table `t`: one alone on lanes[0],
 * or a whole duplicate set on lanes[0..count-1]; after an "E" line, the
 * worker ends. */
static void play_games(const struct worker_job *job, const struct schedule_table *t,
		       struct match **lanes, const long *games, int count,
		       const unsigned char *deal_key, int out)
{
	struct match_set_game set_games[GAME_MAX_SEATS];
	struct game_outcome outcomes[GAME_MAX_SEATS];
	char *logs[GAME_MAX_SEATS], err[ERR_LEN];
	struct match_round round = {.games = set_games, .count = count,
				    .seats = job->schedule->players,
				    .duplicate = job->duplicate, .set_seed = deal_key};

	for (int k = 0; k < count; k++) {
		set_games[k].index = (unsigned long)games[k];
		set_games[k].log_path = logs[k] = outdir_log(job->out_dir, games[k]);
		table_seating(job, t, games[k], set_games[k].seating);
	}
	if (match_play_round(lanes, &round, outcomes, err)) {
		worker_say(out, "E %ld %s\n", games[0], err);
		worker_leave(1);
	}
	for (int k = 0; k < count; k++) {
		report_game(job, t, games[k], logs[k], set_games[k].seating, lanes[k],
			    &outcomes[k], out);
		free(logs[k]);
	}
}

/* Plays the listed games of one table with one set of bot processes, or
 * with "duplicate" as whole sets (tournament_file.c, "duplicate"), each game of a
 * set on its own processes (lanes[k]: the match and its twins), all at
 * once, in step: a set's games are reported once its last has ended and
 * every log of the set is signed. */
static void play_table(const struct worker_job *job, int table,
		       const long *games, int count,
		       const unsigned char *deal_key, int out)
{
	const struct tournament_spec *spec = job->spec;
	const struct schedule_table *t = &job->schedule->tables[table];
	int players = job->schedule->players, per_set = job->duplicate ? players : 1;
	struct match_entrant entrants[GAME_MAX_SEATS];
	char *stderr_paths[GAME_MAX_SEATS];
	const char **hidden[GAME_MAX_SEATS];
	const struct match_place place = {.run_id = job->run_id};
	struct match_config config = {
		.rules = spec->rules, .options = spec->options,
		.time = spec->time, .key = job->key, .grace_ms = 200,
		.deal_key = deal_key,
		.openings = spec->openings, .compress = spec->compress,
		.book = spec->book.count ? &spec->book : NULL,
		.book_first = (unsigned long)t->first_game,
		.book_unit = tournament_book_unit(spec),
		.place = &place,
	};
	char err[ERR_LEN];
	struct match *lanes[GAME_MAX_SEATS] = {NULL};

	for (int i = 0; i < players; i++) {
		stderr_paths[i] = outdir_table_stderr(job->out_dir, table + 1,
						      spec->bots[t->bots[i]].name);
		hidden[i] = tournament_entrant(spec, t->bots[i], stderr_paths[i],
					       &entrants[i]);
	}
	if (count % per_set) {
		worker_say(out, "E %ld a duplicate set of %d games was handed %d "
			   "games\n", games[0], per_set, count);
		worker_leave(1);
	}
	lanes[0] = match_start(&config, entrants, players, err);
	if (!lanes[0] || !match_twins(lanes, per_set, err)) {
		worker_say(out, "E %ld %s\n", games[0], err);
		worker_leave(1);
	}
	for (int g = 0; g < count; g += per_set)
		play_games(job, t, lanes, games + g, per_set, deal_key, out);
	match_finish_lanes(lanes, per_set);
	for (int i = 0; i < players; i++) {
		free(stderr_paths[i]);
		free(hidden[i]);
	}
	worker_say(out, "D %d\n", table);
}

void worker_stop(int sig)
{
	worker_leave(128 + sig);
}

void worker_main(const struct worker_job *job, int in, int out)
{
	FILE *input;
	char *line = NULL;
	size_t cap = 0;

	/* The folder's lock is held until the last worker has gone, and so
	 * is the keeper's pipe, so that the keeper sweeps the bots' groups
	 * only once no worker makes any. */
	for (int fd = 3; fd < 1024; fd++)
		if (fd != in && fd != out && fd != job->lock_fd && fd != contain_keep_fd())
			close(fd);
	input = fdopen(in, "r");

	while (input && getline(&line, &cap, input) > 0) {
		long *games = xmalloc(strlen(line) * sizeof *games);
		char *p = line + 1, *end;
		unsigned char deal_key[FAIR_HASH_BYTES];
		bool keyed;
		int table, count = 0;

		if (line[0] != 'T')
			break;
		table = (int)strtol(p, &end, 10);
		for (p = end; (games[count] = strtol(p, &end, 10)) > 0 && end != p; p = end)
			count++;
		if (!job->play && p[0] == ' ' && p[1] == 'S') {
			int pair[2];

			pair[0] = (int)strtol(p + 2, &end, 10);
			pair[1] = (int)strtol(end, &end, 10);
			schedule_seat_pair(job->schedule, table, pair);
			p = end;
		}
		keyed = false;
		if (!strncmp(p, " K ", 3)) {
			p[3 + strcspn(p + 3, "\n")] = '\0';
			keyed = !hex_decode(deal_key, sizeof deal_key, p + 3);
		}
		(job->play ? job->play : play_table)(job, table, games, count,
						     keyed ? deal_key : NULL, out);
		sodium_memzero(deal_key, sizeof deal_key);
		free(games);
	}
	if (job->quit)
		job->quit(job);
	_exit(0);
}

int worker_assign(int to, int table, const long *games, int count,
		  const int *pair, const unsigned char *deal_key)
{
	size_t cap = 64 + 2 * FAIR_HASH_BYTES + (size_t)count * 24, len;
	char *msg = xmalloc(cap);
	int rc = 0;

	len = (size_t)snprintf(msg, cap, "T %d", table);
	for (int i = 0; i < count; i++)
		len += (size_t)snprintf(msg + len, cap - len, " %ld", games[i]);
	if (pair)
		len += (size_t)snprintf(msg + len, cap - len, " S %d %d", pair[0], pair[1]);
	if (deal_key) {
		len += (size_t)snprintf(msg + len, cap - len, " K ");
		hex_encode(msg + len, deal_key, FAIR_HASH_BYTES);
		len += 2 * FAIR_HASH_BYTES;
	}
	msg[len++] = '\n';
	if (write(to, msg, len) != (ssize_t)len)
		rc = -1;
	free(msg);
	return rc;
}
