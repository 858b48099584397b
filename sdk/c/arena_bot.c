/*
 * The C bot SDK (arena_bot.h): reads the referee's messages one line at a
 * time, answers each with exactly one line, and does the bot's side of the
 * fairness exchange of FAIRNESS.md, steps 1-3: at commit it draws r_i and
 * sends c_i = H("arena:botcommit", -, game_id || LE32(seat) || C || r_i),
 * at lock it reveals r_i, and at end it checks the referee's commitment
 * C = H("arena:commit", -, game_id || S) against the secret S.  Each
 * message type has one handler; everything the bot decides goes through
 * the callbacks.
 */
#include "arena_bot.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "games/fair.h"
#include "games/support.h"

#include <sodium.h>

#define PROTOCOL_VERSION 1

/* What the fairness exchange of the current game needs to remember. */
struct game {
	int started;                            /* start seen */
	int committed;                          /* c_i sent */
	int in_set;                             /* start named a duplicate set */
	unsigned char id[FAIR_GAME_ID_BYTES];
	uint32_t seat;
	unsigned char commitment[FAIR_HASH_BYTES];   /* the referee's C */
	unsigned char contribution[FAIR_SECRET_BYTES]; /* our r_i */
};

struct session {
	FILE *out;
	const char *name, *version;
	const struct arena_bot_callbacks *cb;
	unsigned long line_no;
	int done;                               /* goodbye answered */
	struct game game;
};

static _Noreturn void oom(void)
{
	fputs("arena-bot: out of memory\n", stderr);
	abort();
}

static cJSON *must(cJSON *item)
{
	if (!item)
		oom();
	return item;
}

/* Reports a protocol error; returns NULL so handlers can return it. */
static cJSON *fail(const struct session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static cJSON *fail(const struct session *s, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "arena-bot: line %lu: ", s->line_no);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return NULL;
}

/* Decodes a JSON string of exactly 2*len lowercase hex digits. */
static int hex_parse(unsigned char *out, size_t len, const cJSON *item)
{
	const char *hex = cJSON_GetStringValue(item);

	if (!hex || strlen(hex) != 2 * len ||
	    strspn(hex, "0123456789abcdef") != 2 * len)
		return -1;
	return sodium_hex2bin(out, len, hex, 2 * len, NULL, NULL, NULL);
}

/* A seat is an integer in [0, 2^32). */
static int seat_parse(uint32_t *seat, const cJSON *item)
{
	double v;

	if (!cJSON_IsNumber(item))
		return -1;
	v = item->valuedouble;
	if (!(v >= 0 && v <= UINT32_MAX) || v != (double)(uint32_t)v)
		return -1;
	*seat = (uint32_t)v;
	return 0;
}

static void game_clear(struct game *game)
{
	sodium_memzero(game, sizeof *game);
}

/* {key: value}; takes ownership of value. */
static cJSON *reply_with(const char *key, cJSON *value)
{
	cJSON *reply = must(cJSON_CreateObject());

	cJSON_AddItemToObject(reply, key, must(value));
	if (!reply->child)      /* only when the key copy ran out of memory */
		oom();
	return reply;
}

static cJSON *reply_hex(const char *key, const unsigned char *bytes,
			size_t len)
{
	char hex[2 * FAIR_HASH_BYTES + 1];

	sodium_bin2hex(hex, sizeof hex, bytes, len);
	return reply_with(key, cJSON_CreateString(hex));
}

static cJSON *handle_hello(struct session *s, const cJSON *msg)
{
	const cJSON *protocol = cJSON_GetObjectItemCaseSensitive(msg,
								 "protocol");
	cJSON *reply = must(cJSON_CreateObject());

	if (cJSON_IsNumber(protocol) &&
	    protocol->valuedouble != PROTOCOL_VERSION)
		fprintf(stderr, "arena-bot: warning: the referee speaks "
			"protocol %g, this SDK speaks %d\n",
			protocol->valuedouble, PROTOCOL_VERSION);
	if (s->name)
		must(cJSON_AddStringToObject(reply, "name", s->name));
	if (s->version)
		must(cJSON_AddStringToObject(reply, "version", s->version));
	return reply;
}

static cJSON *handle_start(struct session *s, const cJSON *msg)
{
	struct game *game = &s->game;

	game_clear(game);
	if (hex_parse(game->id, FAIR_GAME_ID_BYTES,
		      cJSON_GetObjectItemCaseSensitive(msg, "game_id")) < 0)
		return fail(s, "start: \"game_id\" is not %d lowercase hex "
			    "digits", 2 * FAIR_GAME_ID_BYTES);
	if (seat_parse(&game->seat,
		       cJSON_GetObjectItemCaseSensitive(msg, "seat")) < 0)
		return fail(s, "start: \"seat\" is not a non-negative integer");
	game->started = 1;
	game->in_set = cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(msg, "set"));
	if (s->cb->on_start)
		s->cb->on_start(msg, s->cb->ctx);
	return must(cJSON_CreateObject());
}

