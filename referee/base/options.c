/*
 * Checking game options; see options.h.
 */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *const first_choices[] = {"random", "seat0", NULL};

const struct game_option options_first = {
	.name = "first",
	.help = "who starts: a verifiable draw (random) or seat 0 (seat0)",
	.default_value = "random",
	.choices = first_choices,
};

cJSON *options_from_pairs(const char *const *pairs, int count, char *err)
{
	cJSON *given = cJSON_CreateObject();

	for (int i = 0; i < count; i++) {
		const char *eq = strchr(pairs[i], '=');
		char *key;

		if (!eq || eq == pairs[i]) {
			errorf(err, "option '%s' must look like KEY=VALUE",
			       pairs[i]);
			goto fail;
		}
		key = xasprintf("%.*s", (int)(eq - pairs[i]), pairs[i]);
		if (cJSON_GetObjectItemCaseSensitive(given, key)) {
			errorf(err, "option '%s' is given twice", key);
			free(key);
			goto fail;
		}
		cJSON_AddStringToObject(given, key, eq + 1);
		free(key);
	}
	return given;
fail:
	cJSON_Delete(given);
	return NULL;
}

void options_describe_values(const struct game_option *option, char *buf,
			     size_t len)
{
	size_t used = 0;

	if (!option->choices) {
		snprintf(buf, len, "integer %ld..%ld", option->min, option->max);
		return;
	}
	buf[0] = '\0';
	for (int i = 0; option->choices[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? " | " : "", option->choices[i]);
}

/* A value as text, for messages and for parsing strings and numbers alike. */
static void value_text(const cJSON *value, char *buf, size_t len)
{
	if (cJSON_IsString(value))
		snprintf(buf, len, "%s", value->valuestring);
	else if (cJSON_IsNumber(value))
		snprintf(buf, len, "%.17g", value->valuedouble);
	else
		snprintf(buf, len, "(a JSON %s)",
			 cJSON_IsArray(value) ? "array" :
			 cJSON_IsObject(value) ? "object" : "literal");
}

/* Adds option's value (given or default) to `out`; -1 with err if bad. */
static int resolve_one(const struct game_option *option, const cJSON *given,
		       cJSON *out, char *err)
{
	char text[128], allowed[256];
	const char *value = option->default_value;

	if (given) {
		value_text(given, text, sizeof text);
		if (cJSON_IsString(given) && strlen(given->valuestring) >= sizeof text)
			return errorf(err, "option '%s' is given a value of %zu "
				      "characters; no option takes more than %zu",
				      option->name, strlen(given->valuestring),
				      sizeof text - 1);
		value = text;
	}
	options_describe_values(option, allowed, sizeof allowed);
	if (option->choices) {
		for (int i = 0; option->choices[i]; i++)
			if (strcmp(option->choices[i], value) == 0) {
				cJSON_AddStringToObject(out, option->name, value);
				return 0;
			}
		return errorf(err, "option '%s' must be one of %s, not '%s'",
			      option->name, allowed, value);
	}

	long n;

	/* Not plain digits ("+5000", " 5000", "5000 "): whole_number()
	 * refuses them too, but the message says what is wrong. */
	if (!value[0] || value[strspn(value, "0123456789")])
		return errorf(err, "option '%s' must be an %s, not '%s'%s",
			      option->name, allowed, value,
			      given && !cJSON_IsString(given) && !cJSON_IsNumber(given) ?
			      "" : " (plain digits only: no sign, spaces or "
			      "decimal point)");
	if (!whole_number(value, option->min, option->max, &n))
		return errorf(err, "option '%s' must be an %s, not '%s'",
			      option->name, allowed, value);
	cJSON_AddNumberToObject(out, option->name, (double)n);
	return 0;
}

static const struct game_option *find_option(const struct game_rules *rules,
					     const char *name)
{
	for (const struct game_option *o = rules->options; o && o->name; o++)
		if (strcmp(o->name, name) == 0)
			return o;
	return strcmp(name, options_first.name) == 0 ? &options_first : NULL;
}

cJSON *options_resolve(const struct game_rules *rules, const cJSON *given,
		       char *err)
{
	cJSON *out = cJSON_CreateObject();
	const cJSON *item;

	if (given && !cJSON_IsObject(given)) {
		errorf(err, "options must be a JSON object");
		goto fail;
	}
	cJSON_ArrayForEach(item, given) {
		if (find_option(rules, item->string))
			continue;
		char names[256] = "";
		size_t used = 0;

		for (const struct game_option *o = rules->options; o && o->name; o++)
			used += (size_t)snprintf(names + used, sizeof names - used,
						 "%s, ", o->name);
		snprintf(names + used, sizeof names - used, "%s",
			 options_first.name);
		errorf(err, "unknown option '%s' for %s (its options: %s)",
		       item->string, rules->name, names);
		goto fail;
	}
	for (const struct game_option *o = rules->options; o && o->name; o++)
		if (resolve_one(o, cJSON_GetObjectItemCaseSensitive(given, o->name),
				out, err))
			goto fail;
	if (resolve_one(&options_first,
			cJSON_GetObjectItemCaseSensitive(given, "first"), out, err))
		goto fail;
	return out;
fail:
	cJSON_Delete(out);
	return NULL;
}
