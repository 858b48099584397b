/*
 * The league server's requests: GET of the API's JSON (web_api.h), of
 * the logs, of the games' replay pages and grades (web_games.h), of the league's
 * public key (web_key.h) and of the pages
 * (web_pages.h); POST /api/bots and GET /api/uploads/ID (web_upload.h),
 * the uploads checked by workers of their own (web_preflight.h), swept
 * of an earlier server's leftovers once it is ready; anything else a JSON error
 * with its status.  Each handler thread reads the index through a
 * connection of its own (web_db.h; SQLite in WAL mode lets it read while
 * a run writes), so the handler threads share
 * nothing but what is set before they start (the folder's name, the
 * limits), the connections' list (web_reaper.c, under its mutex), the
 * uploads' rates (web_upload.c, under its mutex), the costly answers
 * under way (web_busy.c, under its mutex) and the fit's views
 * (web_fit.c, counted under its mutex); what they call keeps no
 * state between calls (a page's compressor is its own, a sort's order is
 * qsort_r's argument).
 */
#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <microhttpd.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/files.h"
#include "base/json.h"
#include "base/logread.h"
#include "base/paths.h"
#include "base/util.h"
#include "league/league_db.h"
#include "web/web_activity.h"
#include "web/web_api.h"
#include "web/web_busy.h"
#include "web/web_commitments.h"
#include "web/web_db.h"
#include "web/web_fit.h"
#include "web/web_games.h"
#include "web/web_grade.h"
#include "web/web_key.h"
#include "web/web_pages.h"
#include "web/web_preflight.h"
#include "web/web_reaper.h"
#include "web/web_reply.h"
#include "web/web_server.h"
#include "web/web_upload.h"
#include "web/web_viewer.h"

struct web_server {
	/* Set once the server runs as its user (web_server_ready()): till
	 * then, started as root, it must touch nothing of the league. */
	atomic_bool ready;
	struct MHD_Daemon *daemon;
	struct web_reaper *reaper;
	struct web_fit *fit;          /* started with ready */
	struct web_commitments *feed; /* likewise */
	struct web_activity *activity;
	struct web_busy *busy;        /* the costly answers under way */
	char *dir;
	struct web_upload_limits upload;
};

static void completed(void *cls, struct MHD_Connection *c, void **state,
		      enum MHD_RequestTerminationCode code)
{
	const struct web_server *s = cls;

	(void)code;
	web_reaper_request(s->reaper, c, false);
	web_upload_free(*state);
	*state = NULL;
}

/* A log of the league: its JSON lines, or a 404.  A log stored
 * compressed is served unpacked: its gzip members (one a write) are not
 * a stream every client unpacks whole, and its lines verify on their
 * own (docs/LEAGUE.md, "The server"). */
static enum MHD_Result serve_log(struct MHD_Connection *c, const char *dir, const char *url)
{
	char run[8] = "", game[24] = "", *rel, *path, *text, err[ERR_LEN];
	size_t len;

	if (sscanf(url, "/logs/%7[0-9]/%23[-a-z0-9.]", run, game) != 2 ||
	    strlen(url) != 6 + strlen(run) + 1 + strlen(game) ||
	    !(rel = web_api_log_path(run, game)))
		return web_fail(c, MHD_HTTP_NOT_FOUND, "no such log: logs are "
				"/logs/NNNNNN/game-NNNNNN.jsonl", NULL);
	path = path_join(dir, rel);
	text = logread_text(path, &len, err);
	free(rel);
	free(path);
	if (!text)
		return web_fail(c, MHD_HTTP_NOT_FOUND, "no such log", NULL);
	return web_reply(c, MHD_HTTP_OK, text, "application/x-ndjson");
}

/* GET /api/bots/NAME: the index's and the view's, and the forfeits from
 * the logs, their stderr lines for the bot's owner and the organisers
 * only, and its grades over the games listed and over all its games the
 * index has graded (web_grade.h). */
