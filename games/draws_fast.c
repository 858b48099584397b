/*
 * The fast generator of draws_fast.h: xoshiro256** (Blackman and Vigna),
 * its state filled by splitmix64, and Lemire's unbiased bounded values.
 */
#include "draws_fast.h"

#include <string.h>

uint64_t arena_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro_next(struct draws_fast *f)
{
	uint64_t *s = f->s, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* A 32-bit word x maps to floor(x * m / 2^32); the few products whose
 * low half falls below 2^32 mod m are drawn again, so that every value
 * has exactly the same number of words. */
uint32_t arena_draws_fast_uniform(struct draws_fast *fast, uint32_t m)
{
	uint64_t product = (xoshiro_next(fast) >> 32) * m;

	if ((uint32_t)product < m) {
		uint32_t floor = (uint32_t)-m % m;

		while ((uint32_t)product < floor)
			product = (xoshiro_next(fast) >> 32) * m;
	}
	return (uint32_t)(product >> 32);
}

static uint32_t fast_source(void *ctx, const struct draw_record *draw, int at,
			    uint32_t m)
{
	(void)draw;
	(void)at;
	return arena_draws_fast_uniform(ctx, m);
}

void arena_draws_fast_seed(struct draws_fast *fast,
			   const unsigned char seed[32])
{
	uint64_t x = 0, word;

	for (int i = 0; i < 4; i++) {
		memcpy(&word, seed + 8 * i, sizeof word);
		x ^= word;
	}
	for (int i = 0; i < 4; i++)
		fast->s[i] = arena_splitmix64(&x);
}

void arena_draws_fast(struct draws *draws, struct draws_fast *fast,
		      const unsigned char seed[32])
{
	arena_draws_fast_seed(fast, seed);
	arena_draws_source(draws, fast_source, fast);
}
