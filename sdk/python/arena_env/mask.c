/*
 * The action masks of env()'s observations, and sampling from them; see
 * mask.h.
 */
#include "mask.h"

#include <stdint.h>
#include <string.h>

#include "referee/base/util.h"

/* The bytes a pool keeps: an agent loop holds the last observation
 * while it makes the next, so two masks are in use at once. */
#define POOL_KEEP 4

/* A mask's bytes and the ids set in them, ascending (env_game's). */
struct mask_bytes {
	unsigned char *bytes;
	int *ids;
	int count, room;
};

struct mask_pool {
	int refs;
	Py_ssize_t n;
	int kept;
	struct mask_bytes keep[POOL_KEEP];
};

typedef struct {
	PyObject_HEAD
	struct mask_pool *pool;    /* NULL: not reused */
	Py_ssize_t n;
	struct mask_bytes m;
} MaskObject;

/* numpy's bitgen_t (numpy/random/bitgen.h), which a bit generator's
 * `capsule` ("BitGenerator") holds. */
struct bitgen {
	void *state;
	uint64_t (*next_uint64)(void *state);
	uint32_t (*next_uint32)(void *state);
	double (*next_double)(void *state);
	uint64_t (*next_raw)(void *state);
};

static PyTypeObject mask_type;
static PyObject *frombuffer, *int8, *key_base, *key_acquire, *key_release;

static void mask_bytes_free(struct mask_bytes *m)
{
	free(m->bytes);
	free(m->ids);
}

struct mask_pool *mask_pool_new(Py_ssize_t n)
{
	struct mask_pool *pool = xcalloc(1, sizeof *pool);

	pool->refs = 1;
	pool->n = n;
	return pool;
}

void mask_pool_release(struct mask_pool *pool)
{
	if (!pool || --pool->refs)
		return;
	while (pool->kept)
		mask_bytes_free(&pool->keep[--pool->kept]);
	free(pool);
}

/* Bytes of n zeros: kept ones cleared at the ids they had, or new. */
static void mask_take(struct mask_pool *pool, Py_ssize_t n,
		      struct mask_bytes *m)
{
	if (!pool || !pool->kept) {
		*m = (struct mask_bytes){.bytes = xcalloc((size_t)n + 1, 1)};
		return;
	}
	*m = pool->keep[--pool->kept];
	for (int i = 0; i < m->count; i++)
		m->bytes[m->ids[i]] = 0;
	m->count = 0;
}

/* Sets the legal ids of g below n when seat is to move. */
static void mask_fill(struct mask_bytes *m, const struct env_game *g,
		      int seat, Py_ssize_t n)
{
	if (env_game_to_move(g) != seat)
		return;
	if (m->room < g->legal_count) {
		m->room = g->legal_count;
		m->ids = xrealloc(m->ids, (size_t)m->room * sizeof *m->ids);
	}
	for (int i = 0; i < g->legal_count; i++) {
		int id = env_game_id(g, i);

		if (id < n && !m->bytes[id]) {
			m->bytes[id] = 1;
			m->ids[m->count++] = id;
		}
	}
}