static enum MHD_Result serve_bot(struct MHD_Connection *c, sqlite3 *db,
				 const struct web_fit_view *v, const struct web_server *s,
				 const char *name)
{
	const char *dir = s->dir;
	cJSON *j = web_api_bot(db, v, name);
	struct web_viewer who;
	char *text;

	if (!j)
		return web_fail(c, MHD_HTTP_NOT_FOUND, "the league has no such bot", NULL);
	who = web_viewer_of(c, dir);
	cJSON_AddItemToObject(j, "forfeits", web_game_forfeits(dir, v->words,
								json_member(j, "games"), name, &who));
	web_viewer_free(&who);
	cJSON_AddItemToObject(j, "grade", web_grade_bot(db, json_member(j, "games"), name));
	cJSON_AddItemToObject(j, "grade_all", web_grade_bot_all(v, name));
	text = json_print_line(j);
	cJSON_Delete(j);
	return web_reply(c, MHD_HTTP_OK, text, "application/json");
}

/* GET /api/me and /api/words/NNNNNN/game-NNNNNN, a user's token's: who
 * they are, and the stderr lines of a game's bots they may see (looked up
 * in the view's index of them). */
static enum MHD_Result serve_viewer(struct MHD_Connection *c, const struct web_server *s,
				    const char *url)
{
	struct web_viewer v = web_viewer_of(c, s->dir);
	unsigned status = MHD_HTTP_OK;
	struct web_fit_view *view;
	char *text;
	cJSON *j;

	if (!v.user)
		return web_viewer_unknown(c);
	if (!strcmp(url, "/api/me")) {
		j = cJSON_CreateObject();
		cJSON_AddStringToObject(j, "user", v.user);
		cJSON_AddBoolToObject(j, "organiser", v.organiser);
		text = json_print_line(j);
		cJSON_Delete(j);
	} else {
		view = web_fit_get(s->fit, NULL);
		text = web_game_words(s->dir, view->words, url + strlen("/api/words/"), &v,
				      &status);
		web_fit_put(s->fit, view);
	}
	web_viewer_free(&v);
	if (status == MHD_HTTP_OK)
		return web_reply(c, status, text, "application/json");
	free(text);
	return web_fail(c, status, status == MHD_HTTP_FORBIDDEN ? "a bot's stderr is its "
			"owner's and the organisers' to see: no bot of this game is yours"
			: "no such game: games are /api/words/NNNNNN/game-NNNNNN", NULL);
}

/* The API's GETs of the fit, view `v` taken. */
static enum MHD_Result serve_fit(struct MHD_Connection *c, sqlite3 *db,
				 const struct web_fit_view *v, const struct web_server *s,
				 const char *url)
{
	char err[ERR_LEN], *text;

	if (!strcmp(url, "/api/ladder")) {
		if (!(text = web_api_ladder(v, err)))
			return web_fail(c, MHD_HTTP_INTERNAL_SERVER_ERROR, err, NULL);
		return web_reply(c, MHD_HTTP_OK, text, "application/json");
	}
	if (!strcmp(url, "/api/status"))
		return web_reply(c, MHD_HTTP_OK, web_api_status(db, v, s->activity, s->dir),
				 "application/json");
	if (!strcmp(url, "/api/luck"))
		return web_reply(c, MHD_HTTP_OK, web_api_luck(v), "application/json");
	return serve_bot(c, db, v, s, url + 10);
}

/* Counts in *ctx the query's arguments other than after and limit. */
static enum MHD_Result other_argument(void *ctx, enum MHD_ValueKind kind, const char *key,
				      const char *value)
{
	(void)kind;
	(void)value;
	if (strcmp(key, "after") && strcmp(key, "limit"))
		++*(int *)ctx;
	return MHD_YES;
}

/* GET /api/commitments?after=N&limit=K: the feed (web_commitments.h),
 * or a 400 saying what is wrong with the query. */
static enum MHD_Result serve_commitments(struct MHD_Connection *c, const struct web_server *s)
{
	const char *after = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "after");
	const char *limit = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "limit");
	char err[ERR_LEN], *text;
	int others = 0;

	MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, other_argument, &others);
	if (others)
		return web_fail(c, MHD_HTTP_BAD_REQUEST, "the feed takes after=N (the last "
				"entry you have) and limit=K, nothing else", NULL);
	if (!(text = web_commitments_reply(s->feed, after, limit, err)))
		return web_fail(c, MHD_HTTP_BAD_REQUEST, err, NULL);
	return web_reply(c, MHD_HTTP_OK, text, "application/json");
}

