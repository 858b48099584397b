/*
 * The page shell shared by the replay and the report (html.h): the
 * document head, inline styles and scripts, and the page's data as JSON in
 * a <script type="application/json"> element.  Every '<' of the JSON is
 * written as \u003c, so no string from a log (a bot's name, a forfeit's
 * detail) can end that element or open a tag; the scripts only ever put
 * such strings into the page as text.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "html.h"
#include "json.h"
#include "util.h"

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

static void put_data(FILE *out, const cJSON *data)
{
	char *json = json_print_line(data);

	for (const char *c = json; *c; c++) {
		if (*c == '<')
			fputs("\\u003c", out);
		else
			fputc(*c, out);
	}
	free(json);
}

static void put_page(FILE *out, const struct html_page *page)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>", out);
	put_escaped(out, page->title);
	fputs("</title>\n", out);
	if (page->head)
		fputs(page->head, out);
	for (int i = 0; page->styles[i]; i++)
		fprintf(out, "<style>\n%s</style>\n", page->styles[i]);
	fputs("</head>\n<body>\n<noscript>This page draws with JavaScript: "
	      "allow scripts to see it.</noscript>\n"
	      "<script id=\"data\" type=\"application/json\">", out);
	put_data(out, page->data);
	fputs("</script>\n", out);
	for (int i = 0; page->scripts[i]; i++)
		fprintf(out, "<script>\n%s</script>\n", page->scripts[i]);
	fputs("</body>\n</html>\n", out);
}

int html_write(const char *path, const struct html_page *page, char *err)
{
	char *tmp;
	FILE *out;

	if (!path || !strcmp(path, "-")) {
		put_page(stdout, page);
		if (fflush(stdout) || ferror(stdout))
			return errorf(err, "cannot write the page to standard output: %s",
				      strerror(errno));
		return 0;
	}
	tmp = xmalloc(strlen(path) + 16);
	sprintf(tmp, "%s.tmp%ld", path, (long)getpid());
	out = fopen(tmp, "w");
	if (!out) {
		errorf(err, "cannot create '%s': %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	put_page(out, page);
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
