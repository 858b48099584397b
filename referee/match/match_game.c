/*
 * Playing one game of a match (see match_game.h): the header, start and
 * the fairness exchange (commit, lock, reveal: see docs/FAIRNESS.md), the
 * moves with their clocks, the result, the end message with the
 * referee's secret, and the signature, the log written as it goes.
 * Messages that every seat gets are written to all seats first and read
 * back after, so slow bots overlap.  A game opens with hello (to a new
 * process), start and commit written together, so that the commitment is
 * out before any reply is read.  Talking to one bot, a message and its
 * reply, is match_entrant.c's.
 */
#include "match_game.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/openings.h"
#include "base/records.h"
#include "base/util.h"
#include "bot/contain.h"
#include "bot/stderr_marks.h"
#include "config.h"
#include "plan/book.h"

#define REASON_LEN MATCH_REASON_LEN
#define DETAIL_LEN MATCH_DETAIL_LEN

/* Keeps `rec` (the queue owns it then) when it must wait: a draw (`order`,
 * its place plus one, arena_draws_order()) always, any other record while
 * a draw waits before it.  False, keeping nothing, when it need not.  A
 * plain array with a head: records leave in the order they came. */
static bool dealt_queue_hold(struct dealt_queue *q, cJSON *rec, uint64_t order)
{
	if (!order && q->head == q->count)
		return false;
	if (q->head == q->count)
		q->head = q->count = 0;
	if (q->count == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 16;
		q->records = xrealloc(q->records, q->cap * sizeof *q->records);
		q->orders = xrealloc(q->orders, q->cap * sizeof *q->orders);
	}
	q->records[q->count] = rec;
	q->orders[q->count++] = order;
	return true;
}

uint64_t dealt_queue_waiting(const struct dealt_queue *q)
{
	return q->head < q->count && q->orders[q->head] ? q->orders[q->head]
							: UINT64_MAX;
}

/* The first record waiting (the caller owns it), or NULL when none is;
 * with `draws_too` false, NULL when the first is a draw. */
static cJSON *dealt_queue_take(struct dealt_queue *q, bool draws_too)
{
	if (q->head == q->count || (!draws_too && q->orders[q->head]))
		return NULL;
	return q->records[q->head++];
}

static void dealt_queue_free(struct dealt_queue *q)
{
	while (q->head < q->count)
		cJSON_Delete(q->records[q->head++]);
	free(q->records);
	free(q->orders);
	memset(q, 0, sizeof *q);
}

static void append(struct game_run *g, cJSON *rec)
{
	if (!g->journal || g->failed)
		cJSON_Delete(rec);
	else if (journal_append(g->journal, rec, g->err))
		g->failed = true;
}

/* Writes `rec` to the log, if there is one, or in a set keeps it until
 * it is dealt (struct dealt_queue; `order`: a draw's place, else 0), and
 * returns a copy for shown() when the game is watched (else NULL). */
static cJSON *written_at(struct game_run *g, cJSON *rec, uint64_t order)
{
	cJSON *copy = g->match->config.on_record ? cJSON_Duplicate(rec, true) : NULL;

	if (!g->set || !g->journal || g->failed ||
	    !dealt_queue_hold(&g->waiting, rec, order))
		append(g, rec);
	return copy;
}

static cJSON *written(struct game_run *g, cJSON *rec)
{
	return written_at(g, rec, 0);
}

/* Hands a record from written() to the watcher once the game has played
 * it. */
static void shown(struct game_run *g, cJSON *copy)
{
	const struct match_config *c = &g->match->config;

	if (copy)
		c->on_record(c->hook_ctx, copy, &g->play);
	cJSON_Delete(copy);
}

static void record(struct game_run *g, cJSON *rec)
{
	shown(g, written(g, rec));
}

/* What the log holds so far written (and synced, a league's): its
 * header (its seats, its place) and its C before any reply of the
 * exchange is read, so that a game a stop cuts leaves a log that is
 * never empty (docs/FAIRNESS-LEAGUE.md, item 24). */
static void synced(struct game_run *g)
{
	if (g->journal && !g->failed && (g->match->config.durable ? journal_sync(g->journal, g->err)
								   : journal_flush(g->journal, g->err)))
		g->failed = true;
}

static void log_draw(void *ctx, const struct draw_record *draw)
{
	struct game_run *g = ctx;
	cJSON *rec = records_draw(draw);

	/* A what-if of a set's game is dealt alone: its own count. */
	if (g->match->config.what_if && arena_draws_in_set(&g->draws))
		cJSON_AddNumberToObject(rec, "dealt", (double)g->dealt++);
	shown(g, written_at(g, rec, g->draws.reached));
}