/* GET /api/grade/NNNNNN/game-NNNNNN: the game's grade (web_games.h). */
static enum MHD_Result serve_grade(struct MHD_Connection *c, const char *dir,
				   const char *tail)
{
	unsigned status;
	char *text = web_game_grade(dir, tail, &status);

	if (text)
		return web_reply(c, status, text, "application/json");
	return web_fail(c, status, "no such game: grades are "
			"/api/grade/NNNNNN/game-NNNNNN", NULL);
}

/* The API's GETs, the index open. */
static enum MHD_Result serve_api(struct MHD_Connection *c, sqlite3 *db,
				 const struct web_server *s, const char *url)
{
	if (!strcmp(url, "/api/ladder") || !strcmp(url, "/api/status") ||
	    !strcmp(url, "/api/luck") || !strncmp(url, "/api/bots/", 10)) {
		struct web_fit_view *v = web_fit_get(s->fit, db);
		enum MHD_Result rc = serve_fit(c, db, v, s, url);

		web_fit_put(s->fit, v);
		return rc;
	}
	if (!strcmp(url, "/api/games")) {
		const char *bot = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "bot");
		const char *since = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since");
		char *end = NULL;
		long long cursor = since ? strtoll(since, &end, 10) : 0;

		if (since && (end == since || *end || cursor < 0))
			return web_fail(c, MHD_HTTP_BAD_REQUEST,
					"since takes a game's id (0 or more)", NULL);
		return web_reply(c, MHD_HTTP_OK, web_api_games(db, bot, cursor), "application/json");
	}
	return web_fail(c, MHD_HTTP_NOT_FOUND, "no such path: the API is /api/ladder, "
		    "/api/luck, /api/status, /api/bots/NAME, /api/games and /api/commitments",
		    NULL);
}

/* The GETs: the API, the logs and the pages. */
static enum MHD_Result serve_get(struct MHD_Connection *c, const struct web_server *s,
				 const char *url)
{
	const char *dir = s->dir;
	char err[ERR_LEN], *page;
	sqlite3 *db;
	size_t len;

	if (!strncmp(url, "/logs/", 6))
		return serve_log(c, dir, url);
	if (!strcmp(url, "/referee.pub"))
		return (page = web_key_public(dir))
		       ? web_reply(c, MHD_HTTP_OK, page, "text/plain; charset=utf-8")
		       : web_fail(c, MHD_HTTP_NOT_FOUND, "the league has no key yet: "
				  "its first run writes it", NULL);
	if (!strcmp(url, "/api/me") || !strncmp(url, "/api/words/", 11))
		return serve_viewer(c, s, url);
	if (!strcmp(url, "/api/commitments"))
		return serve_commitments(c, s);
	if (!strncmp(url, "/api/grade/", 11))
		return serve_grade(c, dir, url + 11);
	if (!strncmp(url, "/games/", 7))
		return (page = web_game_page(dir, url, &len))
		       ? web_reply(c, MHD_HTTP_OK, page, "text/html; charset=utf-8")
		       : web_fail(c, MHD_HTTP_NOT_FOUND, "no such game: games are "
				  "/games/NNNNNN/game-NNNNNN", NULL);
	if (!(db = web_db_of_thread(dir, err)))
		return web_fail(c, MHD_HTTP_SERVICE_UNAVAILABLE, err, NULL);
	if (!strncmp(url, "/api/", 5))
		return serve_api(c, db, s, url);
	if ((page = web_page(db, dir, url)))
		return web_reply(c, MHD_HTTP_OK, page, "text/html; charset=utf-8");
	return web_fail(c, MHD_HTTP_NOT_FOUND, "no such page", NULL);
}

/* The answers made from the logs while the handler thread waits
 * (web_busy.h): a log, a game's grade, words and replay page, a bot's
 * forfeits and grades. */
