/*
 * Talking to one bot of a match (see match_entrant.h): starting its
 * process and taking its hello, writing it a message and reading its
 * reply within an allowance, timing each reply for the on_reply hook, and
 * putting whatever goes wrong into the words of the log's forfeit record.
 * What is said to whom, and when, is the game's flow, in match.c.
 */
#include "match_entrant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"

#define DETAIL_LEN MATCH_DETAIL_LEN

struct allowance entrant_allow(const struct match_config *c, long ms)
{
	int64_t now = now_ns();

	if (c->time.clock == CLOCK_CPU)
		return (struct allowance){ { now + wire_ceiling_ms(ms) * 1000000,
					     (int64_t)ms * 1000000 }, ms, CLOCK_CPU };
	return (struct allowance){ { now + (int64_t)ms * 1000000, 0 }, ms, CLOCK_WALL };
}

bool entrant_stop(struct entrant *e)
{
	bool gone = bot_free(e->bot, e->match_config->grace_ms);

	e->bot = NULL;
	return gone;
}

/* Turns a bot I/O status into a fault. */
static void io_fault(struct entrant *e, enum bot_status status,
		     const struct allowance *a, struct fault *f)
{
	const struct bot_limits *limits = &e->config->spec.limits;
	char how[128];

	f->silent = status == BOT_TIMEOUT;
	switch (status) {
	case BOT_TIMEOUT:
		f->reason = "timeout";
		if (a->clock == CLOCK_CPU)
			snprintf(f->detail, DETAIL_LEN, "no reply within %ld ms of "
				 "wall-clock time (the ceiling of a %ld ms move)",
				 wire_ceiling_ms(a->ms), a->ms);
		else
			snprintf(f->detail, DETAIL_LEN, "no reply within %ld ms", a->ms);
		return;
	case BOT_CPU_TIMEOUT:
		f->reason = "timeout";
		snprintf(f->detail, DETAIL_LEN, "no reply within %ld ms of CPU time",
			 a->ms);
		return;
	case BOT_OUT_OF_MEMORY:
		f->reason = "memory";
		snprintf(f->detail, DETAIL_LEN, "went past its memory limit of %llu "
			 "MiB (the kernel killed a process of it)",
			 (unsigned long long)(limits->memory >> 20));
		return;
	case BOT_MEMORY_HELD:
		f->reason = "memory";
		snprintf(f->detail, DETAIL_LEN, "went past its memory limit of %llu "
			 "MiB (its processes held more together; all of them were "
			 "killed)", (unsigned long long)(limits->memory >> 20));
		return;
	case BOT_TOO_MANY_PROCESSES:
		f->reason = "processes";
		snprintf(f->detail, DETAIL_LEN, "went past its limit of %u processes",
			 limits->processes ? limits->processes : BOT_DEFAULT_PROCESSES);
		return;
	case BOT_CONTAINMENT:
		f->reason = "containment";
		snprintf(f->detail, DETAIL_LEN, "it ran while stopped off move (a "
			 "process of it ran again, or used CPU time while its "
			 "stop landed; all of them were killed)");
		return;
	case BOT_TOO_LONG:
		f->reason = "line-too-long";
		snprintf(f->detail, DETAIL_LEN, "a reply line passed %zu bytes",
			 limits->max_line);
		return;
	case BOT_CLOSED:
	case BOT_IO_ERROR:
	case BOT_OK:
		break;
	}
	f->reason = "exit";
	bot_describe_exit(e->bot, 200, how, sizeof how);
	snprintf(f->detail, DETAIL_LEN, "the %s %s",
		 e->config->spec.responder ? "player" : "bot", how);
}

void entrant_name_message(struct fault *f, const char *type)
{
	static const struct {
		const char *reason, *before, *after;
	} words[] = {
		{"timeout", " to", ""},
		{"exit", " before answering", ""},
		{"unexpected-output", " (before", " was sent)"},
		{"line-too-long", " (the reply to", ")"},
		{"memory", " (answering", ")"},
		{"processes", " (answering", ")"},
	};
	size_t len = strlen(f->detail);

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(f->reason, words[i].reason))
			snprintf(f->detail + len, DETAIL_LEN - len, "%s \"%s\"%s",
				 words[i].before, type, words[i].after);
}

const char *entrant_message_type(const cJSON *msg)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "type"));
}

/* Notes a message written to the bot, which its next reply answers. */
static void awaited_push(struct entrant *e, const char *type)
{
	if (e->awaiting == MATCH_AWAITED)
		return; /* goodbye after a full queue: not worth timing */
	snprintf(e->awaited[e->awaiting].type, sizeof e->awaited[0].type,
		 "%s", type ? type : "?");
	e->awaited[e->awaiting++].sent_ns = now_ns();
}