static void Mask_dealloc(MaskObject *self)
{
	struct mask_pool *pool = self->pool;

	if (pool && pool->kept < POOL_KEEP)
		pool->keep[pool->kept++] = self->m;
	else
		mask_bytes_free(&self->m);
	mask_pool_release(pool);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Read-only: the ids it knows stay those it sets. */
static int Mask_getbuffer(MaskObject *self, Py_buffer *view, int flags)
{
	return PyBuffer_FillInfo(view, (PyObject *)self, self->m.bytes,
				 self->n, 1, flags);
}

static PyBufferProcs mask_buffer = {
	.bf_getbuffer = (getbufferproc)Mask_getbuffer,
};

static PyTypeObject mask_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "arena_env._core.Mask",
	.tp_doc = "the bytes of an observation's action mask",
	.tp_basicsize = sizeof(MaskObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_dealloc = (destructor)Mask_dealloc,
	.tp_as_buffer = &mask_buffer,
};

int mask_ready(void)
{
	key_base = PyUnicode_InternFromString("base");
	key_acquire = PyUnicode_InternFromString("acquire");
	key_release = PyUnicode_InternFromString("release");
	if (!key_base || !key_acquire || !key_release)
		return -1;
	return PyType_Ready(&mask_type);
}

/* numpy.frombuffer and the dtype int8 (a dtype: a type would be looked
 * up at each call), found once (masks are made with numpy). */
static int mask_numpy(void)
{
	PyObject *numpy;

	if (frombuffer)
		return 0;
	numpy = PyImport_ImportModule("numpy");
	if (!numpy)
		return -1;
	frombuffer = PyObject_GetAttrString(numpy, "frombuffer");
	int8 = frombuffer ? PyObject_CallMethod(numpy, "dtype", "s", "int8")
			  : NULL;
	Py_DECREF(numpy);
	if (!int8)
		Py_CLEAR(frombuffer);
	return frombuffer ? 0 : -1;
}

PyObject *mask_array(struct mask_pool *pool, const struct env_game *g,
		     int seat, Py_ssize_t size)
{
	MaskObject *m;
	PyObject *array, *args[2];

	if (mask_numpy() < 0)
		return NULL;
	m = PyObject_New(MaskObject, &mask_type);
	if (!m)
		return NULL;
	m->pool = pool && pool->n == size ? pool : NULL;
	if (m->pool)
		m->pool->refs++;
	m->n = size;
	mask_take(m->pool, size, &m->m);
	mask_fill(&m->m, g, seat, size);
	args[0] = (PyObject *)m;
	args[1] = int8;
	array = PyObject_Vectorcall(frombuffer, args, 2, NULL);
	Py_DECREF(m);
	return array;
}

/* The Mask under `array` when it is one of ours whole, as made (int8,
 * one dimension); else NULL, without an exception. */
static MaskObject *mask_of(PyObject *array)
{
	PyObject *base = PyObject_GetAttr(array, key_base);
	MaskObject *m = NULL, *under;
	Py_buffer b;

	if (base && Py_TYPE(base) == &mask_type &&
	    PyObject_GetBuffer(array, &b, PyBUF_C_CONTIGUOUS |
			       PyBUF_FORMAT) == 0) {
		under = (MaskObject *)base;
		if (b.buf == under->m.bytes && b.len == under->n &&
		    b.ndim == 1 && b.format && !strcmp(b.format, "b"))
			m = under;
		PyBuffer_Release(&b);
	}
	PyErr_Clear();
	Py_XDECREF(base);
	return m;   /* borrowed: the array keeps it */
}

/* Index of the first nonzero byte of p[from..n), or n. */
static Py_ssize_t next_set(const unsigned char *p, Py_ssize_t from,
			   Py_ssize_t n)
{
	while (from < n && from % 8)
		if (p[from++])
			return from - 1;
	for (; from + 8 <= n; from += 8) {
		uint64_t word;

		memcpy(&word, p + from, 8);
		if (word)
			break;
	}
	for (; from < n; from++)
		if (p[from])
			return from;
	return n;
}

PyObject *mask_ids(PyObject *module, PyObject *mask)
{
	Py_buffer b;
	PyObject *ids;

	(void)module;
	if (PyObject_GetBuffer(mask, &b, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
		return NULL;
	if (b.itemsize != 1) {
		PyBuffer_Release(&b);
		return PyErr_Format(PyExc_TypeError, "a mask of bytes, not of "
				    "items of %zd bytes", b.itemsize);
	}
	ids = PyList_New(0);
	for (Py_ssize_t i = next_set(b.buf, 0, b.len); ids && i < b.len;
	     i = next_set(b.buf, i + 1, b.len)) {
		PyObject *id = PyLong_FromSsize_t(i);

		if (!id || PyList_Append(ids, id) < 0)
			Py_CLEAR(ids);
		Py_XDECREF(id);
	}
	PyBuffer_Release(&b);
	return ids;
}

PyObject *mask_choice(PyObject *module, PyObject *const *args,
		      Py_ssize_t nargs)
{
	const MaskObject *m;
	PyObject *ids, *drawn, *id = NULL;
	Py_ssize_t count, k;

	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "mask_choice(mask, draw)");
	m = mask_of(args[0]);
	ids = m ? NULL : mask_ids(module, args[0]);
	if (!m && !ids)
		return NULL;
	count = m ? m->m.count : PyList_GET_SIZE(ids);
	if (!count) {
		Py_XDECREF(ids);
		return PyLong_FromLong(0);
	}
	drawn = PyObject_CallFunction(args[1], "n", count);
	k = drawn ? PyLong_AsSsize_t(drawn) : -1;
	Py_XDECREF(drawn);
	if (k < 0 || k >= count) {
		if (!PyErr_Occurred())
			PyErr_Format(PyExc_ValueError, "draw(%zd) gave %zd",
				     count, k);
	} else if (m) {	/* its ids ascending, as the game's legal ids are */
		id = PyLong_FromLong(m->m.ids[k]);
	} else {
		id = PyList_GET_ITEM(ids, k);
		Py_INCREF(id);
	}
	Py_XDECREF(ids);
	return id;
}

/* A number 0..rng (rng < 2^32 - 1) as numpy's Generator.integers draws
 * one (buffered_bounded_lemire_uint32, Lemire's method). */
static uint32_t lemire(struct bitgen *bg, uint32_t rng)
{
	uint32_t excl = rng + 1, leftover;
	uint64_t m = (uint64_t)bg->next_uint32(bg->state) * excl;

	leftover = (uint32_t)m;
	if (leftover < excl) {
		uint32_t threshold = (UINT32_MAX - rng) % excl;

		while (leftover < threshold) {
			m = (uint64_t)bg->next_uint32(bg->state) * excl;
			leftover = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

/* The draw of gymnasium's sample(mask): np_random.choice() of the set
 * ids, sorted, which draws integers(0, count) under the generator's
 * lock, and draws nothing for a count of one. */
static int mask_draw(PyObject *capsule, PyObject *lock, int count)
{
	struct bitgen *bg = PyCapsule_GetPointer(capsule, "BitGenerator");
	PyObject *held;
	int k;

	if (!bg)
		return -1;
	if (count == 1)
		return 0;
	held = PyObject_VectorcallMethod(key_acquire, &lock, 1, NULL);
	if (!held)
		return -1;
	Py_DECREF(held);
	k = (int)lemire(bg, (uint32_t)count - 1);
	held = PyObject_VectorcallMethod(key_release, &lock, 1, NULL);
	Py_XDECREF(held);
	return held ? k : -1;
}

/* The space's scalar of id `id` (start + id, of its dtype's type): one
 * made for each id, kept in the dict `made` (its first 4096), since they
 * are immutable and making one was a third of a sample's time. */
static PyObject *mask_scalar(PyObject *const *bits, int id)
{
	PyObject *key = PyLong_FromLong(id), *at, *scalar;

	if (!key)
		return NULL;
	scalar = PyDict_GetItemWithError(bits[SAMPLE_MADE], key);
	if (scalar || PyErr_Occurred()) {
		Py_DECREF(key);
		return scalar ? (Py_INCREF(scalar), scalar) : NULL;
	}
	at = PyNumber_Add(bits[SAMPLE_START], key);
	scalar = at ? PyObject_CallOneArg(bits[SAMPLE_TYPE], at) : NULL;
	if (scalar && PyDict_GET_SIZE(bits[SAMPLE_MADE]) < 4096 &&
	    PyDict_SetItem(bits[SAMPLE_MADE], key, scalar) < 0)
		Py_CLEAR(scalar);
	Py_XDECREF(at);
	Py_DECREF(key);
	return scalar;
}

PyObject *mask_sample(PyObject *module, PyObject *const *args,
		      Py_ssize_t nargs)
{
	PyObject *const *bits;
	const MaskObject *m;
	Py_ssize_t n;
	int k;

	(void)module;
	if (nargs != 2 || !PyTuple_Check(args[1]) ||
	    PyTuple_GET_SIZE(args[1]) != SAMPLE_BITS ||
	    !PyDict_Check(PyTuple_GET_ITEM(args[1], SAMPLE_MADE)))
		return PyErr_Format(PyExc_TypeError, "mask_sample(mask, (gen, "
				    "n, capsule, lock, start, made, type))");
	bits = &PyTuple_GET_ITEM(args[1], 0);
	n = PyLong_AsSsize_t(bits[SAMPLE_N]);
	if (n == -1 && PyErr_Occurred())
		return NULL;
	m = mask_of(args[0]);
	if (!m || m->n != n)
		Py_RETURN_NONE;
	if (!m->m.count)
		return mask_scalar(bits, 0);
	k = mask_draw(bits[SAMPLE_CAPSULE], bits[SAMPLE_LOCK], m->m.count);
	return k < 0 ? NULL : mask_scalar(bits, m->m.ids[k]);
}
