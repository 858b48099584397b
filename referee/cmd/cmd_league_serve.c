/*
 * `referee league serve DIR [--listen ADDR:PORT] [--no-play]
 * [--trusted-proxy ADDR] [--rest-interval ELO] [--trickle SETS] ...`: the league
 * on the web (docs/LEAGUE-SERVER.md, "The server").  The server (web_server.h)
 * answers in its own threads; unless --no-play, a child process plays
 * the league as `referee league run DIR` does (the same code: this
 * program run again), started again a few seconds after it ends, while
 * the league has the bots a game needs (an upload or `league add` brings
 * them).
 * SIGINT or SIGTERM stops the child, then the server.  One server serves
 * a league (serve_lock()).  Started as root
 * it runs only with --user NAME, and drops to NAME once its port is
 * bound, before it answers anything or starts the child.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sodium.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/child.h"
#include "base/util.h"
#include "cli.h"
#include "cmd_league.h"
#include "league/league_db.h"
#include "league/league_folder.h"
#include "web/web_drop.h"
#include "web/web_server.h"
#include "web/web_users.h"

#define fail(...) cli_fail("league", __VA_ARGS__)

/* Seconds between a play child's end and the next. */
#define PLAY_AGAIN_S 5

/* The player's pace, passed on to its `league run`: --rest-interval ELO
 * and --trickle SETS, as given (NULL: the run's default). */
struct play_pace {
	char *rest_interval, *trickle;
};

/* Starts `referee league run DIR` in a child, its signals unblocked: its
 * pid, or -1. */
static pid_t play_start(const char *dir, const struct play_pace *pace, const sigset_t *mask)
{
	char *words[9] = {"referee", "league", "run", (char *)dir}, err[ERR_LEN];
	int n = 4;
	/* A server killed leaves no player behind. */
	const struct child c = {
		.path = "/proc/self/exe", .argv = words, .parent_death = true, .unblock = mask,
	};
	int from;

	if (pace->rest_interval) {
		words[n++] = "--rest-interval";
		words[n++] = pace->rest_interval;
	}
	if (pace->trickle) {
		words[n++] = "--trickle";
		words[n++] = pace->trickle;
	}
	return child_start(&c, &from, err);
}

/* Whether the league has the active bots a game needs, so that a player
 * would play: said on stdout with the time when it changes (*said: the
 * active bots said waiting for, -1: none), not at each try of the wait
 * (a run started without them would only fail with its usage message). */
static bool play_ready(const char *dir, int players, long *said)
{
	char err[ERR_LEN], stamp[32];
	sqlite3 *db = league_db_open(dir, false, NULL, 0, err);
	struct league_counts c = {.bots = -1};
	time_t now = time(NULL);
	bool ready;

	if (db)
		league_db_counts(db, &c);
	league_db_close(db);
	if (c.bots < 0 || c.retired < 0)
		return true;  /* unread: the run says why */
	c.bots -= c.retired;
	ready = c.bots >= players;
	if (c.bots != *said && (!ready || *said >= 0)) {
		strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
		if (ready)
			printf("%s %ld active bots: playing\n", stamp, c.bots);
		else
			printf("%s waiting: %ld active bot%s, and a game needs %d (an upload "
			       "or 'referee league add' brings one)\n", stamp, c.bots,
			       c.bots == 1 ? "" : "s", players);
		fflush(stdout);
	}
	*said = ready ? -1 : c.bots;
	return ready;
}

/* Waits for SIGINT or SIGTERM, keeping a play child going unless
 * `play` is false, while the league has the bots a game needs; stops
 * the child before it returns. */
