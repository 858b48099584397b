/*
 * The status line of a long run; see status_line.h.
 */
#include "status_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/visible.h"

void status_line_show(const char *line, bool tty)
{
	char *shown = visible_text(line, VISIBLE_LINE);
	struct winsize ws;

	if (tty && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
	    strlen(shown) >= ws.ws_col)
		shown[ws.ws_col - 1] = '\0';
	fprintf(stderr, tty ? "\r%s\033[K" : "%s\n", shown);
	fflush(stderr);
	free(shown);
}

void status_line_erase(bool tty)
{
	if (!tty)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
}