/* Whether the game runs the fairness exchange: a game alone or a set's
 * first; a set's later game and a what-if copy one. */
static bool exchanging(const struct match *match, const struct match_set *set)
{
	return !match->config.what_if && (!set || !set->next);
}

/* Takes `seat` out of the game for `f`, and stops its process. */
static void forfeit(struct game_run *g, int seat, const struct fault *f)
{
	struct game_outcome *o = g->outcome;
	cJSON *entry = cJSON_CreateObject();
	cJSON *rec = written(g, records_forfeit(seat, f->reason, f->detail));
	game_play_forfeit(&g->play, seat, &g->draws);
	shown(g, rec);
	o->forfeited[seat] = true;
	o->fault_move[seat] = g->playing ? o->actions + 1 : 0;
	snprintf(o->reason[seat], REASON_LEN, "%s", f->reason);
	snprintf(o->detail[seat], DETAIL_LEN, "%s", f->detail);
	cJSON_AddNumberToObject(entry, "seat", seat);
	cJSON_AddStringToObject(entry, "reason", f->reason);
	cJSON_AddItemToArray(g->forfeits, entry);
	entrant_stop(g->at[seat]);
}

static bool in_game(const struct game_run *g, int seat)
{
	return !g->play.out[seat] && g->at[seat]->bot;
}

/* The fault of a seat that could not be talked to: a forfeit, unless
 * `scored` (the result is final), in which case its process is only
 * stopped. */
static void talk_fault(struct game_run *g, int seat, struct fault *f,
		       const char *type, bool scored)
{
	entrant_name_message(f, type);
	if (!scored)
		forfeit(g, seat, f);
	else
		entrant_stop(g->at[seat]);
}

/* Writes msgs[s] to every seat s still in (NULL: none); sent[s] says
 * which took it. */
static void send_all(struct game_run *g, cJSON **msgs,
		     const struct allowance *a, bool scored, bool *sent)
{
	struct fault f;

	for (int s = 0; s < g->seats; s++) {
		sent[s] = false;
		if (!msgs[s] || !in_game(g, s))
			continue;
		sent[s] = entrant_send(g->at[s], msgs[s], a, &f);
		if (!sent[s])
			talk_fault(g, s, &f, entrant_message_type(msgs[s]), scored);
	}
}

/* Idles the bots of the seats not sent a message (none: every seat):
 * nobody thinks out of turn for long (bot_idle()). */
static void idle_others(struct game_run *g, const bool *sent)
{
	for (int s = 0; s < g->seats; s++)
		if (g->at[s]->bot && (!sent || !sent[s]))
			bot_idle(g->at[s]->bot);
}

/* Reads the reply of every seat that was sent msgs[s] and is still in
 * into replies[s] (NULL: none), then frees msgs. */
static void read_all(struct game_run *g, cJSON **msgs, const bool *sent,
		     const struct allowance *a, bool scored,
		     cJSON **replies)
{
	struct fault f;

	idle_others(g, sent);
	for (int s = 0; s < g->seats; s++) {
		replies[s] = NULL;
		if (!sent[s] || !in_game(g, s))
			continue;
		if (!(replies[s] = entrant_read(g->at[s], a, &f)))
			talk_fault(g, s, &f, entrant_message_type(msgs[s]), scored);
	}
	for (int s = 0; s < g->seats; s++) {
		cJSON_Delete(msgs[s]);
		msgs[s] = NULL;
	}
}

/* Sends msgs[s] to every seat s still in and reads each reply, as
 * send_all and read_all. */
static void exchange(struct game_run *g, cJSON **msgs, long allowance_ms,
		     bool scored, cJSON **replies)
{
	const struct allowance a = entrant_allow(&g->match->config, allowance_ms);
	bool sent[GAME_MAX_SEATS];

	send_all(g, msgs, &a, scored, sent);
	read_all(g, msgs, sent, &a, scored, replies);
}

static void delete_replies(cJSON **replies, int count)
{
	for (int s = 0; s < count; s++)
		cJSON_Delete(replies[s]);
}

/* The header's "place" (docs/LOGS.md): the run's id and the game's
 * number, and in a league the league, the run's number and the set's. */
