/*
 * The action masks of env()'s observations, and sampling from them.  A
 * mask is a read-only numpy array over a _core.Mask, which knows the ids
 * it sets: its bytes come from a pool of the Env's and are cleared at
 * those ids only when they are used again, so that a mask of Black-Pot's
 * 215,930 ids costs a step as much as its few hundred legal ones, and a
 * sample from it reads its ids rather than its bytes.
 */
#ifndef ARENA_ENV_MASK_H
#define ARENA_ENV_MASK_H

#include "core.h"

struct mask_pool;

/* Readies the Mask type; -1 with an exception. */
int mask_ready(void);

/* A new pool of masks of n bytes, and its release (the pool lives on
 * while masks of it do). */
struct mask_pool *mask_pool_new(Py_ssize_t n);
void mask_pool_release(struct mask_pool *pool);

/* A new read-only int8 numpy array of `size` bytes (the pool's size, or
 * another without reuse), set at the legal ids of g when seat is to
 * move; NULL with an exception. */
PyObject *mask_array(struct mask_pool *pool, const struct env_game *g,
		     int seat, Py_ssize_t size);

/* mask_ids(mask): the indices of a mask's nonzero bytes, as a list. */
PyObject *mask_ids(PyObject *module, PyObject *mask);
/* mask_choice(mask, draw): the k-th set id of the mask in increasing
 * order, k = draw(count of them); 0 without drawing when none is set. */
PyObject *mask_choice(PyObject *module, PyObject *const *args,
		      Py_ssize_t nargs);
/* mask_sample(mask, bits): the id that gymnasium's Discrete.sample(mask)
 * draws from the numpy bit generator of `capsule` (its lock held), as
 * the space's scalar, for a mask of ours; None for any other.  bits is
 * the space's tuple (generator, n, capsule, lock, start, a dict of the
 * scalars made, the scalars' type), indexed by enum sample_bits. */
enum sample_bits {
	SAMPLE_GENERATOR, SAMPLE_N, SAMPLE_CAPSULE, SAMPLE_LOCK, SAMPLE_START,
	SAMPLE_MADE, SAMPLE_TYPE, SAMPLE_BITS
};
PyObject *mask_sample(PyObject *module, PyObject *const *args,
		      Py_ssize_t nargs);

#endif