static cJSON *handle_commit(struct session *s, const cJSON *msg)
{
	struct game *game = &s->game;
	unsigned char c[FAIR_HASH_BYTES];

	if (!game->started)
		return fail(s, "commit: no game started");
	if (hex_parse(game->commitment, FAIR_HASH_BYTES,
		      cJSON_GetObjectItemCaseSensitive(msg, "commitment")) < 0)
		return fail(s, "commit: \"commitment\" is not %d lowercase hex "
			    "digits", 2 * FAIR_HASH_BYTES);
	randombytes_buf(game->contribution, FAIR_SECRET_BYTES);
	arena_fair_bot_commitment(c, game->id, game->seat, game->commitment,
				  game->contribution);
	game->committed = 1;
	return reply_hex("commitment", c, FAIR_HASH_BYTES);
}

static cJSON *handle_lock(struct session *s, const cJSON *msg)
{
	(void)msg;
	if (!s->game.committed)
		return must(cJSON_CreateObject());
	return reply_hex("reveal", s->game.contribution, FAIR_SECRET_BYTES);
}

/* Whether `action` is one of the turn's legal actions. */
static bool is_legal(const cJSON *legal, const cJSON *action)
{
	const cJSON *a;

	cJSON_ArrayForEach(a, legal)
		if (cJSON_Compare(a, action, true))
			return true;
	return false;
}

/* The safety net (cb->safe): instead of giving up, says what went wrong on
 * standard error and plays a random legal action. */
static cJSON *play_instead(const struct session *s, const cJSON *legal,
			   cJSON *action)
{
	int n = cJSON_GetArraySize(legal);

	if (!action) {
		fprintf(stderr, "arena-bot: line %lu: decide returned no action; "
			"playing a random legal action instead\n", s->line_no);
	} else {
		char *text = cJSON_PrintUnformatted(action);

		fprintf(stderr, "arena-bot: line %lu: decide returned %.200s, "
			"which is not legal; playing a random legal action "
			"instead\n", s->line_no, text ? text : "?");
		free(text);
		cJSON_Delete(action);
	}
	return reply_with("action", must(cJSON_Duplicate(
		cJSON_GetArrayItem(legal, (int)randombytes_uniform((uint32_t)n)), 1)));
}

/* What arena_info() was given during the turn being decided ("": none).
 * Thread-local: decide has no handle to pass it through, and a program
 * may serve several bots on threads of its own.  One byte past the cap:
 * the byte after a cut tells whether it splits a character. */
static _Thread_local char turn_info[ARENA_INFO_MAX + 2];

void arena_info(const char *fmt, ...)
{
	va_list ap;
	size_t len;

	va_start(ap, fmt);
	vsnprintf(turn_info, sizeof turn_info, fmt, ap);
	va_end(ap);
	/* Cut on a character boundary, as the referee cuts it: a cut inside
	 * one would send text that is not UTF-8, which the referee refuses. */
	len = arena_games_utf8_cut(turn_info, strlen(turn_info), ARENA_INFO_MAX);
	turn_info[len] = '\0';
}

static cJSON *decided(struct session *s, const cJSON *msg)
{
	const cJSON *legal = arena_legal(msg);
	cJSON *action = s->cb->decide(msg, s->cb->ctx);
	bool can_fall_back = s->cb->safe && cJSON_GetArraySize(legal) > 0;

	if (can_fall_back && (!action || !is_legal(legal, action)))
		return play_instead(s, legal, action);
	if (!action)
		return fail(s, "turn: decide returned no action");
	return reply_with("action", action);
}

static cJSON *handle_turn(struct session *s, const cJSON *msg)
{
	cJSON *reply;

	turn_info[0] = '\0';
	reply = decided(s, msg);
	if (reply && turn_info[0])
		cJSON_AddItemToObject(reply, "info", must(cJSON_CreateString(turn_info)));
	turn_info[0] = '\0';
	return reply;
}

/* Checks C against the revealed S: a mismatch means the referee chose its
 * secret after the fact.  Only a warning: the game is over anyway, and
 * the log records what the referee claimed.  The first game of a
 * duplicate set ends without S, which is revealed only in the logs once
 * the set is over (PROTOCOL.md). */