static cJSON *place(const struct match_place *p, unsigned long game)
{
	cJSON *o = cJSON_CreateObject();

	if (p->league)
		cJSON_AddStringToObject(o, "league", p->league);
	json_add_hex(o, "run", p->run_id, FAIR_GAME_ID_BYTES);
	if (p->run_number)
		cJSON_AddNumberToObject(o, "run_number", (double)p->run_number);
	if (p->set_games)
		cJSON_AddNumberToObject(o, "set", (double)((game - 1) / (unsigned long)p->set_games + 1));
	cJSON_AddNumberToObject(o, "game", (double)game);
	return o;
}

static cJSON *header(struct game_run *g, const unsigned char *game_id)
{
	const struct match_config *c = &g->match->config;
	cJSON *h = json_typed("header"), *players, *time;

	cJSON_AddStringToObject(h, "format", "arena-log/1");
	cJSON_AddStringToObject(h, "referee", PACKAGE_NAME " " PACKAGE_VERSION);
	cJSON_AddNumberToObject(h, "fairness", FAIR_REVISION);
	cJSON_AddStringToObject(h, "game", c->rules->name);
	cJSON_AddStringToObject(h, "rules", c->rules->rules_version);
	json_add_hex(h, "game_id", game_id, FAIR_GAME_ID_BYTES);
	if (c->what_if) {
		cJSON_AddFalseToObject(h, "refereed");
		cJSON_AddItemToObject(h, "hypothetical",
				      cJSON_Duplicate(c->what_if->hypothetical, true));
	}
	if (g->set)
		cJSON_AddItemToObject(h, "set", match_set_describe(g->set));
	else if (c->what_if && c->what_if->set)
		cJSON_AddItemToObject(h, "set", cJSON_Duplicate(c->what_if->set, true));
	if (c->seed)
		cJSON_AddTrueToObject(h, "seeded");
	if (c->openings)
		cJSON_AddNumberToObject(h, "openings", c->openings);
	if (g->opening)
		cJSON_AddItemToObject(h, "book", book_describe(c->book, g->opening,
							       (long)c->book_first,
							       (long)c->book_unit));
	cJSON_AddItemToObject(h, "options", cJSON_Duplicate(c->options, true));
	time = cJSON_AddObjectToObject(h, "time");
	cJSON_AddNumberToObject(time, "move_ms", (double)c->time.move_ms);
	cJSON_AddNumberToObject(time, "game_ms", (double)c->time.game_ms);
	cJSON_AddStringToObject(time, "clock", wire_clock_name(c->time.clock));
	/* What held the bots (they share their limits), each part on its
	 * own: bubblewrap loads the seccomp filter into every sandbox. */
	cJSON_AddStringToObject(h, "containment",
				contain_summary(g->at[0]->config->spec.limits.contain));
	cJSON_AddBoolToObject(h, "sandbox", g->at[0]->config->spec.limits.sandbox);
	cJSON_AddBoolToObject(h, "seccomp", g->at[0]->config->spec.limits.sandbox);
	players = cJSON_AddArrayToObject(h, "players");
	for (int s = 0; s < g->seats; s++) {
		struct entrant *e = g->at[s];
		cJSON *p = cJSON_CreateObject();

		cJSON_AddNumberToObject(p, "seat", s);
		cJSON_AddStringToObject(p, "name", e->config->name);
		cJSON_AddStringToObject(p, "command", e->config->spec.command);
		cJSON_AddItemToObject(p, "files", cJSON_Duplicate(e->files, true));
		if (e->folder)
			cJSON_AddItemToObject(p, "folder", cJSON_Duplicate(e->folder, true));
		if (e->reported_name)
			cJSON_AddStringToObject(p, "reported_name", e->reported_name);
		if (e->reported_version)
			cJSON_AddStringToObject(p, "reported_version",
						e->reported_version);
		cJSON_AddItemToArray(players, p);
	}
	if (c->place)
		cJSON_AddItemToObject(h, "place", place(c->place, g->index));
	return h;
}

enum opening { HELLO, START, COMMIT, OPENING_MESSAGES };

/* Writes a seat's opening messages (hello NULL: not sent; commit NULL: a
 * later game of a set) together;
 * false with a fault if it cannot take them.  No reply is due yet, so a
 * fault is about the first of them. */
static bool send_opening(struct game_run *g, int seat,
			 cJSON *(*msgs)[GAME_MAX_SEATS], const struct allowance *a,
			 struct fault *f)
{
	struct entrant *e = g->at[seat];
	enum opening first = msgs[HELLO][seat] ? HELLO : START;
	const cJSON *opening[OPENING_MESSAGES];
	int count = 0;
	bool ok;

