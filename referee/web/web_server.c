/*
 * The league server's requests, each path one route of one table
 * (`routes`); any other path a 404 that lists the table, another method
 * a 405.  Each handler thread reads the index through a connection of
 * its own (web_db.h; SQLite in WAL mode lets it read while a run
 * writes), so the handler threads share nothing but what is set before
 * they start (the folder's name, the limits) and what is kept under a
 * mutex: the connections' list (web_reaper.c), the costly answers under
 * way and the rates of what-ifs and uploads (web_busy.c) and the fit's
 * views (web_fit.c); what they call keeps no state between calls (a
 * page's compressor is its own, a sort's order is qsort_r's argument).
 */
#include <arpa/inet.h>
#include <cjson/cJSON.h>
#include <limits.h>
#include <microhttpd.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "base/files.h"
#include "base/json.h"
#include "base/keys.h"
#include "base/logread.h"
#include "base/paths.h"
#include "base/util.h"
#include "games/game.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "report/html.h"
#include "report/html_assets.h"
#include "web/web_activity.h"
#include "web/web_api.h"
#include "web/web_busy.h"
#include "web/web_commitments.h"
#include "web/web_db.h"
#include "web/web_fit.h"
#include "web/web_games.h"
#include "web/web_preflight.h"
#include "web/web_reaper.h"
#include "web/web_reply.h"
#include "web/web_server.h"
#include "web/web_upload.h"
#include "web/web_users.h"
#include "web/web_what_if.h"

struct web_server {
	/* Set once the server runs as its user (web_server_ready()): till
	 * then, started as root, it must touch nothing of the league. */
	atomic_bool ready;
	struct MHD_Daemon *daemon;
	struct web_reaper *reaper;
	struct web_fit *fit;          /* started with ready */
	struct web_commitments *feed; /* likewise */
	struct league_info info;      /* likewise: league.json, when `league` */
	bool league;
	struct web_activity *activity;
	struct web_busy *busy;        /* the costly answers under way */
	unsigned what_ifs_per_minute; /* new ones a user's or client's */
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

#define JSON "application/json"
#define HTML "text/html; charset=utf-8"

/* What a route needs made ready before its handler runs. */
enum {
	READS_INDEX = 1, /* the thread's connection to the index (else 503) */
	READS_VIEW = 2,  /* the fit's view, of the index now with READS_INDEX */
	NEEDS_USER = 4,  /* a user's token (else 401) */
	COSTLY = 8,      /* made from the logs: WEB_BUSY_PER_USER at once (web_busy.h) */
};

/* A request as its route's handler sees it (its needs made ready). */
struct request {
	struct MHD_Connection *c;
	const struct web_server *s;
	const struct route *route;
	const char *tail;          /* the path after a prefix route's prefix */
	char *log;                 /* a game's route's: the log its tail names */
	sqlite3 *db;
	struct web_fit_view *view;
	struct web_viewer who;     /* a user's or costly route's */
	char key[WEB_BUSY_KEY_LEN]; /* a costly route's: who asks, web_busy_key() */
	const char *data;          /* an upload's body as it comes */
	size_t *size;
	void **state;
};

struct route {
	const char *method;  /* GET (HEAD too) or POST */
	const char *path;    /* the path, or with `tail` its prefix */
	const char *tail;    /* NULL, or what follows the prefix, as the 404 names it */
	unsigned needs;
	enum MHD_Result (*serve)(struct request *r);
	const char *page;    /* a page's name for league.js */
	/* A game's route's (its tail NNNNNN/game-NNNNNN, then a log's
	 * suffix): the 404 of a tail that names no game's log. */
	const char *no_game;
};

/* Answers r with `text` (taken) of `type`, or when it is NULL with
 * `status` and `error`. */
static enum MHD_Result answer(const struct request *r, char *text, const char *type,
			      unsigned status, const char *error)
{
	return text ? web_reply(r->c, MHD_HTTP_OK, text, type) : web_fail(r->c, status, error);
}

/* The same of the JSON object `j` (taken). */
static enum MHD_Result answer_json(const struct request *r, cJSON *j, unsigned status,
				   const char *error)
{
	return j ? web_reply_json(r->c, MHD_HTTP_OK, j) : web_fail(r->c, status, error);
}

/* A log of the league: its JSON lines, or a 404.  A log stored
 * compressed is served unpacked: its gzip members (one a write) are not
 * a stream every client unpacks whole, and its lines verify on their
 * own (docs/LEAGUE-SERVER.md, "The server"). */
static enum MHD_Result serve_log(struct request *r)
{
	char *path = path_join(r->s->dir, r->log), *text, err[ERR_LEN];
	size_t len;