static void serve_wait(const char *dir, int players, bool play,
		       const struct play_pace *pace, const sigset_t *mask)
{
	long said = -1;
	pid_t child = play && play_ready(dir, players, &said) ? play_start(dir, pace, mask) : -1;
	struct timespec again = {PLAY_AGAIN_S, 0};
	int sig;

	for (;;) {
		sig = sigtimedwait(mask, NULL, child > 0 || !play ? NULL : &again);
		if (sig == SIGINT || sig == SIGTERM)
			break;
		if (sig == SIGCHLD && child > 0 && waitpid(child, NULL, WNOHANG) == child)
			child = -1;
		else if (sig < 0 && errno == EAGAIN && play && play_ready(dir, players, &said))
			child = play_start(dir, pace, mask);
	}
	if (child > 0) {
		kill(child, SIGTERM);
		waitpid(child, NULL, 0);
	}
}

/* One server a league: an exclusive lock on the folder itself (no file
 * in it, which a root server would leave root's), held by a descriptor
 * kept open for the server's life, across its drop to --user, and not
 * handed to its player (close-on-exec).  EXIT_OK, or EXIT_USAGE after a
 * message. */
static int serve_lock(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return fail("cannot open the league's folder %s: %s", dir, strerror(errno));
	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return EXIT_OK;
	close(fd);
	if (errno == EWOULDBLOCK)
		return fail("another server serves the league in %s already: one server "
			    "a league (stop it first)", dir);
	return fail("cannot lock the league's folder %s: %s", dir, strerror(errno));
}

/* `league user add [--porcelain] [--organiser] DIR NAME` prints a new
 * token, once (with --porcelain, before or after the operands, the token
 * alone, for a program; an organiser's token shows every bot's stderr);
 * `league user revoke DIR NAME` ends it. */
int league_user(int argc, char **argv)
{
	char err[ERR_LEN], token[WEB_TOKEN_LEN + 1];
	struct league_info info;
	bool add, porcelain = false, organiser = false;
	char *operands[2];
	int count = 0;

	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--porcelain"))
			porcelain = true;
		else if (!strcmp(argv[i], "--organiser"))
			organiser = true;
		else if (count < 2)
			operands[count++] = argv[i];
		else
			count = 3;
	if (count != 2 || argc != 4 + porcelain + organiser ||
	    (strcmp(argv[1], "add") && strcmp(argv[1], "revoke")))
		return fail("user takes add or revoke, a league's folder and a user's name");
	add = !strcmp(argv[1], "add");
	if ((porcelain || organiser) && !add)
		return fail("--%s goes with user add", porcelain ? "porcelain" : "organiser");
	if (!league_name_ok(operands[1]))
		return fail("'%s' is not a user's name: letters, digits, '-', '_' and "
			    "'.', up to 40, not starting with '.' or '-'", operands[1]);
	if (league_folder_read(operands[0], &info, err))
		return fail("%s", err);
	league_info_free(&info);
	if (add ? web_users_add(operands[0], operands[1], organiser, token, err)
		: web_users_revoke(operands[0], operands[1], err))
		return fail("%s", err);
	if (add && porcelain)
		printf("%s\n", token);
	else if (add)
		printf("%s %s added; their token (shown this once, keep it secret):\n%s\n",
		       organiser ? "organiser" : "user", operands[1], token);
	else
		printf("user %s's token revoked: it uploads nothing more\n", operands[1]);
	sodium_memzero(token, sizeof token);
	return EXIT_OK;
}

/* What serve's options set. */
struct serve_settings {
	struct sockaddr_in addr;
	struct web_limits limits;
	struct play_pace pace;
	const char *user;	/* --user: the user a root server drops to */
};

static const struct cmd_entry serve_options_entry = {
	.name = "league",
	.options = (const struct cli_opt[]){
		CLI_OPT("listen", required_argument, 'l'),
		CLI_OPT("no-play", no_argument, 'n'),
		CLI_OPT("max-upload", required_argument, 'm'),
		CLI_UNSIGNED("uploads-per-minute", struct serve_settings,
			     limits.upload.per_minute, 1, 100000),
		CLI_UNSIGNED("what-ifs-per-minute", struct serve_settings,
			     limits.what_ifs_per_minute, 1, 100000),
		CLI_UNSIGNED("preflight-seconds", struct serve_settings,
			     limits.preflight_s, 1, 86400),
		CLI_TEXT("user", struct serve_settings, user),
		CLI_OPT("trusted-proxy", required_argument, 'p'),
		CLI_UNSIGNED("request-seconds", struct serve_settings,
			     limits.reaper.request_s, 1, 3600),
		CLI_OPT("rest-interval", required_argument, 'R'),
		CLI_OPT("trickle", required_argument, 't'),
		CLI_END,
	},
};

