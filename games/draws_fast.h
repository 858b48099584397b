/*
 * A fast generator for training: xoshiro256** seeded by splitmix64 from
 * 32 bytes, behind draws.h's source hook, so that an environment that
 * plays millions of games for learning draws its dice without a ChaCha20
 * block and a BLAKE2b-keyed stream a draw.  Its draws are exactly
 * uniform (Lemire's multiply and reject) but verifiable by no one: the
 * referee never uses it, and an environment only on request.
 */
#ifndef ARENA_DRAWS_FAST_H
#define ARENA_DRAWS_FAST_H

#include <stdint.h>

#include "draws.h"

struct draws_fast {
	uint64_t s[4];
};

/* splitmix64: the next word of the sequence *state walks (a step of the
 * golden ratio, then a mix), a good 64-bit word from any start: what
 * seeds the generator, and a small one where a stream of words is all
 * that is needed (the grader's playouts, values/estimate.c). */
uint64_t arena_splitmix64(uint64_t *state);
/* Seeds `fast` from `seed`. */
void arena_draws_fast_seed(struct draws_fast *fast,
			   const unsigned char seed[32]);
/* Seeds `fast` from `seed` and makes every value of `draws` come from
 * it (arena_draws_source); `fast` must live as long as `draws` draws. */
void arena_draws_fast(struct draws *draws, struct draws_fast *fast,
		      const unsigned char seed[32]);
/* A value in [0, m), m >= 1, from the generator. */
uint32_t arena_draws_fast_uniform(struct draws_fast *fast, uint32_t m);

#endif