static bool costly(const char *url)
{
	return !strncmp(url, "/logs/", 6) || !strncmp(url, "/api/grade/", 11) ||
	       !strncmp(url, "/api/words/", 11) || !strncmp(url, "/games/", 7) ||
	       !strncmp(url, "/api/bots/", 10);
}

/* A costly GET, made only while who asks (their token's user, else
 * their client) has fewer than WEB_BUSY_PER_USER under way. */
static enum MHD_Result serve_costly(struct MHD_Connection *c, const struct web_server *s,
				    const char *url)
{
	struct web_viewer who = web_viewer_of(c, s->dir);
	struct web_client client = {{0}};
	char key[WEB_BUSY_KEY_LEN];
	enum MHD_Result rc;

	if (who.user) {
		web_busy_user_key(who.user, key);
	} else {
		web_reaper_client(s->reaper, c, &client);
		web_busy_client_key(&client, key);
	}
	web_viewer_free(&who);
	if (!web_busy_take(s->busy, key))
		return web_fail_later(c, MHD_HTTP_TOO_MANY_REQUESTS, "you have "
				      WEB_BUSY_PER_USER_TEXT " logs, replays, "
				      "grades or bots' pages being made already: ask again once "
				      "one is answered", 1);
	rc = serve_get(c, s, url);
	web_busy_put(s->busy, key);
	return rc;
}

/* How a request's headers frame its body (RFC 9112, 6.3). */
struct framing {
	int lengths, encodings;
	bool bad_length;
};

static enum MHD_Result framing_header(void *ctx, enum MHD_ValueKind kind, const char *key,
				      const char *value)
{
	struct framing *f = ctx;

	(void)kind;
	if (!strcasecmp(key, "Content-Length")) {
		f->lengths++;
		/* libmicrohttpd refuses one that is no number itself; 18
		 * digits, so that every reader's 64-bit number holds it alike */
		f->bad_length |= !value || !value[0] || value[strspn(value, "0123456789")] ||
				 strlen(value) > 18;
	} else if (!strcasecmp(key, "Transfer-Encoding")) {
		f->encodings++;
	}
	return MHD_YES;
}

/* Why the request's body is framed ambiguously, or NULL: a body whose
 * end two readers could see at two places (a proxy before the server)
 * would smuggle a request past the first. */
static const char *framing_error(struct MHD_Connection *c)
{
	struct framing f = {0, 0, false};

	MHD_get_connection_values(c, MHD_HEADER_KIND, framing_header, &f);
	if (f.lengths > 1)
		return "the request gives Content-Length more than once: give it once";
	if (f.bad_length)
		return "Content-Length is the body's size in at most 18 decimal digits";
	if (f.lengths && f.encodings)
		return "the request gives both Content-Length and Transfer-Encoding: "
		       "give one";
	return NULL;
}

/* Answers POST /api/bots as web_upload.c says, and the rest at once,
 * before any body is read: no other path takes one. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
			      const char *method, const char *version, const char *data,
			      size_t *size, void **state)
{
	struct web_server *s = cls;
	const char *framing;

	(void)version;
	if (!*state) {
		web_reaper_request(s->reaper, c, true);
		/* answered before its body is read: the connection is closed */
		if ((framing = framing_error(c)))
			return web_fail(c, MHD_HTTP_BAD_REQUEST, framing, NULL);
		if (!web_reaper_forwarded(s->reaper, c, MHD_lookup_connection_value(
				c, MHD_HEADER_KIND, "X-Forwarded-For")))
			return web_fail(c, MHD_HTTP_TOO_MANY_REQUESTS, "too many connections "
					"from your address at once", NULL);
	}
	if (!atomic_load(&s->ready))
		return web_fail(c, MHD_HTTP_SERVICE_UNAVAILABLE,
				"the server is starting: ask again in a moment", NULL);
	if (!strcmp(url, "/api/bots") && !strcmp(method, MHD_HTTP_METHOD_POST))
		return web_upload_step(c, s->dir, &s->upload, data, size, state);
	if (!strncmp(url, "/api/uploads/", 13) && !strcmp(method, MHD_HTTP_METHOD_GET))
		return web_upload_status(c, s->dir, &s->upload, url + 13);
	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return web_fail(c, MHD_HTTP_METHOD_NOT_ALLOWED, "this path answers GET", NULL);
	if (costly(url))
		return serve_costly(c, s, url);
	return serve_get(c, s, url);
}