	text = logread_text(path, &len, err);
	free(path);
	return answer(r, text, "application/x-ndjson", MHD_HTTP_NOT_FOUND, "no such log");
}

/* GET /api/bots/NAME (web_api.h). */
static enum MHD_Result serve_bot(struct request *r)
{
	return answer_json(r, web_api_bot(r->db, r->view, r->tail, r->s->dir, &r->who),
			   MHD_HTTP_NOT_FOUND, "the league has no such bot");
}

/* GET /api/me: who the token is. */
static enum MHD_Result serve_me(struct request *r)
{
	cJSON *j = cJSON_CreateObject();

	cJSON_AddStringToObject(j, "user", r->who.user);
	cJSON_AddBoolToObject(j, "organiser", r->who.organiser);
	return web_reply_json(r->c, MHD_HTTP_OK, j);
}

/* GET /api/words/NNNNNN/game-NNNNNN: the stderr lines of a game's bots
 * the token's user may see (looked up in the view's index of them). */
static enum MHD_Result serve_words(struct request *r)
{
	unsigned status = MHD_HTTP_OK;
	cJSON *j = web_game_words(r->s->dir, r->view->words, r->log, &r->who, &status);

	if (status == MHD_HTTP_OK)
		return web_reply_json(r->c, status, j);
	cJSON_Delete(j);
	return web_fail(r->c, status, status == MHD_HTTP_FORBIDDEN ? "a bot's stderr is its "
			"owner's and the organisers' to see: no bot of this game is yours"
			: r->route->no_game);
}

/* GET /api/ladder: the view's ladder, the bytes `referee league ladder
 * --format json --versions` prints (its owners from the register). */
static enum MHD_Result serve_ladder(struct request *r)
{
	return answer(r, r->view->ladder ? xstrdup(r->view->ladder) : NULL, JSON,
		      MHD_HTTP_INTERNAL_SERVER_ERROR, r->view->err);
}

static enum MHD_Result serve_crosstable(struct request *r)
{
	return answer_json(r, web_api_crosstable(r->view), MHD_HTTP_INTERNAL_SERVER_ERROR,
			   r->view->err);
}

static enum MHD_Result serve_status(struct request *r)
{
	return web_reply_json(r->c, MHD_HTTP_OK, web_api_status(r->db, r->view, r->s->activity,
								r->s->dir));
}

static enum MHD_Result serve_luck(struct request *r)
{
	return web_reply_json(r->c, MHD_HTTP_OK, web_api_luck(r->view));
}

/* GET /api/games?bot=NAME&since=ID, or a 400 for a since that is no id. */
static enum MHD_Result serve_games(struct request *r)
{
	const char *bot = MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, "bot");
	const char *since = MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, "since");
	long cursor = 0;

	if (since && !whole_number(since, 0, LONG_MAX, &cursor))
		return web_fail(r->c, MHD_HTTP_BAD_REQUEST, "since takes a game's id (0 or more)");
	return web_reply_json(r->c, MHD_HTTP_OK, web_api_games(r->db, bot, cursor));
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
static enum MHD_Result serve_commitments(struct request *r)
{
	const char *after = MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, "after");
	const char *limit = MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, "limit");
	char err[ERR_LEN];
	int others = 0;

	MHD_get_connection_values(r->c, MHD_GET_ARGUMENT_KIND, other_argument, &others);
	if (others)
		return web_fail(r->c, MHD_HTTP_BAD_REQUEST, "the feed takes after=N (the last "
				"entry you have) and limit=K, nothing else");
	return answer_json(r, web_commitments_reply(r->s->feed, after, limit, err),
			   MHD_HTTP_BAD_REQUEST, err);
}