	for (int k = first; k < OPENING_MESSAGES && msgs[k][seat]; k++)
		opening[count++] = msgs[k][seat];
	/* In one write: the bot wakes once to them all. */
	ok = entrant_quiet(e, f) && entrant_write_all(e, opening, count, a, f);
	if (!ok)
		entrant_name_message(f, entrant_message_type(msgs[first][seat]));
	return ok;
}

/*
 * The opening, FAIRNESS.md steps 1 and 2: hello (to a process that has not
 * had it), start and the referee's commitment go out to every seat before
 * any reply is read, then the header is written (it holds what each bot
 * said in hello) and the replies are taken in that order, each round with
 * its allowance from when the round before was read.  Fills in which
 * seats committed, with their c_i, unless the game is a later one of a
 * set, which has no exchange; false when on_greeted ended the game.
 */
static bool open_game(struct game_run *g, const unsigned char *game_id,
		      const unsigned char *commitment, struct match_exchange *x)
{
	const struct match_config *c = &g->match->config;
	const char *names[GAME_MAX_SEATS];
	cJSON *msgs[OPENING_MESSAGES][GAME_MAX_SEATS] = {{NULL}};
	cJSON *replies[GAME_MAX_SEATS];
	struct fault faults[GAME_MAX_SEATS];
	bool sent[GAME_MAX_SEATS] = {false}, hello[GAME_MAX_SEATS] = {false};
	const struct allowance start = entrant_allow(c, c->time.start_ms);
	struct allowance round;
	char err[ERR_LEN];
	bool greeting = false, exchanges = exchanging(g->match, g->set);

	for (int s = 0; s < g->seats; s++)
		names[s] = g->at[s]->config->name;
	for (int s = 0; s < g->seats; s++) {
		if (!g->at[s]->bot)
			continue;
		hello[s] = !g->at[s]->greeted;
		msgs[HELLO][s] = hello[s] ? wire_hello() : NULL;
		msgs[START][s] = wire_start(c->rules, g->outcome->game_id, c->options,
					    s, names, g->seats, &c->time);
		if (g->set)
			cJSON_AddItemToObject(msgs[START][s], "set",
					      match_set_describe(g->set));
		msgs[COMMIT][s] = exchanges ? wire_commit(commitment) : NULL;
		sent[s] = send_opening(g, s, msgs, &start, &faults[s]);
		cJSON_Delete(msgs[HELLO][s]);
	}
	for (int s = 0; s < g->seats; s++)
		if (sent[s] && hello[s])
			sent[s] = entrant_take_hello(g->at[s],
						     entrant_read(g->at[s], &start,
								  &faults[s]),
						     &faults[s]);
	for (int s = 0; s < g->seats; s++) {
		greeting |= hello[s];
		/* Stopped now, so that its stderr file holds its last words. */
		if (hello[s] && !sent[s])
			entrant_stop(g->at[s]);
	}
	if (greeting && c->on_greeted && !c->on_greeted(c->hook_ctx, g->match, g->err)) {
		for (int s = 0; s < g->seats; s++) {
			cJSON_Delete(msgs[START][s]);
			cJSON_Delete(msgs[COMMIT][s]);
		}
		return false;
	}
	record(g, header(g, game_id));
	synced(g);
	for (int s = 0; s < g->seats; s++) {
		struct entrant *e = g->at[s];

		g->outcome->no_start[s] = e->pending || (hello[s] && !sent[s]);
		if (e->pending) {
			e->pending = false;
			forfeit(g, s, &e->pending_fault);
		} else if (!sent[s]) {
			forfeit(g, s, &faults[s]);
		}
	}

	round = entrant_allow(c, c->time.move_ms);
	read_all(g, msgs[START], sent, &round, false, replies);
	delete_replies(replies, g->seats);
	if (!exchanges)
		return true;
	record(g, records_hex("commit", "commitment", commitment, FAIR_HASH_BYTES));
	synced(g);
	round = entrant_allow(c, c->time.move_ms);
	read_all(g, msgs[COMMIT], sent, &round, false, replies);
	for (int s = 0; s < g->seats; s++) {
		bool declined = true;
		enum wire_error e;

		x->committed[s] = false;
		if (!replies[s])
			continue;
		e = wire_check_commit(replies[s], x->commits[s], &declined, err);
		if (e != WIRE_OK) {
			struct fault f = {.reason = wire_error_reason(e)};

			snprintf(f.detail, DETAIL_LEN, "commit: %s", err);
			forfeit(g, s, &f);
		}
		x->committed[s] = e == WIRE_OK && !declined;
	}
	delete_replies(replies, g->seats);
	for (int s = 0; s < g->seats; s++)
		record(g, records_bot_commit(s, x->committed[s] ? x->commits[s] : NULL));
	return true;
}

