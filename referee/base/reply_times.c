/*
 * Reply-time histograms; see reply_times.h.
 */
#include "reply_times.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timings.h"

int reply_times_bucket(int64_t us)
{
	int top = 4;

	if (us < 32)
		return us < 0 ? 0 : (int)us;
	if (us > REPLY_TIMES_LIMIT_US)
		us = REPLY_TIMES_LIMIT_US;
	while (us >> (top + 1))
		top++;
	/* 16 buckets per doubling from 16: 32..63 are buckets 32..47. */
	return 16 * (top - 3) + (int)(us >> (top - 4) & 15);
}

int64_t reply_times_floor(int bucket)
{
	int top = bucket / 16 + 3;

	if (bucket < 32)
		return bucket;
	return (int64_t)(16 + bucket % 16) << (top - 4);
}

void reply_times_add(struct reply_times *t, int64_t us)
{
	t->count[reply_times_bucket(us)]++;
	t->turns++;
	if (us > t->max)
		t->max = us;
}

static void reply_times_merge(struct reply_times *into, const struct reply_times *from)
{
	for (int b = 0; b < REPLY_TIMES_BUCKETS; b++)
		into->count[b] += from->count[b];
	into->turns += from->turns;
	if (from->max > into->max)
		into->max = from->max;
}

/* The time a reply in `bucket` is read as: the middle of the bucket. */
static int64_t bucket_middle(int bucket)
{
	int64_t width = bucket + 1 < REPLY_TIMES_BUCKETS
		? reply_times_floor(bucket + 1) - reply_times_floor(bucket) : 1;

	return reply_times_floor(bucket) + (width - 1) / 2;
}

int64_t reply_times_percentile(const struct reply_times *t, int percent)
{
	uint64_t need = timings_rank(t->turns, percent), sum = 0;

	for (int b = 0; b < REPLY_TIMES_BUCKETS && t->turns; b++)
		if ((sum += t->count[b]) >= need) {
			int64_t middle = bucket_middle(b);

			return middle < t->max ? middle : t->max;
		}
	return 0;
}

double reply_times_seconds(const struct reply_times *t)
{
	double us = 0;

	for (int b = 0; b < REPLY_TIMES_BUCKETS; b++)
		us += (double)t->count[b] * (double)bucket_middle(b);
	return us / 1e6;
}

void reply_times_put_json(const struct reply_times *t, cJSON *o)
{
	cJSON *us;

	cJSON_AddNumberToObject(o, "turns", (double)t->turns);
	cJSON_AddNumberToObject(o, "max", (double)t->max);
	us = cJSON_AddArrayToObject(o, "us");
	for (int b = 0; b < REPLY_TIMES_BUCKETS; b++)
		if (t->count[b]) {
			double pair[2] = {(double)reply_times_floor(b), (double)t->count[b]};

			cJSON_AddItemToArray(us, cJSON_CreateDoubleArray(pair, 2));
		}
}

/* A whole number from 0 to 2^53 (exact in a double). */
static bool whole(const cJSON *item, uint64_t *out)
{
	double v = cJSON_IsNumber(item) ? item->valuedouble : -1;

	if (!(v >= 0 && v <= 9007199254740992.0) || v != (double)(uint64_t)v)
		return false;
	*out = (uint64_t)v;
	return true;
}

bool reply_times_add_json(struct reply_times *t, const cJSON *json)
{
	const cJSON *us = cJSON_GetObjectItemCaseSensitive(json, "us"), *pair;
	struct reply_times add = {0};
	uint64_t turns, max, floor, count, sum = 0;

	if (!whole(cJSON_GetObjectItemCaseSensitive(json, "turns"), &turns) ||
	    !whole(cJSON_GetObjectItemCaseSensitive(json, "max"), &max) ||
	    max > (uint64_t)INT64_MAX || !cJSON_IsArray(us))
		return false;
	cJSON_ArrayForEach(pair, us) {
		int b;

		if (cJSON_GetArraySize(pair) != 2 ||
		    !whole(cJSON_GetArrayItem(pair, 0), &floor) ||
		    !whole(cJSON_GetArrayItem(pair, 1), &count) ||
		    floor > (uint64_t)REPLY_TIMES_LIMIT_US)
			return false;
		b = reply_times_bucket((int64_t)floor);
		if (reply_times_floor(b) != (int64_t)floor || (int64_t)floor > (int64_t)max ||
		    (sum += count) > turns)
			return false;
		add.count[b] += count;
	}
	if (sum != turns)
		return false;
	add.turns = turns;
	add.max = (int64_t)max;
	reply_times_merge(t, &add);
	return true;
}

int reply_times_to_text(const struct reply_times *t, char *buf, size_t size)
{
	int len = snprintf(buf, size, "%" PRId64, t->max);

	for (int b = 0; b < REPLY_TIMES_BUCKETS && len >= 0 && (size_t)len < size; b++)
		if (t->count[b])
			len += snprintf(buf + len, size - (size_t)len, ",%d:%" PRIu64,
					b, t->count[b]);
	return len;
}

const char *reply_times_add_text(struct reply_times *t, const char *text)
{
	struct reply_times add = {0};
	char *end;
	long long max = strtoll(text, &end, 10);

	if (end == text || max < 0)
		return NULL;
	while (*end == ',') {
		const char *p = end + 1;
		long b = strtol(p, &end, 10);
		unsigned long long count;

		if (end == p || *end != ':' || b < 0 || b >= REPLY_TIMES_BUCKETS)
			return NULL;
		p = end + 1;
		count = strtoull(p, &end, 10);
		if (end == p)
			return NULL;
		add.count[b] += count;
		add.turns += count;
	}
	add.max = max;
	reply_times_merge(t, &add);
	return end;
}

void reply_clocks_merge(struct reply_clocks *into, const struct reply_clocks *from)
{
	reply_times_merge(&into->wall, &from->wall);
	reply_times_merge(&into->cpu, &from->cpu);
}

void reply_clocks_put_json(const struct reply_clocks *c, cJSON *object)
{
	reply_times_put_json(&c->wall, object);
	if (c->cpu.turns)
		reply_times_put_json(&c->cpu, cJSON_AddObjectToObject(object, "cpu"));
}

bool reply_clocks_add_json(struct reply_clocks *c, const cJSON *json)
{
	const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(json, "cpu");
	struct reply_clocks add = {0};

	if (!reply_times_add_json(&add.wall, json) ||
	    (cpu && !reply_times_add_json(&add.cpu, cpu)))
		return false;
	reply_clocks_merge(c, &add);
	return true;
}

int reply_clocks_to_text(const struct reply_clocks *c, char *buf, size_t size)
{
	int len = reply_times_to_text(&c->wall, buf, size);

	if (c->cpu.turns && len >= 0 && (size_t)len + 1 < size) {
		buf[len++] = '/';
		len += reply_times_to_text(&c->cpu, buf + len, size - (size_t)len);
	}
	return len;
}

const char *reply_clocks_add_text(struct reply_clocks *c, const char *text)
{
	const char *end = reply_times_add_text(&c->wall, text);

	return end && *end == '/' ? reply_times_add_text(&c->cpu, end + 1) : end;
}