static void check_secret(const struct session *s, const cJSON *msg)
{
	const struct game *game = &s->game;
	const cJSON *secret = cJSON_GetObjectItemCaseSensitive(msg, "secret");
	unsigned char revealed[FAIR_SECRET_BYTES], c[FAIR_HASH_BYTES];

	if (!game->committed || (game->in_set && (!secret || cJSON_IsNull(secret))))
		return;
	if (hex_parse(revealed, FAIR_SECRET_BYTES, secret) < 0) {
		fprintf(stderr, "arena-bot: warning: line %lu: end: no valid "
			"\"secret\"; the referee's randomness is unchecked\n",
			s->line_no);
		return;
	}
	arena_fair_referee_commitment(c, game->id, revealed);
	if (sodium_memcmp(c, game->commitment, FAIR_HASH_BYTES) != 0)
		fprintf(stderr, "arena-bot: warning: line %lu: end: the "
			"referee's secret does not match its commitment; "
			"its randomness was not fair\n", s->line_no);
}

static cJSON *handle_end(struct session *s, const cJSON *msg)
{
	check_secret(s, msg);
	if (s->cb->on_end)
		s->cb->on_end(msg, s->cb->ctx);
	game_clear(&s->game);
	return must(cJSON_CreateObject());
}

static cJSON *handle_goodbye(struct session *s, const cJSON *msg)
{
	(void)msg;
	s->done = 1;
	return must(cJSON_CreateObject());
}

/* Unknown types get {} so that newer referees can add messages. */
static cJSON *handle_other(struct session *s, const cJSON *msg)
{
	(void)s;
	(void)msg;
	return must(cJSON_CreateObject());
}

static const struct handler {
	const char *type;
	cJSON *(*handle)(struct session *s, const cJSON *msg);
} handlers[] = {
	{ "hello", handle_hello },
	{ "start", handle_start },
	{ "commit", handle_commit },
	{ "lock", handle_lock },
	{ "turn", handle_turn },
	{ "end", handle_end },
	{ "goodbye", handle_goodbye },
};

static int send_reply(struct session *s, cJSON *reply)
{
	char *text = cJSON_PrintUnformatted(reply);
	int ok;

	cJSON_Delete(reply);
	if (!text)
		oom();
	ok = fputs(text, s->out) != EOF && putc('\n', s->out) != EOF &&
	     fflush(s->out) == 0;
	cJSON_free(text);
	if (!ok) {
		fail(s, "cannot write the reply: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Answers one line; -1 on a protocol error. */
static int serve_line(struct session *s, const char *line, size_t len)
{
	cJSON *(*handle)(struct session *, const cJSON *) = handle_other;
	const cJSON *type;
	cJSON *msg, *reply;

	if (memchr(line, '\0', len)) {
		fail(s, "the line holds a NUL byte");
		return -1;
	}
	msg = cJSON_ParseWithOpts(line, NULL, 1);
	type = cJSON_GetObjectItemCaseSensitive(msg, "type");
	if (!cJSON_IsObject(msg) || !cJSON_IsString(type)) {
		cJSON_Delete(msg);
		fail(s, "not a JSON object with a string \"type\"");
		return -1;
	}
	for (size_t i = 0; i < sizeof handlers / sizeof handlers[0]; i++)
		if (strcmp(type->valuestring, handlers[i].type) == 0)
			handle = handlers[i].handle;
	reply = handle(s, msg);
	cJSON_Delete(msg);
	return reply ? send_reply(s, reply) : -1;
}

int arena_bot_serve(FILE *in, FILE *out, const char *name,
		    const char *version, const struct arena_bot_callbacks *cb)
{
	struct session s = {
		.out = out, .name = name, .version = version, .cb = cb,
	};
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	if (!cb || !cb->decide) {
		fputs("arena-bot: no decide callback\n", stderr);
		return 1;
	}
	if (sodium_init() < 0) {
		fputs("arena-bot: libsodium failed to initialise\n", stderr);
		return 1;
	}
	while (!s.done && (len = getline(&line, &cap, in)) >= 0) {
		s.line_no++;
		if (serve_line(&s, line, (size_t)len) < 0) {
			rc = 1;
			break;
		}
	}
	if (rc == 0 && !s.done && ferror(in)) {
		fail(&s, "cannot read: %s", strerror(errno));
		rc = 1;
	}
	free(line);
	game_clear(&s.game);
	return rc;
}

int arena_bot_run(const char *name, const char *version,
		  const struct arena_bot_callbacks *cb)
{
	return arena_bot_serve(stdin, stdout, name, version, cb);
}

const cJSON *arena_legal(const cJSON *turn)
{
	const cJSON *legal = cJSON_GetObjectItemCaseSensitive(turn, "legal");

	return cJSON_IsArray(legal) ? legal : NULL;
}

int arena_seat(const cJSON *turn)
{
	const cJSON *seat = cJSON_GetObjectItemCaseSensitive(turn, "seat");
	uint32_t v;

	return (seat_parse(&v, seat) < 0 || v > INT_MAX) ? -1 : (int)v;
}

const cJSON *arena_state(const cJSON *turn)
{
	return cJSON_GetObjectItemCaseSensitive(turn, "state");
}