/* A reveal that does not open the seat's commitment, for its forfeit:
 * what the bot sent is quoted. */
static void reveal_fault(struct fault *f, const char *err, const cJSON *reply)
{
	char *text = json_print_line(reply);

	f->reason = "fairness";
	snprintf(f->detail, DETAIL_LEN, "lock: %s (the reply: %.120s)", err, text);
	free(text);
}

/* lock and reveal: fills the contributions and sets x->keyed, false when
 * a seat that committed did not reveal a matching value, so no key may be
 * formed.  Every committed seat's reveal is recorded, matching or not
 * (null when it sent none), so that anyone can check the fault of a seat
 * that forfeits here. */
static void lock_and_reveal(struct game_run *g, const unsigned char *game_id,
			    const unsigned char *commitment,
			    struct match_exchange *x)
{
	const unsigned char *list[GAME_MAX_SEATS];
	cJSON *msgs[GAME_MAX_SEATS], *replies[GAME_MAX_SEATS];
	bool keyed = true;
	char err[ERR_LEN];

	for (int s = 0; s < g->seats; s++)
		list[s] = x->committed[s] ? x->commits[s] : NULL;
	for (int s = 0; s < g->seats; s++)
		msgs[s] = wire_lock(list, g->seats);
	exchange(g, msgs, g->match->config.time.move_ms, false, replies);
	for (int s = 0; s < g->seats; s++) {
		struct fault f;
		bool valid = false, opened = false;

		memset(x->contributions[s], 0, FAIR_SECRET_BYTES);
		x->revealed[s] = x->opened[s] = false;
		if (!x->committed[s])
			continue;
		valid = replies[s] && wire_check_lock(replies[s], true, x->contributions[s],
						      err) == WIRE_OK;
		if (valid) {
			unsigned char check[FAIR_HASH_BYTES];

			arena_fair_bot_commitment(check, game_id, (uint32_t)s, commitment,
					    x->contributions[s]);
			opened = sodium_memcmp(check, x->commits[s], FAIR_HASH_BYTES) == 0;
			snprintf(err, ERR_LEN, "the reveal does not match the commitment");
		}
		x->revealed[s] = valid;
		x->opened[s] = opened;
		/* A seat that sent nothing has already forfeited in exchange(). */
		record(g, records_bot_reveal(s, valid ? x->contributions[s] : NULL));
		if (!opened && replies[s]) {
			reveal_fault(&f, err, replies[s]);
			forfeit(g, s, &f);
		}
		keyed = keyed && opened;
	}
	delete_replies(replies, g->seats);
	x->keyed = keyed;
}

/* A later game of a set runs no exchange: its log copies the first
 * game's, with that game's seat numbers, so that it verifies alone.  A
 * bot that did not open its commitment there forfeits here too, before
 * the first move, wherever this game seats it (docs/FAIRNESS.md, item
 * 9).  A what-if copies its logged game's, whose key was formed. */
static void copy_exchange(struct game_run *g, const struct match_exchange *x,
			  const unsigned char *commitment)
{
	struct fault f = {.reason = "fairness"};

	record(g, records_hex("commit", "commitment", commitment, FAIR_HASH_BYTES));
	for (int s = 0; s < g->seats; s++)
		record(g, records_bot_commit(s, x->committed[s] ? x->commits[s] : NULL));
	for (int s = 0; s < g->seats; s++)
		if (x->committed[s])
			record(g, records_bot_reveal(s, x->revealed[s] ? x->contributions[s]
								      : NULL));
	snprintf(f.detail, sizeof f.detail, "lock: its reveal in the set's first "
		 "game did not open its commitment");
	for (int s = 0; g->set && s < g->seats; s++)
		for (int t = 0; t < g->seats; t++)
			if (x->committed[s] && !x->opened[s] &&
			    g->at[t]->index == g->set->seating[s] && !g->play.out[t])
				forfeit(g, t, &f);
}

