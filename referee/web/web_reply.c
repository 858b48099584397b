/*
 * The league server's answers (web_reply.h).  The security headers are
 * on every answer, so that no page or JSON text of a user's is run as a
 * page of another origin's or loads anything from outside.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "web/web_reply.h"

/* web_reply_folder()'s, written before any thread reads it. */
static const char *folder;

void web_reply_folder(const char *dir)
{
	folder = dir;
}

char *web_reply_scrub(const char *text, const char *path, const char *under,
		      const char *alone)
{
	size_t n = path ? strlen(path) : 0;
	char *out, *at;
	size_t len;
	FILE *f;

	if (!n)
		return xstrdup(text);
	f = open_memstream(&out, &len);
	while ((at = strstr(text, path))) {
		fwrite(text, 1, (size_t)(at - text), f);
		text = at + n;
		fputs(*text == '/' ? under : alone, f);
		text += *text == '/';
	}
	fputs(text, f);
	fclose(f);
	return out;
}

/* `body` (taken) as a response of `type` with the headers every answer
 * carries. */
static struct MHD_Response *response_of(char *body, const char *type)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(strlen(body), body,
								 MHD_RESPMEM_MUST_FREE);

	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Content-Security-Policy",
				"default-src 'self' 'unsafe-inline' data:; connect-src 'self'");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	return r;
}

static enum MHD_Result queue(struct MHD_Connection *c, unsigned status,
			     struct MHD_Response *r)
{
	enum MHD_Result rc = MHD_queue_response(c, status, r);

	MHD_destroy_response(r);
	return rc;
}

enum MHD_Result web_reply(struct MHD_Connection *c, unsigned status, char *body,
			  const char *type)
{
	return queue(c, status, response_of(body, type));
}

enum MHD_Result web_reply_json(struct MHD_Connection *c, unsigned status, cJSON *j)
{
	char *text = json_print_line(j);

	cJSON_Delete(j);
	return web_reply(c, status, text, "application/json");
}

/* {"error": message}, not showing the league's folder: a new string. */
static char *error_text(const char *message)
{
	cJSON *j = cJSON_CreateObject();
	char *text = web_reply_scrub(message, folder, "", "the league's folder");

	cJSON_AddStringToObject(j, "error", text);
	free(text);
	text = json_print_line(j);
	cJSON_Delete(j);
	return text;
}

enum MHD_Result web_fail(struct MHD_Connection *c, unsigned status, const char *message)
{
	return web_reply(c, status, error_text(message), "application/json");
}

enum MHD_Result web_fail_later(struct MHD_Connection *c, unsigned status,
			       const char *message, unsigned seconds)
{
	struct MHD_Response *r = response_of(error_text(message), "application/json");
	char after[16];

	snprintf(after, sizeof after, "%u", seconds);
	MHD_add_response_header(r, "Retry-After", after);
	return queue(c, status, r);
}
