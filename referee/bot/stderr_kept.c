/*
 * The first and the last lines of many; see stderr_kept.h.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "stderr_kept.h"

void stderr_kept_init(struct stderr_kept *k, int head_max, int tail_max)
{
	*k = (struct stderr_kept){.head_max = head_max, .tail_max = tail_max};
	k->head = xcalloc((size_t)head_max + 1, sizeof *k->head);
	k->tail = xcalloc((size_t)tail_max + 1, sizeof *k->tail);
}

/* Copies `text` into `line`, in the room it has when that is enough. */
static void set_line(struct stderr_kept_line *line, int move, const char *text)
{
	size_t len = strlen(text) + 1;

	if (line->cap < len) {
		free(line->text);
		line->text = xmalloc(len);
		line->cap = len;
	}
	memcpy(line->text, text, len);
	line->move = move;
}

void stderr_kept_add(struct stderr_kept *k, int move, const char *text)
{
	if (k->heads < k->head_max) {
		set_line(&k->head[k->heads++], move, text);
		return;
	}
	if (!k->tails)
		k->gap_move = move;
	if (k->tail_max)
		set_line(&k->tail[k->tails % k->tail_max], move, text);
	k->tails++;
}

long stderr_kept_left_out(const struct stderr_kept *k)
{
	return k->tails - stderr_kept_tail_count(k);
}

int stderr_kept_tail_count(const struct stderr_kept *k)
{
	return k->tails < k->tail_max ? (int)k->tails : k->tail_max;
}

const struct stderr_kept_line *stderr_kept_tail(const struct stderr_kept *k, int i)
{
	return &k->tail[(k->tails - stderr_kept_tail_count(k) + i) % k->tail_max];
}

void stderr_kept_clear(struct stderr_kept *k)
{
	k->heads = 0;
	k->tails = 0;
}

void stderr_kept_free(struct stderr_kept *k)
{
	for (int i = 0; i < k->head_max; i++)
		free(k->head[i].text);
	for (int i = 0; i < k->tail_max; i++)
		free(k->tail[i].text);
	free(k->head);
	free(k->tail);
}