/* Asks the seat to move for its action and applies it, or forfeits it. */
static void play_turn(struct game_run *g, int seat)
{
	const struct match_config *c = &g->match->config;
	const struct game_rules *rules = c->rules;
	long allowance = c->time.move_ms;
	cJSON *msgs[GAME_MAX_SEATS] = {NULL}, *replies[GAME_MAX_SEATS], *rec = NULL;
	const cJSON *action;
	char err[ERR_LEN], info[WIRE_INFO_MAX + 1];
	int64_t start, took, cpu;
	bool illegal;

	if (c->time.game_ms) {
		long left = c->time.game_ms - (long)(g->used_ns[seat] / 1000000);

		allowance = left < allowance ? (left > 0 ? left : 0) : allowance;
	}
	if (g->at[seat]->bot)
		bot_stderr_mark(g->at[seat]->bot, STDERR_MARK_MOVE_FORMAT,
				g->play.step + 1);
	msgs[seat] = wire_turn(seat, rules->view(g->play.state, seat),
			       rules->legal(g->play.state), allowance);
	start = now_ns();
	exchange(g, msgs, allowance, false, replies);
	took = now_ns() - start;
	if (!replies[seat])
		return;
	cpu = bot_reply_cpu_ns(g->at[seat]->bot);
	g->used_ns[seat] += c->time.clock == CLOCK_CPU ? cpu : took;
	if (wire_check_turn(replies[seat], &action, err) != WIRE_OK) {
		struct fault f = {.reason = "bad-reply"};

		snprintf(f.detail, DETAIL_LEN, "%s", err);
		forfeit(g, seat, &f);
		cJSON_Delete(replies[seat]);
		return;
	}
	/* Recorded before it is applied: the draws it causes follow it, and
	 * an illegal action stays in the log for anyone to check. */
	reply_times_add(&g->outcome->replies[seat].wall, took / 1000);
	if (c->time.clock == CLOCK_CPU)
		reply_times_add(&g->outcome->replies[seat].cpu, cpu / 1000);
	if (g->journal || c->on_record)
		rec = written(g, records_action(seat, action, took / 1000,
						c->time.clock == CLOCK_CPU ? cpu / 1000 : -1,
						wire_turn_info(replies[seat], info)));
	illegal = game_play_apply(&g->play, action, &g->draws, err) != 0;
	shown(g, rec);
	if (illegal) {
		struct fault f = {.reason = "illegal-action"};
		char *text = json_print_line(action);

		snprintf(f.detail, DETAIL_LEN, "%s (the action: %.120s)", err, text);
		free(text);
		forfeit(g, seat, &f);
	} else {
		g->outcome->actions++;
	}
	cJSON_Delete(replies[seat]);
}

/* The opening: its moves drawn, or the book's line, logged, no bot asked
 * (openings.h, book.h).  An opening move the rules refuse is the
 * referee's failure. */
static void play_opening(struct game_run *g)
{
	const struct match_config *c = &g->match->config;
	const cJSON *moves = g->opening ? g->opening->moves : NULL;
	int plies = moves ? cJSON_GetArraySize(moves) : c->openings;

	for (int done = 0; !g->failed && openings_due(&g->play, plies, done);
	     done++) {
		int seat = game_play_to_move(&g->play);
		cJSON *action = moves ? cJSON_Duplicate(cJSON_GetArrayItem(moves, done), true)
				      : openings_draw(&g->play, &g->draws), *rec;
		char err[ERR_LEN];

		rec = written(g, records_opening(seat, action));
		if (game_play_apply(&g->play, action, &g->draws, err)) {
			g->failed = true;
			errorf(g->err, "the rules refuse an opening move they "
			       "listed as legal: %s", err);
		}
		shown(g, rec);
		g->outcome->actions++;
		cJSON_Delete(action);
	}
}

/* A what-if's moves (match_set.h), no bot asked: the logged game's
 * actions, with their times and words, and its forfeits, then the other
 * action.  An action the rules refuse ends it, with their reason. */
