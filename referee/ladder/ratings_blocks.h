/*
 * The blocks of bots that ratings can place against each other
 * (ratings_blocks.c).
 */
#ifndef ARENA_RATINGS_BLOCKS_H
#define ARENA_RATINGS_BLOCKS_H

#include "ratings_fit.h"

/* Numbers the strongly connected blocks of f->beat into f->block. */
void ratings_find_blocks(struct fit *f);

#endif
