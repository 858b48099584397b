/*
 * Loading a game log; see logread.h.
 */
#include "logread.h"

#include <errno.h>
#include <fcntl.h>
#include <libdeflate.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "json.h"
#include "util.h"

/* The whole file, sized from fstat so that a log takes one allocation and
 * one read(2) more than its length to see the end. */
static char *read_file(const char *path, size_t *size, char *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *buf = fd < 0 ? NULL : files_read_fd(fd, LOGREAD_MAX_BYTES, size);

	if (fd < 0)
		errorf(err, "cannot open '%s': %s", path, strerror(errno));
	else if (!buf && errno == EFBIG)
		errorf(err, "'%s' is larger than %zu MiB", path,
		       LOGREAD_MAX_BYTES >> 20);
	else if (!buf)
		errorf(err, "cannot read '%s': %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	return buf;
}

/* Whether a file's first bytes are gzip's (a compressed log). */
static bool is_gzip(const char *bytes, size_t len)
{
	return len >= 2 && (unsigned char)bytes[0] == 0x1f &&
	       (unsigned char)bytes[1] == 0x8b;
}

/* Decompresses the gzip member at `in` into out[*len..], growing it up
 * to LOGREAD_MAX_BYTES: the member's result, with how many bytes of `in`
 * it took in *took.  Anything but success ends the log there. */
static enum libdeflate_result gunzip_member(struct libdeflate_decompressor *d,
					    const char *in, size_t in_len,
					    size_t *took, char **out,
					    size_t *len, size_t *cap)
{
	for (;;) {
		size_t made = 0;
		enum libdeflate_result r = libdeflate_gzip_decompress_ex(
			d, in, in_len, *out + *len, *cap - *len, took, &made);

		if (r == LIBDEFLATE_SUCCESS)
			*len += made;
		if (r != LIBDEFLATE_INSUFFICIENT_SPACE || *cap == LOGREAD_MAX_BYTES)
			return r;
		*cap = *cap > LOGREAD_MAX_BYTES / 2 ? LOGREAD_MAX_BYTES : 2 * *cap;
		*out = xrealloc(*out, *cap);
	}
}

/* The lines of the gzip members in `packed` (`first`: of the first
 * member alone), in a new buffer; *cut when what follows the last whole
 * member is not one (a log cut in the middle of a write). */
static char *gunzip_log(const char *packed, size_t packed_len, bool first,
			size_t *size, bool *cut, const char *path, char *err)
{
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	size_t cap = first ? 65536 : packed_len < LOGREAD_MAX_BYTES / 8
				     ? 8 * packed_len + 4096 : LOGREAD_MAX_BYTES;
	size_t len = 0, at = 0, took = 0;
	enum libdeflate_result r = LIBDEFLATE_SUCCESS;
	char *out = xmalloc(cap);

	while (d && r == LIBDEFLATE_SUCCESS && at < packed_len && !(first && at)) {
		r = gunzip_member(d, packed + at, packed_len - at, &took, &out,
				  &len, &cap);
		at += took;
	}
	libdeflate_free_decompressor(d);
	if (!d || r == LIBDEFLATE_INSUFFICIENT_SPACE) {
		if (d)
			errorf(err, "'%s' unpacks to more than %zu MiB", path,
			       LOGREAD_MAX_BYTES >> 20);
		else
			errorf(err, "cannot read '%s': out of memory", path);
		free(out);
		return NULL;
	}
	*cut = r != LIBDEFLATE_SUCCESS;
	*size = len;
	return out;
}

char *logread_head(const char *path, size_t *len)
{
	bool cut;
	char err[ERR_LEN], *file = read_file(path, len, err), *out;

	if (!file || !is_gzip(file, *len))
		return file;
	/* Whatever the first member holds, if it reads at all. */
	out = gunzip_log(file, *len, true, len, &cut, path, err);
	free(file);
	return out;
}

char *logread_text(const char *path, size_t *len, char *err)
{
	size_t size;
	bool cut;
	char *file = read_file(path, &size, err), *plain;

	if (!file || !is_gzip(file, size))
		plain = file;
	else {
		plain = gunzip_log(file, size, false, &size, &cut, path, err);
		free(file);
	}
	if (!plain)
		return NULL;
	plain = xrealloc(plain, size + 1);
	plain[size] = '\0';
	*len = size;
	return plain;
}

/* Splits log->buffer's log->size bytes into parsed lines. */
static void split_lines(struct game_log *log)
{
	size_t cap = 0, start = 0, size = log->size;

	/* The parsed lines take a few times the bytes of their text. */
	region_init(&log->region, 4 * size);
	while (start < size) {
		char *nl = memchr(log->buffer + start, '\n', size - start);
		size_t len = nl ? (size_t)(nl - (log->buffer + start)) : size - start;
		struct log_line *line;
		const cJSON *type;

		log->lines = xgrow(log->lines, log->count, &cap, sizeof *log->lines);
		line = &log->lines[log->count++];
		line->bytes = log->buffer + start;
		line->len = len;
		line->json = json_parse_object_in(&log->region, line->bytes, len,
						  &line->plain_numbers, line->error);
		type = cJSON_GetObjectItemCaseSensitive(line->json, "type");
		line->type = cJSON_IsString(type) ? type->valuestring : NULL;
		log->ends_mid_line = !nl;
		start += len + 1;
	}
}

int logread_load(const char *path, struct game_log *log, char *err)
{
	size_t size;
	bool cut = false;

	memset(log, 0, sizeof *log);
	log->buffer = read_file(path, &size, err);
	if (!log->buffer)
		return -1;
	files_sha256_bytes(log->buffer, size, log->sha256);
	if (is_gzip(log->buffer, size)) {
		char *plain = gunzip_log(log->buffer, size, false, &size, &cut,
					  path, err);

		free(log->buffer);
		if (!(log->buffer = plain))
			return -1;
		log->compressed = true;
	}
	log->size = size;
	log->path = xstrdup(path);
	split_lines(log);
	/* A member cut short: the lines it held are missing, as the end of
	 * a plain log cut in the middle of a line. */
	log->ends_mid_line |= cut;
	log->corrupt = cut;
	return 0;
}

void logread_from_lines(const char *path, char *lines, size_t size,
			const char sha256[FILES_SHA256_HEX], struct game_log *log)
{
	memset(log, 0, sizeof *log);
	log->buffer = lines;
	log->size = size;
	log->path = xstrdup(path);
	memcpy(log->sha256, sha256, FILES_SHA256_HEX);
	split_lines(log);
}

void logread_free(struct game_log *log)
{
	region_free(&log->region);
	free(log->lines);
	free(log->buffer);
	free(log->path);
	memset(log, 0, sizeof *log);
}

cJSON *logread_header(const char *path)
{
	FILE *in = fopen(path, "re");
	char *line = NULL, *nl, magic[2] = {0};
	size_t cap = 0, len;
	cJSON *header = NULL;

	if (!in)
		return NULL;
	/* A compressed log's first member holds its header. */
	if (fread(magic, 1, 2, in) == 2 && is_gzip(magic, 2)) {
		fclose(in);
		if (!(line = logread_head(path, &len)))
			return NULL;
		nl = memchr(line, '\n', len);
		header = cJSON_ParseWithLength(line, nl ? (size_t)(nl - line) : len);
		free(line);
		return header;
	}
	rewind(in);
	if (getline(&line, &cap, in) > 0)
		header = cJSON_Parse(line);
	fclose(in);
	free(line);
	return header;
}

size_t logread_find(const struct game_log *log, size_t from, const char *type)
{
	while (from < log->count && (!log->lines[from].type || strcmp(log->lines[from].type, type)))
		from++;
	return from;
}

const char *logread_string(const struct game_log *log, size_t i,
			   const char *name)
{
	const cJSON *item;

	if (i >= log->count)
		return NULL;
	item = cJSON_GetObjectItemCaseSensitive(log->lines[i].json, name);
	return cJSON_IsString(item) ? item->valuestring : NULL;
}

/* The next number token of a JSON text from *p (strings skipped), or
 * NULL; *p moves past it. */
static const char *next_number(const char **p, const char *end, size_t *len)
{
	const char *s = *p;

	while (s < end && *s != '-' && (*s < '0' || *s > '9')) {
		if (*s++ != '"')
			continue;
		while (s < end && *s != '"')
			s += *s == '\\' ? 2 : 1;
		s++;
	}
	if (s >= end)
		return NULL;
	*p = s;
	while (*p < end && strchr("+-.eE0123456789", **p))
		(*p)++;
	*len = (size_t)(*p - s);
	return s;
}

struct number_walk {
	const char *p, *end;
	char *why;
	size_t len;
};

/* Visits the numbers of `item` in document order, which is the order of
 * their tokens in the text. */
static bool walk_numbers(struct number_walk *w, const cJSON *item,
			 const char *name, bool in_action)
{
	if (cJSON_IsNumber(item)) {
		size_t len = 0;
		const char *token = next_number(&w->p, w->end, &len);
		bool integral = item->valuedouble == floor(item->valuedouble);

		if (!token)
			return false;
		if (integral ? strcspn(token, ".eE") < len : !in_action) {
			snprintf(w->why, w->len, "\"%s\" is written %.*s: %s", name,
				 (int)(len < 40 ? len : 40), token,
				 integral ? "an integer is written without a "
					    "fraction or an exponent"
					  : "it must be an integer");
			return false;
		}
		return true;
	}
	for (const cJSON *c = item->child; c; c = c->next)
		if (!walk_numbers(w, c, c->string ? c->string : name, in_action))
			return false;
	return true;
}

bool logread_integers_ok(const struct log_line *line, char *why, size_t len)
{
	struct number_walk w = {.p = line->bytes, .end = line->bytes + line->len,
				.why = why, .len = len};

	/* Digits alone read as an integer: nothing to check.  Anything else
	 * needs each number matched with its member. */
	if (line->plain_numbers)
		return true;
	snprintf(why, len, "the numbers do not match the text");
	for (const cJSON *c = line->json->child; c; c = c->next)
		if (!walk_numbers(&w, c, c->string, !strcmp(c->string, "action")))
			return false;
	return true;
}

int logread_ranks(const struct game_log *log, int *ranks, int max)
{
	const cJSON *list = NULL, *item;
	int count = 0;

	for (size_t i = log->count; i-- > 0 && !list;) {
		const char *type = logread_string(log, i, "type");

		if (type && !strcmp(type, "result"))
			list = cJSON_GetObjectItemCaseSensitive(log->lines[i].json, "ranks");
	}
	if (!cJSON_IsArray(list))
		return -1;
	cJSON_ArrayForEach(item, list) {
		if (count == max)
			return -1;
		ranks[count++] = (int)cJSON_GetNumberValue(item);
	}
	return count;
}