static void play_what_if(struct game_run *g)
{
	const cJSON *move;
	char err[ERR_LEN];

	cJSON_ArrayForEach(move, g->match->config.what_if->moves) {
		int seat = (int)cJSON_GetNumberValue(json_member(move, "seat"));
		const cJSON *action = json_member(move, "action"), *cpu = json_member(move, "cpu_us");
		struct fault f = {.reason = cJSON_GetStringValue(json_member(move, "reason"))};
		cJSON *rec;

		if (g->failed || !action) {
			snprintf(f.detail, DETAIL_LEN, "%s", cJSON_GetStringValue(json_member(move, "detail")));
			if (!g->failed)
				forfeit(g, seat, &f);
			continue;
		}
		rec = written(g, records_action(seat, action,
						(long long)cJSON_GetNumberValue(json_member(move, "us")),
						cpu ? (long long)cJSON_GetNumberValue(cpu) : -1,
						cJSON_GetStringValue(json_member(move, "info"))));
		if (game_play_apply(&g->play, action, &g->draws, err))
			g->failed = errorf(g->err, "move %d: %s", g->play.step + 1, err) != 0;
		shown(g, rec);
		g->outcome->actions++;
	}
}

/* The result, end and, for a game alone, S (a set's S comes out once the
 * set is over: `secret` NULL). */
static void finish_game(struct game_run *g, const unsigned char *secret)
{
	cJSON *msgs[GAME_MAX_SEATS], *replies[GAME_MAX_SEATS];
	struct game_result *result = &g->outcome->result;

	game_play_result(&g->play, result);
	record(g, records_result(json_typed("result"), result, g->seats));
	for (int s = 0; s < g->seats; s++) {
		if (g->at[s]->bot)
			bot_stderr_mark(g->at[s]->bot, STDERR_MARK_END);
		msgs[s] = wire_end(result, g->seats,
				   cJSON_Duplicate(g->forfeits, true), secret);
	}
	exchange(g, msgs, g->match->config.time.move_ms, true, replies);
	delete_replies(replies, g->seats);
	if (secret)
		record(g, records_hex("reveal", "secret", secret, FAIR_SECRET_BYTES));
}

/* Marks each bot's stderr file with the game about to start, so that
 * what it writes can be told apart game by game (and, with the marks of
 * its moves, bot_stderr_mark, move by move). */
static void note_game(struct game_run *g, unsigned long index)
{
	for (int s = 0; s < g->seats; s++) {
		char line[160];

		if (!g->at[s]->bot)
			continue;
		snprintf(line, sizeof line, STDERR_MARK_GAME_FORMAT, index, g->outcome->game_id, s,
			 g->match->config.rules->name);
		bot_stderr_note(g->at[s]->bot, line, g->at[s]->greeted);
	}
}

/* The game's id, and the secret and commitment of its exchange: a game
 * alone has its own, a game of a set the set's. */
static void game_secrets(struct game_run *g, unsigned long index)
{
	const struct match_config *c = &g->match->config;

	if (c->what_if) {
		memcpy(g->game_id, c->what_if->game_id, FAIR_GAME_ID_BYTES);
		memcpy(g->secret, c->what_if->secret, FAIR_SECRET_BYTES);
		memcpy(g->commitment, c->what_if->commitment, FAIR_HASH_BYTES);
		return;
	}
	if (g->set) {
		match_set_game_id(g->set, match_secrets_seed(c), index, g->game_id);
		memcpy(g->secret, g->set->secret, FAIR_SECRET_BYTES);
		memcpy(g->commitment, g->set->commitment, FAIR_HASH_BYTES);
		return;
	}
	match_secrets(match_secrets_seed(c), index, g->game_id, g->secret, g->commitment);
}

/* Seats the entrants, each with a process when it can have one (one
 * that faulted in its last game is started afresh). */
static void seat_entrants(struct game_run *g, const int *seating)
{
	for (int s = 0; s < g->seats; s++) {
		struct entrant *e = &g->match->entrants[seating[s]];
		char spawn_err[ERR_LEN];

		g->at[s] = e;
		if (!e->bot && !e->pending)
			entrant_spawn(e, spawn_err);
	}
}

/* The draws of play: the match key from the exchange, then who starts and
 * the opening; a game whose key cannot be formed is abandoned.  -1 when
 * the rules refuse the game's options. */
static int begin_play(struct game_run *g, struct match_exchange *x)
{
	const struct match_config *c = &g->match->config;
	const struct match_what_if *w = c->what_if;
	const unsigned char *exchange_id = g->set ? g->set->id
					   : w ? w->exchange_id : g->game_id;
	unsigned char key[FAIR_HASH_BYTES];
	cJSON *begin;

	if (!x->keyed) {
		record(g, records_hex("abandon", "game_id", g->game_id,
				      sizeof g->game_id));
		return 0;
	}
	arena_fair_match_key(key, g->secret, exchange_id, g->commitment,
			     (uint32_t)g->seats,
			     (const unsigned char (*)[FAIR_SECRET_BYTES])x->contributions);
	/* Shown once play has begun (the draw of who starts made). */
	begin = written(g, records_hex("begin", "game_id", g->game_id,
				       sizeof g->game_id));
	arena_draws_init(&g->draws, key, log_draw, g);
	sodium_memzero(key, sizeof key);
	if (g->set || (w && w->set))
		arena_draws_by_seat(&g->draws);
	if (game_play_begin(&g->play, c->options, &g->draws, g->err)) {
		cJSON_Delete(begin);
		return -1;
	}
	shown(g, begin);
	play_opening(g);
	if (w)
		play_what_if(g);
	return 0;
}

