/*
 * Strict reading of one JSON line into a cJSON tree, shared by the
 * protocol (bot replies) and the log reader: cJSON's own parser accepts
 * invalid UTF-8, duplicate keys (two readers of the same signed log could
 * see different values), numbers such as 01 or 1. and raw control
 * characters in strings, all of which are errors here.  And printing.
 */
#ifndef ARENA_JSON_H
#define ARENA_JSON_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* Parses `len` bytes as exactly one JSON object (RFC 8259): valid UTF-8,
 * no NUL byte (nor \u0000), no duplicate key at any depth, no number
 * beyond a double, nothing after it but spaces.
 * Returns a new object or NULL with the reason in err (ERR_LEN bytes). */
cJSON *json_parse_object(const char *text, size_t len, char *err);

/* The same, with the whole tree allocated in `region`: it is released
 * with the region, never with cJSON_Delete, and must not be changed.
 * *plain_numbers says whether every number was written with digits and a
 * sign only (no fraction, no exponent). */
struct region;
cJSON *json_parse_object_in(struct region *region, const char *text,
			    size_t len, bool *plain_numbers, char *err);

/* True when the `len` bytes are valid UTF-8 (no overlongs, no surrogates). */
bool json_valid_utf8(const char *text, size_t len);
/* The length of the valid UTF-8 character at s (`left` bytes remain), or
 * 0 when none starts there. */
size_t json_utf8_length(const char *s, size_t left);

/* Prints `item` on one line (compact, as cJSON_PrintUnformatted would);
 * the caller frees the result.  json_print also gives its length.  A raw
 * item (cJSON_CreateRaw()) is put as it is: JSON printed already. */
char *json_print_line(const cJSON *item);
char *json_print(const cJSON *item, size_t *len);

/* A new object whose first member is "type": `type`: a record of a log
 * or of a manifest, a message of the protocol. */
cJSON *json_typed(const char *type);

/* Member `name` of `object`, or NULL (also for NULL): what
 * cJSON_GetObjectItemCaseSensitive finds, without calling strcmp on each
 * member before it whose name starts with another byte.  Replaying a log
 * looks members up by name some 300 times a move, a fifth of the time to
 * build a report with cJSON's lookup. */
cJSON *json_member(const cJSON *object, const char *name);

/* Member `name` of `object` as a number, NAN when it is none. */
double json_number(const cJSON *object, const char *name);

/* Adds `x` to the object `to` as its member `name` (NULL: to the array
 * `to`): a number, or null where it is not finite (JSON has no NAN). */
void json_add_number_or_null(cJSON *to, const char *name, double x);

/* The same of `len` bytes (at most 64) in lowercase hex: a string, or
 * null where `bytes` is NULL. */
void json_add_hex(cJSON *to, const char *name, const unsigned char *bytes, size_t len);

/* Whether `item` is a whole number in [min, max]; if so, it is in *out. */
bool json_whole(const cJSON *item, long min, long max, long *out);

/* Reads an integer member into *out, leaving *out as it is when the
 * member is absent.  Returns false if present but not an integer in
 * [min, max]: so true for an absent one, whose *out must hold a value
 * already.  A member that must be there: json_whole(json_member()). */
bool json_get_int(const cJSON *object, const char *name, long min, long max,
		  long *out);

#endif
