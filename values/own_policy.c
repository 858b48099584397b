/*
 * The counts of own_policy.h: a table of the places decided, each with
 * how often each choice was taken there, by open addressing on a packed
 * key; then, once all are counted, each kind of spot's choices as
 * own_turn.h reads them.
 */
#include "own_policy.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The most keeps a roll's entry offers (bolo5: 11), and room for them. */
#define OWN_KEEPS 16

struct own_count {
	uint64_t key;		/* 0: empty */
	uint32_t taken[OWN_KEEPS];	/* a keep's index; a bank: [0] rolls, [1] banks */
};

struct own_policy {
	struct dice_policy_game game;
	struct own_count *table;
	size_t size, used;	/* size a power of two */
};

/* What a place is: a keep of roll `entry` of n dice, or a bank after a
 * keep leaving `dice` (entry -1), at `row` of a spot of kind
 * [opened][phase]; never 0. */
static uint64_t own_key(int opened, int phase, int dice, int row, int entry)
{
	return 1 | (uint64_t)opened << 1 | (uint64_t)phase << 2 |
	       (uint64_t)dice << 4 | (uint64_t)(entry + 1) << 8 |
	       (uint64_t)row << 20;
}

static void own_unkey(uint64_t key, int *opened, int *phase, int *dice,
		      int *row, int *entry)
{
	*opened = (int)(key >> 1 & 1);
	*phase = (int)(key >> 2 & 3);
	*dice = (int)(key >> 4 & 15);
	*entry = (int)(key >> 8 & 4095) - 1;
	*row = (int)(key >> 20);
}

static struct own_count *own_find(struct own_count *table, size_t size,
				  uint64_t key)
{
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15u) >> 17) & (size - 1);

	while (table[i].key && table[i].key != key)
		i = (i + 1) & (size - 1);
	return &table[i];
}

struct own_policy *own_policy_new(const char *game)
{
	struct own_policy *p = dice_policy_alloc(1, sizeof *p);

	if (dice_policy_game_init(&p->game, game) < 0) {
		free(p);
		return NULL;
	}
	p->size = 1024;
	p->table = dice_policy_alloc(p->size, sizeof *p->table);
	return p;
}

void own_policy_free(struct own_policy *p)
{
	if (!p)
		return;
	dice_policy_game_free(&p->game);
	free(p->table);
	free(p);
}

/* The count of `key`, made if new (the table grown at half full). */
static struct own_count *own_count_of(struct own_policy *p, uint64_t key)
{
	struct own_count *c;

	if (2 * (p->used + 1) > p->size) {
		struct own_count *old = p->table;
		size_t size = p->size;

		p->size *= 2;
		p->table = dice_policy_alloc(p->size, sizeof *p->table);
		for (size_t i = 0; i < size; i++)
			if (old[i].key)
				*own_find(p->table, p->size, old[i].key) = old[i];
		free(old);
	}
	c = own_find(p->table, p->size, key);
	if (!c->key) {
		c->key = key;
		p->used++;
	}
	return c;
}

void own_policy_keep(struct own_policy *p, int opened, int phase, int n,
		     int row, int entry, int keep)
{
	if (keep >= 0 && keep < OWN_KEEPS && row >= 0)
		own_count_of(p, own_key(opened, phase, n, row, entry))->taken[keep]++;
}

void own_policy_bank(struct own_policy *p, int opened, int phase, int left,
		     int row, bool banked)
{
	if (row >= 0)
		own_count_of(p, own_key(opened, phase, left, row, -1))->taken[banked]++;
}

/* The choice taken in at least OWN_AGREE of the decisions counted, or -1. */
static int own_agreed(const struct own_count *c)
{
	uint32_t all = 0, most = 0;
	int pick = -1;

	for (int k = 0; k < OWN_KEEPS; k++) {
		all += c->taken[k];
		if (c->taken[k] > most) {
			most = c->taken[k];
			pick = k;
		}
	}
	return all && most >= OWN_AGREE * all ? pick : -1;
}

/* Each kind's rows: one past the highest row counted. */
static void own_rows(const struct own_policy *p,
		     struct own_choices c[OWN_OPENED][OWN_PHASES])
{
	for (size_t i = 0; i < p->size; i++) {
		int opened, phase, dice, row, entry;

		if (!p->table[i].key)
			continue;
		own_unkey(p->table[i].key, &opened, &phase, &dice, &row, &entry);
		if (row + 1 > c[opened][phase].rows)
			c[opened][phase].rows = row + 1;
	}
}

static void own_choices_make(const struct dice_policy_game *g,
			     struct own_choices *c)
{
	size_t rows = (size_t)c->rows;

	if (!rows)
		return;
	for (int n = 1; n <= g->dice; n++) {
		size_t size = rows * (size_t)g->roll[n].rolls;

		c->keep[n] = dice_policy_alloc(size, sizeof *c->keep[n]);
		for (size_t i = 0; i < size; i++)
			c->keep[n][i] = -1;
	}
	c->bank = dice_policy_alloc((size_t)g->dice * rows, sizeof *c->bank);
	memset(c->bank, -1, (size_t)g->dice * rows);
}

void own_policy_choices(const struct own_policy *p,
			struct own_choices c[OWN_OPENED][OWN_PHASES])
{
	const struct dice_policy_game *g = &p->game;

	memset(c, 0, OWN_OPENED * OWN_PHASES * sizeof **c);
	own_rows(p, c);
	for (int a = 0; a < OWN_OPENED; a++)
		for (int ph = 0; ph < OWN_PHASES; ph++)
			own_choices_make(g, &c[a][ph]);
	for (size_t i = 0; i < p->size; i++) {
		int opened, phase, dice, row, entry, pick;
		struct own_choices *k;

		if (!p->table[i].key || (pick = own_agreed(&p->table[i])) < 0)
			continue;
		own_unkey(p->table[i].key, &opened, &phase, &dice, &row, &entry);
		k = &c[opened][phase];
		if (entry < 0)
			k->bank[dice * k->rows + row] = (int8_t)pick;
		else if (dice >= 1 && dice <= g->dice && entry < g->roll[dice].rolls)
			k->keep[dice][(size_t)row * (size_t)g->roll[dice].rolls +
				      (size_t)entry] = (int16_t)pick;
	}
}

void own_choices_free(struct own_choices *c)
{
	for (int n = 0; n <= DICE_MAX; n++)
		free(c->keep[n]);
	free(c->bank);
	memset(c, 0, sizeof *c);
}
