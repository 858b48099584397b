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

/* A choice is told where the player took it in this share of the
 * decisions counted at its place or more. */
#define OWN_AGREE 0.9
/* The most keeps a roll's entry offers (bolo5: 11), and room for them. */
#define OWN_KEEPS 16
/* A keep's place at any row, a bank's after a keep leaving any dice. */
#define OWN_ANY_ROW 0xfffff
#define OWN_ANY_DICE 15

struct own_count {
	uint64_t key;		/* 0: empty */
	uint32_t taken[OWN_KEEPS];	/* a keep's index; a bank: [0] rolls, [1] banks */
	uint32_t best;		/* the decisions that took the best play's choice */
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

/* Where `key` is in the table, or the empty slot where it would go. */
static size_t own_slot(const struct own_count *table, size_t size, uint64_t key)
{
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15u) >> 17) & (size - 1);

	while (table[i].key && table[i].key != key)
		i = (i + 1) & (size - 1);
	return i;
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
				p->table[own_slot(p->table, p->size, old[i].key)] = old[i];
		free(old);
	}
	c = &p->table[own_slot(p->table, p->size, key)];
	if (!c->key) {
		c->key = key;
		p->used++;
	}
	return c;
}

/* Counts choice k at the place `key`. */
static void own_policy_count(struct own_policy *p, uint64_t key, int k, bool best)
{
	struct own_count *c = own_count_of(p, key);

	c->taken[k]++;
	c->best += best;
}

void own_policy_keep(struct own_policy *p, int opened, int phase, int n,
		     int row, int entry, int keep, bool best)
{
	if (keep >= 0 && keep < OWN_KEEPS && row >= 0)
		own_policy_count(p, own_key(opened, phase, n, row, entry), keep, best);
}

void own_policy_bank(struct own_policy *p, int opened, int phase, int left,
		     int row, bool banked, bool best)
{
	if (row >= 0)
		own_policy_count(p, own_key(opened, phase, left, row, -1), banked, best);
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

/* A place's count added into the same place with any row (a keep) or
 * any dice left (a bank) of `general`. */
static void own_generalise(struct own_policy *general, const struct own_count *c)
{
	int opened, phase, dice, row, entry;
	struct own_count *all;

	own_unkey(c->key, &opened, &phase, &dice, &row, &entry);
	all = own_count_of(general, entry < 0 ? own_key(opened, phase, OWN_ANY_DICE, row, -1)
					      : own_key(opened, phase, dice, OWN_ANY_ROW, entry));
	for (int k = 0; k < OWN_KEEPS; k++)
		all->taken[k] += c->taken[k];
	all->best += c->best;
}

/* The choice told at a place: its own if agreed, else that of the same
 * place with any row or any dice left, if agreed and taken at least as
 * often as the best play's choice (the decisions where the two agree
 * count for both), else -1. */
static int own_told(const struct own_policy *p, const struct own_policy *general,
		    uint64_t key, uint64_t any)
{
	const struct own_count *c = &p->table[own_slot(p->table, p->size, key)];
	int pick = c->key ? own_agreed(c) : -1;

	if (pick < 0) {
		c = &general->table[own_slot(general->table, general->size, any)];
		pick = c->key ? own_agreed(c) : -1;
		if (pick >= 0 && c->taken[pick] < c->best)
			pick = -1;
	}
	return pick;
}

void own_policy_choices(const struct own_policy *p,
			struct own_choices c[OWN_OPENED][OWN_PHASES])
{
	const struct dice_policy_game *g = &p->game;
	struct own_policy general = {.size = 1024};

	memset(c, 0, OWN_OPENED * OWN_PHASES * sizeof **c);
	own_rows(p, c);
	general.table = dice_policy_alloc(general.size, sizeof *general.table);
	for (size_t i = 0; i < p->size; i++)
		if (p->table[i].key)
			own_generalise(&general, &p->table[i]);
	for (int a = 0; a < OWN_OPENED; a++)
		for (int ph = 0; ph < OWN_PHASES; ph++) {
			struct own_choices *k = &c[a][ph];

			own_choices_make(g, k);
			for (int i = 0; i < k->rows; i++) {
				for (int left = 0; left < g->dice; left++)
					k->bank[left * k->rows + i] = (int8_t)own_told(
						p, &general, own_key(a, ph, left, i, -1),
						own_key(a, ph, OWN_ANY_DICE, i, -1));
				for (int n = 1; n <= g->dice; n++)
					for (int e = 0; e < g->roll[n].rolls; e++)
						k->keep[n][(size_t)i * (size_t)g->roll[n].rolls +
							   (size_t)e] = (int16_t)own_told(
							p, &general, own_key(a, ph, n, i, e),
							own_key(a, ph, n, OWN_ANY_ROW, e));
			}
		}
	free(general.table);
}

void own_choices_free(struct own_choices *c)
{
	for (int n = 0; n <= DICE_MAX; n++)
		free(c->keep[n]);
	free(c->bank);
	memset(c, 0, sizeof *c);
}