/* Reads serve's options into *set: EXIT_OK, else EXIT_USAGE after a
 * message. */
static int serve_options(int argc, char **argv, struct serve_settings *set)
{
	struct web_limits *limits = &set->limits;
	int opt;
	long n;

	*set = (struct serve_settings){.limits = WEB_LIMITS_DEFAULT};
	web_parse_listen("127.0.0.1:8080", &set->addr);
	while ((opt = cli_option(&serve_options_entry, argc, argv, NULL, set)) != -1) {
		if (opt == 'l' && !web_parse_listen(optarg, &set->addr))
			return fail("--listen takes ADDR:PORT (127.0.0.1:8080, 0.0.0.0:80), not '%s'",
				    optarg);
		if (opt == 'n')
			limits->plays = false;
		if (opt == 'm' && !cli_number("league", "--max-upload", optarg, 1, 4096, &n))
			return EXIT_USAGE;
		if (opt == 'm')
			limits->upload.max_bytes = (size_t)n << 20;
		/* Passed on to the player as given, once checked. */
		if ((opt == 'R' && !cli_number("league", "--rest-interval", optarg, 0, 100000, &n)) ||
		    (opt == 't' && !cli_number("league", "--trickle", optarg, 0, 100000, &n)))
			return EXIT_USAGE;
		if (opt == 'R')
			set->pace.rest_interval = optarg;
		if (opt == 't')
			set->pace.trickle = optarg;
		if (opt == 'p' && inet_pton(AF_INET, optarg, &limits->reaper.proxy) != 1)
			return fail("--trusted-proxy takes the proxy's IPv4 address "
				    "(127.0.0.1), not '%s'", optarg);
		limits->reaper.proxied |= opt == 'p';
		if (opt == '?')
			return EXIT_USAGE;
	}
	if (argc - optind != 1)
		return fail("serve takes a league's folder");
	if (geteuid() == 0 && !set->user)
		return fail("serve runs as root only when told which user to become: "
			    "give --user NAME (it drops to NAME once listening)");
	if (set->user && geteuid() != 0)
		return fail("--user is for a server started as root: this one runs as "
			    "its user already");
	return EXIT_OK;
}

int league_serve(int argc, char **argv)
{
	struct serve_settings set;
	struct league_info info;
	struct web_server *server;
	char err[ERR_LEN], host[INET_ADDRSTRLEN];
	const char *dir;
	sigset_t mask;
	int players;

	if (serve_options(argc, argv, &set))
		return EXIT_USAGE;
	dir = argv[optind];
	if (league_folder_read(dir, &info, err))
		return fail("%s", err);
	players = info.players;
	league_info_free(&info);
	if (serve_lock(dir))
		return EXIT_USAGE;
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGCHLD);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	if (!(server = web_server_start(dir, &set.addr, &set.limits, err)))
		return fail("%s", err);
	if ((set.user && web_drop_to(set.user, dir, err)) || web_server_ready(server, err)) {
		web_server_stop(server);
		return fail("%s", err);
	}
	printf("serving the league in %s on http://%s:%u/%s\n", dir,
	       inet_ntop(AF_INET, &set.addr.sin_addr, host, sizeof host),
	       ntohs(set.addr.sin_port), set.limits.plays ? "" : " (not playing: --no-play)");
	fflush(stdout);
	serve_wait(dir, players, set.limits.plays, &set.pace, &mask);
	web_server_stop(server);
	return EXIT_OK;
}