/* GET /api/grade/NNNNNN/game-NNNNNN: the game's grade (web_games.h). */
static enum MHD_Result serve_grade(struct request *r)
{
	return answer_json(r, web_game_grade(r->s->dir, r->log), MHD_HTTP_NOT_FOUND,
			   r->route->no_game);
}

static enum MHD_Result serve_replay(struct request *r)
{
	return answer(r, web_game_page(r->s->dir, r->log), HTML, MHD_HTTP_NOT_FOUND,
		      r->route->no_game);
}

/* GET /what-if/NNNNNN/game-NNNNNN?move=N&action=A (web_what_if.h). */
static enum MHD_Result serve_what_if(struct request *r)
{
	struct web_what_if_asker who = {r->s->busy, r->key, r->s->what_ifs_per_minute};
	unsigned status;
	char err[ERR_LEN];
	char *text = web_what_if(r->s->dir, r->log,
				 MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, "move"),
				 MHD_lookup_connection_value(r->c, MHD_GET_ARGUMENT_KIND, "action"),
				 &who, &status, err);

	if (text)
		return web_reply(r->c, MHD_HTTP_OK, text, HTML);
	if (status == MHD_HTTP_SERVICE_UNAVAILABLE)
		return web_fail_later(r->c, status, err, 5);
	if (status == MHD_HTTP_TOO_MANY_REQUESTS) /* till the next minute */
		return web_fail_later(r->c, status, err, (unsigned)(60 - time(NULL) % 60));
	return web_fail(r->c, status, status == MHD_HTTP_NOT_FOUND ? r->route->no_game : err);
}

/* GET /referee.pub: the league's public key file, which no run has
 * written before its first game is signed. */
static enum MHD_Result serve_key(struct request *r)
{
	char *path = path_join(r->s->dir, KEYS_PUBLIC_FILE), *text = files_read_all(path, NULL);

	free(path);
	return answer(r, text, "text/plain; charset=utf-8", MHD_HTTP_NOT_FOUND,
		      "the league has no key yet: its first run writes it");
}

/* The league's game, its options and players as the pages show them,
 * added to `data` as "league"; the title names the game (its own string,
 * freed by the caller). */
static char *add_league(cJSON *data, const struct web_server *s)
{
	cJSON *league;

	if (!s->league)
		return xstrdup("League");
	league = cJSON_AddObjectToObject(data, "league");
	cJSON_AddStringToObject(league, "game", s->info.rules->name);
	cJSON_AddItemToObject(league, "options", cJSON_Duplicate(s->info.options, true));
	cJSON_AddNumberToObject(league, "players", s->info.players);
	return xasprintf("League of %s", s->info.rules->name);
}

/* A page: the live ladder (/), a bot's (/bots/NAME, only for a bot the
 * index has, so that an unknown name is a 404 like the API's), the status
 * (/status) or the sets' commitments (/commitments), in the report's
 * look (referee/report/html/), drawn by html/league.js from the API, so
 * that the page itself holds no text of a user's but in its compressed
 * data: its data says which page it is and which game the league plays. */