/* Times a reply against the oldest message awaiting one: from when it
 * was written or the reply before was read, whichever came later. */
static void awaited_answered(struct entrant *e)
{
	const struct match_config *c = e->match_config;
	int64_t now = now_ns(), since;

	if (!e->awaiting)
		return;
	since = e->awaited[0].sent_ns > e->last_reply_ns ? e->awaited[0].sent_ns
							 : e->last_reply_ns;
	e->last_reply_ns = now;
	if (c->on_reply)
		c->on_reply(c->hook_ctx, e->index, e->awaited[0].type, now - since,
			    c->time.clock == CLOCK_CPU ? bot_reply_cpu_ns(e->bot) : -1);
	memmove(e->awaited, e->awaited + 1, (size_t)--e->awaiting * sizeof e->awaited[0]);
}

/* What a bot that printed more than its replies is told. */
#define STDOUT_HINT " (stdout carries only the replies: write logs and debugging " \
	"output to stderr)"

bool entrant_quiet(struct entrant *e, struct fault *f)
{
	if (!bot_has_unsolicited_output(e->bot))
		return true;
	f->reason = "unexpected-output";
	snprintf(f->detail, DETAIL_LEN, "wrote to stdout when no reply was due" STDOUT_HINT);
	return false;
}

bool entrant_write_all(struct entrant *e, const cJSON *const *msgs, int count,
		       const struct allowance *a, struct fault *f)
{
	struct iovec lines[BOT_LINES_MOST] = {{0}};
	enum bot_status status;

	for (int k = 0; k < count; k++)
		lines[k].iov_base = json_print(msgs[k], &lines[k].iov_len);
	status = bot_write_lines(e->bot, lines, count, a->deadline.wall_ns);
	for (int k = 0; k < count; k++)
		free(lines[k].iov_base);
	if (status == BOT_OK) {
		for (int k = 0; k < count; k++)
			awaited_push(e, entrant_message_type(msgs[k]));
		return true;
	}
	io_fault(e, status, a, f);
	return false;
}

bool entrant_send(struct entrant *e, const cJSON *msg,
		  const struct allowance *a, struct fault *f)
{
	return entrant_quiet(e, f) && entrant_write_all(e, &msg, 1, a, f);
}

cJSON *entrant_read(struct entrant *e, const struct allowance *a,
		    struct fault *f)
{
	const char *line;
	size_t len;
	enum bot_status status = bot_read_line(e->bot, &a->deadline, &line, &len);
	char err[ERR_LEN];
	cJSON *reply;

	if (status != BOT_OK) {
		io_fault(e, status, a, f);
		return NULL;
	}
	awaited_answered(e);
	if (wire_parse_reply(line, len, &reply, err) != WIRE_OK) {
		size_t lead = strspn(line, " \t");

		f->reason = "bad-json";
		/* A line that does not even start like JSON is the bot's own
		 * talk ("DEBUG ...", a print left in): say where it goes. */
		snprintf(f->detail, DETAIL_LEN, "%.400s: %.120s%s", err, line,
			 lead < len && line[lead] != '{' ? STDOUT_HINT : "");
		return NULL;
	}
	return reply;
}

bool entrant_spawn(struct entrant *e, char *err)
{
	struct bot_spec spec = e->config->spec;

	spec.stderr_count = e->stderr_count;
	if (e->stderr_path)
		spec.stderr_path = e->stderr_path;
	e->greeted = false;
	e->awaiting = 0;
	e->last_reply_ns = 0;
	e->bot = bot_spawn(&spec, err);
	if (e->bot)
		return true;
	e->pending = true;
	e->pending_fault.reason = "exit";
	snprintf(e->pending_fault.detail, DETAIL_LEN, "cannot start the bot: %s",
		 err);
	return false;
}

bool entrant_take_hello(struct entrant *e, cJSON *reply, struct fault *f)
{
	const char *name, *version;
	char err[ERR_LEN];

	if (!reply) {
		entrant_name_message(f, "hello");
		return false;
	}
	if (wire_check_hello(reply, &name, &version, err) != WIRE_OK) {
		f->reason = "bad-reply";
		snprintf(f->detail, DETAIL_LEN, "hello: %s", err);
		cJSON_Delete(reply);
		return false;
	}
	free(e->reported_name);
	free(e->reported_version);
	e->reported_name = name ? xstrdup(name) : NULL;
	e->reported_version = version ? xstrdup(version) : NULL;
	e->greeted = true;
	cJSON_Delete(reply);
	return true;
}