struct web_server *web_server_start(const char *dir, const struct sockaddr_in *addr,
				    const struct web_limits *limits, char *err)
{
	struct web_server *s = xcalloc(1, sizeof *s);

	/* Absolute: `league add` runs in the upload's folder. */
	s->dir = realpath(dir, NULL);
	if (!s->dir) {
		errorf(err, "cannot find the league's folder '%s'", dir);
		free(s);
		return NULL;
	}
	web_reply_folder(s->dir);
	s->activity = web_activity_new();
	s->busy = web_busy_new(limits->connections);
	s->upload.max_bytes = limits->upload_bytes;
	s->upload.per_minute = limits->uploads_per_minute;
	s->upload.preflight = web_preflight_start(s->dir, limits->preflight_s);
	s->reaper = !s->upload.preflight ? NULL : web_reaper_start(&(struct web_reaper_limits){
		.connections = limits->connections, .per_address = limits->per_ip,
		.header_s = limits->header_s, .request_s = limits->request_s,
		.proxied = limits->proxied, .proxy = limits->proxy});
	/* The caps are the reaper's: libmicrohttpd's from one address would
	 * hold a trusted proxy's clients to one address's share, and its cap
	 * in all is each thread's share of it, which one thread's connections
	 * would fill before the reaper made room (twice the reaper's: room
	 * for those shut down and not yet closed). */
	s->daemon = !s->reaper ? NULL : MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD, ntohs(addr->sin_port),
				     web_reaper_accept, s->reaper, handle, s,
				     MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)addr,
				     MHD_OPTION_THREAD_POOL_SIZE, 4u,
				     MHD_OPTION_CONNECTION_LIMIT, 2 * limits->connections,
				     MHD_OPTION_CONNECTION_TIMEOUT, limits->timeout_s,
				     MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits->memory,
				     MHD_OPTION_NOTIFY_COMPLETED, completed, s,
				     MHD_OPTION_NOTIFY_CONNECTION, web_reaper_notify, s->reaper,
				     MHD_OPTION_END);
	if (!s->daemon) {
		char text[INET_ADDRSTRLEN];

		errorf(err, "cannot listen on %s:%u (is another server there? give "
		       "--listen ADDR:PORT)", inet_ntop(AF_INET, &addr->sin_addr, text,
							 sizeof text), ntohs(addr->sin_port));
		web_server_stop(s);
		return NULL;
	}
	return s;
}

int web_server_ready(struct web_server *s, char *err)
{
	web_preflight_sweep(s->dir);
	if (!(s->fit = web_fit_start(s->dir)))
		return errorf(err, "cannot start the thread that keeps the ratings");
	s->feed = web_commitments_new(s->dir);
	atomic_store(&s->ready, true);
	return 0;
}

void web_server_stop(struct web_server *s)
{
	if (s->daemon)
		MHD_stop_daemon(s->daemon);
	if (s->upload.preflight)
		web_preflight_stop(s->upload.preflight);
	web_reaper_stop(s->reaper);
	web_fit_stop(s->fit);
	web_commitments_free(s->feed);
	web_activity_free(s->activity);
	web_busy_free(s->busy);
	web_reply_folder(NULL);
	free(s->dir);
	free(s);
}

bool web_parse_listen(const char *text, struct sockaddr_in *addr)
{
	const char *colon = strrchr(text, ':');
	char host[INET_ADDRSTRLEN] = "127.0.0.1", *end;
	long port;

	if (!colon || (size_t)(colon - text) >= sizeof host)
		return false;
	if (colon > text) {
		memcpy(host, text, (size_t)(colon - text));
		host[colon - text] = '\0';
	}
	port = strtol(colon + 1, &end, 10);
	memset(addr, 0, sizeof *addr);
	addr->sin_family = AF_INET;
	addr->sin_port = htons((uint16_t)port);
	return *end == '\0' && end != colon + 1 && port >= 1 && port <= 65535 &&
	       inet_pton(AF_INET, host, &addr->sin_addr) == 1;
}
