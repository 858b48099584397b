/*
 * One bot of a match as match.c talks to it: its process, the messages
 * written to it and not yet answered, and what went wrong as a fault in
 * the words of the log's forfeit record.  Private to the match's
 * files (match*.c); the match's callers see match.h.
 */
#ifndef ARENA_MATCH_ENTRANT_H
#define ARENA_MATCH_ENTRANT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/wire.h"
#include "bot/bot.h"
#include "match_types.h"

/* Why a seat could not be talked to: a forfeit's reason and detail. */
struct fault {
	const char *reason;
	char detail[MATCH_DETAIL_LEN];
	bool silent;  /* still running, waiting: no reply within wall time */
};

/* The messages written to a bot and not yet answered, oldest first, for
 * the reply-time hook. */
#define MATCH_AWAITED 8

struct entrant {
	const struct match_entrant *config;
	const struct match_config *match_config;
	int index;             /* in the match */
	struct bot *bot;       /* NULL while not running */
	bool greeted;          /* the process answered its hello */
	struct {
		char type[16];
		int64_t sent_ns;
	} awaited[MATCH_AWAITED];
	int awaiting;
	int64_t last_reply_ns;
	char *reported_name, *reported_version;
	cJSON *files;
	cJSON *folder;  /* its folder's identity, or NULL (botfolder.h) */
	bool pending;          /* a start-up fault, charged to the next game */
	struct fault pending_fault;
	/* The stderr bytes kept across its processes: its own, or shared
	 * with its twin in the first match of a set's (match_twins). */
	struct bot_stderr_count stderr_kept, *stderr_count;
	/* A twin's stderr file, its lane's own (match_twins()); NULL
	 * in a set's first match, whose file is its config's. */
	char *stderr_path;
};

/* When a reply is due, and the allowance it was given (for a fault's
 * words). */
struct allowance {
	struct bot_deadline deadline;
	long ms;
	enum time_clock clock;
};

/* From now: `ms` of CPU time under the wall-clock ceiling, or `ms`. */
struct allowance entrant_allow(const struct match_config *c, long ms);

/* Stops the entrant's process, if it has one.  False when a process of
 * the bot outlived it (bot_free()). */
bool entrant_stop(struct entrant *e);

/* Says which message a fault of talking to the bot was about, so a bot
 * author reading the log knows where to look. */
void entrant_name_message(struct fault *f, const char *type);

/* The "type" of a message we send. */
const char *entrant_message_type(const cJSON *msg);

/* False with a fault if the bot wrote when no reply was due. */
bool entrant_quiet(struct entrant *e, struct fault *f);

/* Writes `count` messages (BOT_LINES_MOST at most) at once; false with
 * a fault if the bot cannot take them. */
bool entrant_write_all(struct entrant *e, const cJSON *const *msgs, int count,
		       const struct allowance *a, struct fault *f);

/* entrant_quiet(), then entrant_write_all() of one message: false with the fault of the
 * first that fails. */
bool entrant_send(struct entrant *e, const cJSON *msg,
		  const struct allowance *a, struct fault *f);

/* Reads one reply; NULL with a fault if there is none to be had. */
cJSON *entrant_read(struct entrant *e, const struct allowance *a,
		    struct fault *f);

/* Starts an entrant's process; a failure becomes a fault that the
 * entrant's next game records (and err says why). */
bool entrant_spawn(struct entrant *e, char *err);

/* Takes the reply to hello (NULL: none came, f says why); false with a
 * fault when there is none or it is not one. */
bool entrant_take_hello(struct entrant *e, cJSON *reply, struct fault *f);

#endif
