/*
 * The page shell shared by the replay and the report (html.h): the
 * document head, the styles and scripts inline or linked, and the page's
 * data, compressed, in a <script id="data"> element, or each game's of a
 * page of replays in a <script data-game="NAME">.  The scripts only ever
 * put strings of a log into the page as text.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libdeflate.h>
#include <nettle/base64.h>

#include "base/files.h"
#include "base/json.h"
#include "base/util.h"
#include "html.h"

static void put_escaped(FILE *out, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(*text, out);
		}
	}
}

/* Deflates `len` bytes of `json` in zlib's format into a new buffer of
 * *packed_len bytes, or NULL.  A compressor of its own for each call: the
 * league server writes replay pages on several threads at once, and a
 * compressor is not to be shared (its allocation is a few microseconds
 * against a page's milliseconds).  libdeflate's level 1 is twice as fast as zlib's level
 * 3 for a replay's data and its output a tenth larger; zlib's took a
 * sixth of a report's build. */
static unsigned char *deflated(const char *json, size_t len, size_t *packed_len)
{
	struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(1);
	unsigned char *packed;
	size_t bound;

	if (!compressor)
		return NULL;
	bound = libdeflate_zlib_compress_bound(compressor, len);
	packed = xmalloc(bound);
	*packed_len = libdeflate_zlib_compress(compressor, json, len, packed, bound);
	libdeflate_free_compressor(compressor);
	if (!*packed_len) {
		free(packed);
		packed = NULL;
	}
	return packed;
}

/* The data as its JSON deflated (in zlib's format) and written in base64
 * (arena.data in html/dom.js reads it back): a game's replay shrinks to a
 * tenth.  Base64 has no '<', so no string of a log (a bot's name, a
 * forfeit's detail) can end the element or open a tag.  It is nettle's:
 * libsodium's takes the same time for every input, which nothing here
 * needs, and was four times slower, a thirtieth of a report. */
char *html_data_text(const cJSON *data)
{
	size_t len, packed_len, text_len;
	char *json = json_print(data, &len), *text;
	unsigned char *packed = deflated(json, len, &packed_len);

	free(json);
	if (!packed)
		return NULL;
	text_len = BASE64_ENCODE_RAW_LENGTH(packed_len);
	text = xmalloc(text_len + 1);
	base64_encode_raw(text, packed_len, packed);
	text[text_len] = '\0';
	free(packed);
	return text;
}

static int put_page(FILE *out, const struct html_page *page, char *err)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>", out);
	put_escaped(out, page->title);
	fputs("</title>\n", out);
	if (page->head)
		fputs(page->head, out);
	for (int i = 0; page->styles && page->styles[i]; i++)
		fprintf(out, "<style>\n%s</style>\n", page->styles[i]);
	if (page->style_file) {
		fputs("<link rel=\"stylesheet\" href=\"", out);
		put_escaped(out, page->style_file);
		fputs("\">\n", out);
	}
	fputs("</head>\n<body>\n<noscript>This page draws with JavaScript: "
	      "allow scripts to see it.</noscript>\n", out);
	if (page->data) {
		char *text = html_data_text(page->data);

		if (!text)
			return errorf(err, "cannot compress a page's data");
		fprintf(out, "<script id=\"data\" type=\"application/octet-stream\">%s</script>\n",
			text);
		free(text);
	}
	for (size_t i = 0; i < page->game_count; i++) {
		fputs("<script data-game=\"", out);
		put_escaped(out, page->games[i].name);
		fprintf(out, "\" type=\"application/octet-stream\">%s</script>\n",
			page->games[i].text);
	}
	for (int i = 0; page->scripts && page->scripts[i]; i++)
		fprintf(out, "<script>\n%s</script>\n", page->scripts[i]);
	if (page->script_file) {
		fputs("<script src=\"", out);
		put_escaped(out, page->script_file);
		fputs("\"></script>\n", out);
	}
	fputs("</body>\n</html>\n", out);
	return 0;
}

/* Whether the file at `path` holds exactly `len` bytes of `text`. */
static bool holds(const char *path, const char *text, size_t len)
{
	size_t have;
	char *old = files_read_all(path, &have);
	bool same = old && have == len && !memcmp(old, text, len);

	free(old);
	return same;
}

int html_write_file(const char *path, const char *text, size_t len, char *err)
{
	char *tmp;
	FILE *out;

	if (holds(path, text, len))
		return 0;
	tmp = xasprintf("%s.tmp%ld", path, (long)getpid());
	out = fopen(tmp, "w");
	if (!out) {
		errorf(err, "cannot create '%s': %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	fwrite(text, 1, len, out);
	/* `|`, not `||`: the file is closed whether or not a write failed. */
	if (ferror(out) | fclose(out) || rename(tmp, path)) {
		errorf(err, "cannot write '%s': %s", path, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

char *html_page_text(const struct html_page *page, size_t *len, char *err)
{
	char *text = NULL;
	FILE *buffer = open_memstream(&text, len);
	int rc;

	if (!buffer) {
		errorf(err, "out of memory for a page");
		return NULL;
	}
	rc = put_page(buffer, page, err);
	fclose(buffer);
	if (rc) {
		free(text);
		return NULL;
	}
	return text;
}

int html_write(const char *path, const struct html_page *page, char *err)
{
	size_t len = 0;
	char *text = html_page_text(page, &len, err);
	int rc = text ? 0 : -1;

	if (rc == 0 && (!path || !strcmp(path, "-"))) {
		if (fwrite(text, 1, len, stdout) != len || fflush(stdout))
			rc = errorf(err, "cannot write the page to standard output: %s",
				    strerror(errno));
	} else if (rc == 0) {
		rc = html_write_file(path, text, len, err);
	}
	free(text);
	return rc;
}