static enum MHD_Result serve_page(struct request *r)
{
	static const char *const styles[] = {html_page_css, NULL};
	static const char *const scripts[] = {html_dom_js, html_login_js, html_league_js, NULL};
	struct html_page page = {.styles = styles, .scripts = scripts};
	const char *bot = r->route->tail ? r->tail : NULL;
	char err[ERR_LEN], *text = NULL, *title;
	cJSON *data;
	size_t len;

	if (bot && league_db_bot_versions(r->db, bot) <= 0)
		return web_fail(r->c, MHD_HTTP_NOT_FOUND, "no such page");
	data = cJSON_CreateObject();
	cJSON_AddStringToObject(data, "page", r->route->page);
	if (bot)
		cJSON_AddStringToObject(data, "name", bot);
	page.title = title = add_league(data, r->s);
	page.data = data;
	text = html_page_text(&page, &len, err);
	cJSON_Delete(data);
	free(title);
	return answer(r, text, HTML, MHD_HTTP_NOT_FOUND, "no such page");
}

static enum MHD_Result serve_upload(struct request *r)
{
	return web_upload_step(r->c, r->s->dir, &r->s->upload, r->who.user, r->data,
			       r->size, r->state);
}

static enum MHD_Result serve_upload_status(struct request *r)
{
	return answer_json(r, web_preflight_status(r->s->upload.preflight, r->tail, r->who.user),
			   MHD_HTTP_NOT_FOUND, "no such upload of yours");
}

/* A game's route's tail, as its 404 and the 404 of every path name it. */
#define GAME "NNNNNN/game-NNNNNN"
#define DIGITS "0123456789"

/* Every path the server answers, each once (docs/LEAGUE-SERVER.md, "The
 * server"): the dispatcher walks it, and the 404 lists it. */
static const struct route routes[] = {
	{"GET", "/api/ladder", NULL, READS_INDEX | READS_VIEW, serve_ladder, NULL, NULL},
	{"GET", "/api/luck", NULL, READS_INDEX | READS_VIEW, serve_luck, NULL, NULL},
	{"GET", "/api/crosstable", NULL, READS_INDEX | READS_VIEW, serve_crosstable, NULL, NULL},
	{"GET", "/api/status", NULL, READS_INDEX | READS_VIEW, serve_status, NULL, NULL},
	{"GET", "/api/bots/", "NAME", READS_INDEX | READS_VIEW | COSTLY, serve_bot, NULL, NULL},
	{"GET", "/api/grade/", GAME, COSTLY, serve_grade, NULL,
	 "no such game: grades are /api/grade/" GAME},
	{"GET", "/api/games", NULL, READS_INDEX, serve_games, NULL, NULL},
	{"GET", "/logs/", GAME ".jsonl", COSTLY, serve_log, NULL,
	 "no such log: logs are /logs/" GAME ".jsonl"},
	{"GET", "/games/", GAME, COSTLY, serve_replay, NULL,
	 "no such game: games are /games/" GAME},
	{"GET", "/what-if/", GAME, COSTLY, serve_what_if, NULL,
	 "no such game: what-ifs are /what-if/" GAME "?move=N&action=A"},
	{"GET", "/referee.pub", NULL, 0, serve_key, NULL, NULL},
	{"GET", "/api/words/", GAME, NEEDS_USER | READS_VIEW | COSTLY, serve_words, NULL,
	 "no such game: games are /api/words/" GAME},
	{"GET", "/api/me", NULL, NEEDS_USER, serve_me, NULL, NULL},
	{"GET", "/api/commitments", NULL, 0, serve_commitments, NULL, NULL},
	{"POST", "/api/bots", NULL, NEEDS_USER, serve_upload, NULL, NULL},
	{"GET", "/api/uploads/", "ID", NEEDS_USER, serve_upload_status, NULL, NULL},
	{"GET", "/", NULL, READS_INDEX, serve_page, "ladder", NULL},
	{"GET", "/bots/", "NAME", READS_INDEX, serve_page, "bot", NULL},
	{"GET", "/status", NULL, READS_INDEX, serve_page, "status", NULL},
	{"GET", "/commitments", NULL, READS_INDEX, serve_page, "commitments", NULL},
};
#define ROUTES (sizeof routes / sizeof routes[0])

