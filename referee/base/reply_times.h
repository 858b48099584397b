/*
 * A bot's reply times to turns as a histogram that adds up across games,
 * runs and shards: the ladder's median and 95th percentile of a million
 * games then need kilobytes, not every reply.  Times below 32 µs have a
 * bucket each; above, every doubling is cut in 16 buckets, so a bucket is
 * at most 1/16 of its floor wide and a percentile read from it (the
 * middle of its bucket) is within 3.2% of the reply it stands for.  The
 * count of replies and the longest one are exact.
 */
#ifndef ARENA_REPLY_TIMES_H
#define ARENA_REPLY_TIMES_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#define REPLY_TIMES_BUCKETS 448
/* Longer replies count in the last bucket (35 minutes: no real budget). */
#define REPLY_TIMES_LIMIT_US ((int64_t)INT32_MAX)

struct reply_times {
	uint64_t turns;
	int64_t max;                         /* µs */
	uint64_t count[REPLY_TIMES_BUCKETS];
};

void reply_times_add(struct reply_times *t, int64_t us);

/* The percentile (50: the median) as timings_rank() defines it, read as
 * the middle of the bucket of the reply at that rank (never above the
 * longest reply); 0 without replies. */
int64_t reply_times_percentile(const struct reply_times *t, int percent);

/* The replies' wall time in all, in seconds, each read as the middle of
 * its bucket (within 3.2%). */
double reply_times_seconds(const struct reply_times *t);

/* The smallest time that counts in `bucket`, and the bucket of `us`. */
int64_t reply_times_floor(int bucket);
int reply_times_bucket(int64_t us);

/* Adds "turns":N,"max":US,"us":[[FLOOR,COUNT],...] to `object`: the
 * buckets with replies, by their floor in µs. */
void reply_times_put_json(const struct reply_times *t, cJSON *object);
/* Adds what reply_times_put_json wrote to `t`; false when `json` is not
 * that (a floor that is no bucket's, counts that do not add up to
 * "turns"), leaving `t` as it was. */
bool reply_times_add_json(struct reply_times *t, const cJSON *json);

/* A worker's short form, "MAX" then ",BUCKET:COUNT" for each bucket with
 * replies; the length as snprintf() counts it. */
int reply_times_to_text(const struct reply_times *t, char *buf, size_t size);
/* Reads reply_times_to_text's form from the start of `text` into `t`
 * (added); the end of what was read, or NULL when it is not that form. */
const char *reply_times_add_text(struct reply_times *t, const char *text);

/* A bot's reply times to turns by both clocks: the wall time of each,
 * and the CPU time charged to each in games timed by the CPU clock (so
 * `cpu` may count fewer, or none). */
struct reply_clocks {
	struct reply_times wall, cpu;
};

void reply_clocks_merge(struct reply_clocks *into, const struct reply_clocks *from);
/* reply_times_put_json of `wall`, and of `cpu` in a member "cpu" when it
 * has replies. */
void reply_clocks_put_json(const struct reply_clocks *c, cJSON *object);
/* Adds what reply_clocks_put_json wrote; false when it is not that. */
bool reply_clocks_add_json(struct reply_clocks *c, const cJSON *json);
/* The short forms of `wall` and, when it has replies, "/" and of `cpu`. */
int reply_clocks_to_text(const struct reply_clocks *c, char *buf, size_t size);
const char *reply_clocks_add_text(struct reply_clocks *c, const char *text);

#endif
