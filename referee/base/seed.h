/*
 * A run's seed: the hex a user gives (`play --seed`, a tournament file's
 * "seed") made into the key every game's id and secret derive from
 * (docs/FAIRNESS.md), read the same way by both.
 */
#ifndef ARENA_SEED_H
#define ARENA_SEED_H

/* seed = H("arena:seed", -, the bytes of `hex`): 0, or -1 when `hex` is
 * not 1 to 64 bytes in lowercase hex. */
int seed_from_hex(unsigned char seed[32], const char *hex);

/* What seed_from_hex() takes, in words (an odd count is the usual slip). */
#define SEED_RULE "an even number of lowercase hex digits, 2 to 128 (1 to 64 bytes)"

#endif