/* The 404 of a path no route has: every route, from the table. */
static enum MHD_Result no_such_path(struct MHD_Connection *c)
{
	char list[1024] = "no such path: the server answers";
	size_t n = strlen(list);

	for (size_t i = 0; i < ROUTES && n < sizeof list; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s %s %s%s", i ? "," : "",
				      routes[i].method, routes[i].path,
				      routes[i].tail ? routes[i].tail : "");
	return web_fail(c, MHD_HTTP_NOT_FOUND, list);
}

/* Who asks r: the user whose token it gives, looked up in DIR/users.json,
 * or nobody. */
static struct web_viewer viewer_of(const struct request *r)
{
	const char *auth = MHD_lookup_connection_value(r->c, MHD_HEADER_KIND, "Authorization");
	struct web_viewer v = {NULL, false};

	if (auth && !strncmp(auth, "Bearer ", 7))
		v.user = web_users_check(r->s->dir, auth + 7, &v.organiser);
	return v;
}

/* Takes a slot of who asks r (their token's user, else their client,
 * r->key) of the costly answers under way: false when they have
 * WEB_BUSY_PER_USER. */
static bool busy_take(struct request *r)
{
	struct web_client client = {{0}};

	if (!r->who.user)
		web_reaper_client(r->s->reaper, r->c, &client);
	web_busy_key(r->who.user, &client, r->key);
	return web_busy_take(r->s->busy, r->key);
}

/* The path under the league's folder of the log that a game's route's
 * tail names (NNNNNN/game-NNNNNN, then the suffix the route's tail
 * has), or NULL when it names none. */
static char *log_of(const struct request *r)
{
	const char *tail = r->tail, *suffix = r->route->tail + strlen(GAME);

	if (strlen(tail) != 18 + strlen(suffix) || strcmp(tail + 18, suffix) ||
	    strspn(tail, DIGITS) < 6 || strncmp(tail + 6, "/game-", 6) ||
	    strspn(tail + 12, DIGITS) < 6)
		return NULL;
	return xasprintf("runs/%.18s.jsonl", tail);
}

/* Route r->route's handler, with what it needs: who asks when it needs a
 * user (else 401) or is costly, then made only while who asks has fewer
 * than WEB_BUSY_PER_USER under way (else 429); the index (else 503), a
 * game's route's log (else 404) and the fit's view it reads. */
static enum MHD_Result serve_route(struct request *r)
{
	unsigned needs = *r->state ? 0 : r->route->needs; /* an upload's body: its first call's */
	char err[ERR_LEN];
	enum MHD_Result rc;

	if (needs & (NEEDS_USER | COSTLY))
		r->who = viewer_of(r);
	if ((needs & NEEDS_USER) && !r->who.user)
		return web_fail(r->c, MHD_HTTP_UNAUTHORIZED, "give a user's token: Authorization: "
				"Bearer TOKEN ('referee league user add' makes one)");
	if ((needs & COSTLY) && !busy_take(r)) {
		free(r->who.user);
		return web_fail_later(r->c, MHD_HTTP_TOO_MANY_REQUESTS, "you have "
				      WEB_BUSY_PER_USER_TEXT " logs, replays, grades or bots' "
				      "pages being made already: ask again once one is answered", 1);
	}
	if ((needs & READS_INDEX) && !(r->db = web_db_of_thread(r->s->dir, err))) {
		rc = web_fail(r->c, MHD_HTTP_SERVICE_UNAVAILABLE, err);
	} else if (r->route->no_game && !(r->log = log_of(r))) {
		rc = web_fail(r->c, MHD_HTTP_NOT_FOUND, r->route->no_game);
	} else if (needs & READS_VIEW) {
		r->view = web_fit_get(r->s->fit, r->db);
		rc = r->route->serve(r);
		web_fit_put(r->s->fit, r->view);
	} else {
		rc = r->route->serve(r);
	}
	if (needs & COSTLY)
		web_busy_put(r->s->busy, r->key);
	free(r->who.user);
	free(r->log);
	return rc;
}