int game_run_open(struct game_run *g, struct match *match, struct match_set *set,
		  unsigned long index, const int *seating, int seats,
		  const char *log_path, struct game_outcome *outcome, char *err)
{
	struct match_exchange *x = set ? &set->exchange : &g->alone;
	bool exchanges = exchanging(match, set);

	memset(g, 0, sizeof *g);
	g->match = match;
	g->seats = seats;
	g->err = err;
	g->outcome = outcome;
	g->set = set;
	g->index = index;
	if (match->config.what_if)
		g->alone = match->config.what_if->exchange;
	memset(outcome, 0, sizeof *outcome);
	outcome->seats = seats;
	game_secrets(g, index);
	hex_encode(outcome->game_id, g->game_id, sizeof g->game_id);
	g->forfeits = cJSON_CreateArray();
	if (match->config.book)
		g->opening = book_pick(match->config.book,
				       (long)(index - match->config.book_first) /
				       match->config.book_unit);
	game_play_init(&g->play, match->config.rules, seats);
	if (log_path && !(g->journal = match->config.log_made
					 ? journal_adopt(log_path, err)
					 : journal_create(log_path, err)))
		return -1;
	if (g->journal && match->config.compress)
		journal_compress(g->journal);
	seat_entrants(g, seating);
	if (set) {
		g->set_game = set->next;
		if (exchanges)
			memcpy(set->seating, seating, (size_t)seats * sizeof *seating);
	}
	note_game(g, index);
	if (!open_game(g, g->game_id, g->commitment, x))
		return -1;
	if (exchanges)
		lock_and_reveal(g, set ? set->id : g->game_id, g->commitment, x);
	else
		copy_exchange(g, x, g->commitment);
	if (set)
		set->next++;
	if (begin_play(g, x))
		return -1;
	/* What is written so far (the header, the commitment) on disk before
	 * any bot moves: a game a stop cuts leaves a log that names its
	 * seats and its C (a league keeps it, league_cut.h). */
	if (g->journal && !g->failed && journal_flush(g->journal, err))
		return -1;
	g->playing = true;
	return g->failed ? -1 : 0;
}

bool game_run_step(struct game_run *g)
{
	int seat = g->failed ? -1 : game_play_to_move(&g->play);

	if (seat < 0)
		return false;
	play_turn(g, seat);
	return true;
}

int game_run_close(struct game_run *g)
{
	const struct match_config *c = &g->match->config;

	finish_game(g, g->set ? NULL : g->secret);
	idle_others(g, NULL);
	if (g->failed)
		return -1;
	if (g->set)
		return 0;
	if (c->what_if) /* never signed: no game was played */
		return g->journal ? journal_flush(g->journal, g->err) : 0;
	if (g->journal && journal_sign(g->journal, c->key, g->game_id, g->err))
		return -1;
	return 0;
}

void game_run_deal(struct game_run *g)
{
	cJSON *rec = dealt_queue_take(&g->waiting, true);

	cJSON_AddNumberToObject(rec, "dealt", (double)g->set->dealt++);
	append(g, rec);
	while ((rec = dealt_queue_take(&g->waiting, false)))
		append(g, rec);
}

int game_run_hand_over(struct game_run *g)
{
	struct journal *journal = g->journal;

	if (g->failed)
		return -1;
	g->journal = NULL;
	return match_set_game_ended(g->set, g->set_game, journal, g->game_id,
				    g->match->config.key, g->err);
}

void game_run_idle(struct game_run *g)
{
	idle_others(g, NULL);
}

void game_run_free(struct game_run *g)
{
	sodium_memzero(g->secret, sizeof g->secret);
	sodium_memzero(&g->alone, sizeof g->alone);
	journal_free(g->journal);
	dealt_queue_free(&g->waiting);
	game_play_free(&g->play);
	cJSON_Delete(g->forfeits);
}