/* Request `r` for `url` answered by the route that has the path (each
 * path is one route's): 404 when none has it, 405 when it answers
 * another method than `method` (HEAD is GET's). */
static enum MHD_Result serve_path(struct request *r, const char *url, const char *method)
{
	const char *m = strcmp(method, MHD_HTTP_METHOD_HEAD) ? method : MHD_HTTP_METHOD_GET;
	char refusal[32];

	for (r->route = routes; r->route < routes + ROUTES; r->route++)
		if (r->route->tail ? !strncmp(url, r->route->path, strlen(r->route->path))
				   : !strcmp(url, r->route->path))
			break;
	if (r->route == routes + ROUTES)
		return no_such_path(r->c);
	if (strcmp(m, r->route->method)) {
		snprintf(refusal, sizeof refusal, "this path answers %s", r->route->method);
		return web_fail(r->c, MHD_HTTP_METHOD_NOT_ALLOWED, refusal);
	}
	r->tail = url + strlen(r->route->path);
	return serve_route(r);
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
		f->bad_length |= !value || !value[0] || value[strspn(value, DIGITS)] ||
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

/* Answers a request by its route (serve_path()): POST /api/bots as
 * web_upload.c says, the rest at once, before any body is read: no other
 * path takes one. */
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
			return web_fail(c, MHD_HTTP_BAD_REQUEST, framing);
		if (!web_reaper_forwarded(s->reaper, c, MHD_lookup_connection_value(
				c, MHD_HEADER_KIND, "X-Forwarded-For")))
			return web_fail(c, MHD_HTTP_TOO_MANY_REQUESTS, "too many connections "
					"from your address at once");
	}
	if (!atomic_load(&s->ready))
		return web_fail(c, MHD_HTTP_SERVICE_UNAVAILABLE,
				"the server is starting: ask again in a moment");
	return serve_path(&(struct request){.c = c, .s = s, .data = data, .size = size,
					    .state = state}, url, method);
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
	s->activity = web_activity_new(s->dir, limits->plays);
	s->busy = web_busy_new(limits->reaper.connections);
	s->what_ifs_per_minute = limits->what_ifs_per_minute;
	s->upload = limits->upload;
	s->upload.busy = s->busy;
	s->upload.preflight = web_preflight_start(s->dir, limits->preflight_s);
	s->reaper = !s->upload.preflight ? NULL : web_reaper_start(&limits->reaper);
	/* The caps are the reaper's: libmicrohttpd's from one address would
	 * hold a trusted proxy's clients to one address's share, and its cap
	 * in all is each thread's share of it, which one thread's connections
	 * would fill before the reaper made room (twice the reaper's: room
	 * for those shut down and not yet closed). */
	s->daemon = !s->reaper ? NULL : MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD, ntohs(addr->sin_port),
				     web_reaper_accept, s->reaper, handle, s,
				     MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)addr,
				     MHD_OPTION_THREAD_POOL_SIZE, 4u,
				     MHD_OPTION_CONNECTION_LIMIT, 2 * limits->reaper.connections,
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
	char why[ERR_LEN];

	web_preflight_sweep(s->dir);
	if (!(s->fit = web_fit_start(s->dir)))
		return errorf(err, "cannot start the thread that keeps the ratings");
	/* Read once: `league init` writes it, and nothing after. */
	s->league = league_folder_read(s->dir, &s->info, why) == 0;
	s->feed = web_commitments_new(s->dir, s->league ? s->info.players : 1);
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
	if (s->league)
		league_info_free(&s->info);
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
