/*
 * arena_env._core.Vector: n games stepped in one call, the GIL released
 * while the rules run.  Each step plays one action in every game (an
 * id, docs/ENVIRONMENT.md "Action ids", legal for its seat to move); a game that ends
 * reports its seats' rewards and done, and starts again at once as the
 * run's next game number (auto-reset), so its observation is already the
 * new game's.  The outputs are bytearrays the object owns and fills in
 * place: observations (float32, n x obs_size), masks (uint8, n x
 * action_n), rewards (float32, n x players), dones (uint8, n), the seat
 * to move (int32, n), the number of legal actions (int32, n) and their
 * ids ascending (int32, n x the most a position has), and the
 * observation of each game that ended, from the side of the seat that
 * ended it, before it began again (float32, n x obs_size: Gymnasium's
 * final_obs).
 */
#include "core.h"
#include "observe.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

enum { OUT_OBS, OUT_MASK, OUT_REWARDS, OUT_DONES, OUT_TO_MOVE, OUT_LEGAL,
       OUT_IDS, OUT_FINAL, OUT_COUNT };

typedef struct {
	PyObject_HEAD
	struct env_game **games;
	int n, players;
	int ids_width;             /* the most legal actions a position has */
	unsigned long long next;   /* the number of the next game begun */
	PyObject *out[OUT_COUNT];  /* bytearrays */
} VectorObject;

static char *out_bytes(VectorObject *v, int which)
{
	return PyByteArray_AS_STRING(v->out[which]);
}

/* Writes game i's observation, mask, seat to move and legal ids.  The
 * mask is cleared at the ids it set last (still in the row of legal ids)
 * rather than whole: Black-Pot's has 215,930 entries, a few hundred set. */
static void vector_write(VectorObject *v, int i)
{
	struct env_game *g = v->games[i];
	int seat = env_game_to_move(g);
	int32_t *to_move = (int32_t *)out_bytes(v, OUT_TO_MOVE);
	int32_t *legal = (int32_t *)out_bytes(v, OUT_LEGAL), *ids;
	unsigned char *mask = (unsigned char *)out_bytes(v, OUT_MASK) +
			      (size_t)i * (size_t)g->action_n;

	observe_state(g->rules, g->play.state, seat,
		      (float *)out_bytes(v, OUT_OBS) +
		      (size_t)i * (size_t)g->obs_size);
	ids = (int32_t *)out_bytes(v, OUT_IDS) + (size_t)i * (size_t)v->ids_width;
	for (int k = 0; k < legal[i]; k++)
		mask[ids[k]] = 0;
	to_move[i] = seat;
	legal[i] = g->legal_count;
	for (int k = 0; k < g->legal_count; k++) {
		ids[k] = env_game_id(g, k);
		mask[ids[k]] = 1;
	}
}

/* Plays the action of id `id` in game i; at the end, its rewards and the next
 * game.  -1 only when the next game cannot begin (err says why). */
static int vector_step_one(VectorObject *v, int i, long id, char *err)
{
	struct env_game *g = v->games[i];
	float *rewards = (float *)out_bytes(v, OUT_REWARDS) + i * v->players;
	double r[GAME_MAX_SEATS];
	int mover = env_game_to_move(g);

	memset(rewards, 0, (size_t)v->players * sizeof *rewards);
	out_bytes(v, OUT_DONES)[i] = 0;
	if (env_game_step(g, id, err))
		return -1;
	if (env_game_to_move(g) < 0) {
		observe_state(g->rules, g->play.state, mover,
			      (float *)out_bytes(v, OUT_FINAL) +
			      (size_t)i * (size_t)g->obs_size);
		env_game_rewards(g, r);
		for (int s = 0; s < v->players; s++)
			rewards[s] = (float)r[s];
		out_bytes(v, OUT_DONES)[i] = 1;
		if (env_game_reset(g, v->next++, err))
			return -1;
	}
	vector_write(v, i);
	return 0;
}

/* The bytes a game of the vector takes (its state, the room for its
 * legal ids, its rows of the outputs), as game `g` shows them. */
static size_t vector_game_bytes(const struct env_game *g, int ids_width)
{
	return sizeof *g + 2 * g->rules->state_size +
	       (g->moves ? GAME_MAX_MOVES * sizeof *g->moves : 0) +
	       2 * (size_t)g->obs_size * sizeof(float) + (size_t)g->action_n +
	       (size_t)g->play.players * sizeof(float) + 1 +
	       (2 + (size_t)ids_width) * sizeof(int32_t);
}

/* Whether n games like `g` fit in half the machine's memory; else a
 * ValueError naming the most that do. */
static bool vector_fits(const struct env_game *g, int n, int ids_width)
{
	size_t each = vector_game_bytes(g, ids_width);
	unsigned long long half = (unsigned long long)sysconf(_SC_PHYS_PAGES) *
				  (unsigned long long)sysconf(_SC_PAGESIZE) / 2;
	unsigned long long most = half / each;

	if ((unsigned long long)n <= most)
		return true;
	PyErr_Format(PyExc_ValueError, "n is 1 to %llu games of %s here: each "
		     "takes %zu bytes, and half the machine's memory (%llu MB) "
		     "holds %llu", most < 1 << 24 ? most : 1 << 24, g->rules->name,
		     each, half >> 20, most);
	return false;
}

/* The output bytearrays of the vector's n games, zeroed; -1 with an
 * exception. */
static int vector_outputs_new(VectorObject *self)
{
	const struct env_game *g = self->games[0];
	size_t n = (size_t)self->n, sizes[OUT_COUNT];

	sizes[OUT_OBS] = sizes[OUT_FINAL] = n * (size_t)g->obs_size * sizeof(float);
	sizes[OUT_MASK] = n * (size_t)g->action_n;
	sizes[OUT_REWARDS] = n * (size_t)self->players * sizeof(float);
	sizes[OUT_DONES] = n;
	sizes[OUT_TO_MOVE] = sizes[OUT_LEGAL] = n * sizeof(int32_t);
	sizes[OUT_IDS] = n * (size_t)self->ids_width * sizeof(int32_t);
	for (int k = 0; k < OUT_COUNT; k++) {
		self->out[k] = PyByteArray_FromStringAndSize(NULL, (Py_ssize_t)sizes[k]);
		if (!self->out[k])
			return -1;
		memset(PyByteArray_AS_STRING(self->out[k]), 0, sizes[k]);
	}
	return 0;
}

static int Vector_init(VectorObject *self, PyObject *args, PyObject *kw)
{
	static char *names[] = { "game", "n", "players", "options", "seed",
				 "fast", NULL };
	const char *name, *options = NULL, *seed = "00";
	int n, fast = 0;
	long long players = 2;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "si|O&zsp", names, &name, &n,
					 core_players, &players, &options, &seed,
					 &fast))
		return -1;
	if (self->games || n < 1 || n > 1 << 24) {
		PyErr_SetString(PyExc_ValueError, self->games ?
				"a Vector is initialised once" :
				"a Vector holds 1 to 16777216 games");
		return -1;
	}
	self->games = PyMem_Calloc((size_t)n, sizeof *self->games);
	if (!self->games)
		return -1;
	self->n = n;
	for (int i = 0; i < n; i++) {
		if (!(self->games[i] = core_game_new(name, players, options, seed,
						     (unsigned long long)i + 1,
						     false,
						     fast ? ENV_FAST_DRAWS : 0)))
			return -1;
		env_game_forget(self->games[i]);
		/* the first game tells what each takes: none more made
		 * than the machine holds */
		if (i == 0) {
			self->ids_width = observe_legal_most(self->games[0]->rules,
							     self->games[0]->action_n);
			if (!vector_fits(self->games[0], n, self->ids_width))
				return -1;
		}
	}
	self->players = (int)players;
	self->next = (unsigned long long)n + 1;
	if (vector_outputs_new(self))
		return -1;
	for (int i = 0; i < n; i++)
		vector_write(self, i);
	return 0;
}

static void Vector_dealloc(VectorObject *self)
{
	for (int i = 0; self->games && i < self->n; i++)
		env_game_free(self->games[i]);
	PyMem_Free(self->games);
	for (int k = 0; k < OUT_COUNT; k++)
		Py_XDECREF(self->out[k]);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The action of game i from a buffer of int32 or int64 values. */
static long action_at(const Py_buffer *b, int i)
{
	return b->itemsize == 8 ? (long)((const int64_t *)b->buf)[i]
				: (long)((const int32_t *)b->buf)[i];
}

/* step(actions): actions an int32 or int64 buffer of n indices. */
static PyObject *Vector_step(VectorObject *self, PyObject *arg)
{
	char err[GAME_ERR_LEN] = "";
	Py_buffer b;
	int failed = -1;

	if (!self->games)
		return PyErr_Format(PyExc_RuntimeError, "the Vector is not initialised");
	if (PyObject_GetBuffer(arg, &b, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
		return NULL;
	if ((b.itemsize != 4 && b.itemsize != 8) || !b.format ||
	    !strchr("ilqn", b.format[strlen(b.format) - 1]) ||
	    b.len != (Py_ssize_t)self->n * b.itemsize) {
		PyBuffer_Release(&b);
		return PyErr_Format(PyExc_ValueError, "the actions are %d integers "
				    "(int32 or int64), one a game", self->n);
	}
	for (int i = 0; i < self->n; i++) {
		long a = action_at(&b, i);

		if (env_game_index(self->games[i], a) < 0) {
			PyBuffer_Release(&b);
			return PyErr_Format(PyExc_ValueError, "game %d: action %ld "
					    "is not one of its %d legal ones", i,
					    a, self->games[i]->legal_count);
		}
	}
	Py_BEGIN_ALLOW_THREADS
	for (int i = 0; i < self->n && failed < 0; i++)
		if (vector_step_one(self, i, action_at(&b, i), err))
			failed = i;
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&b);
	if (failed >= 0)
		return PyErr_Format(PyExc_RuntimeError, "game %d: %s", failed, err);
	Py_RETURN_NONE;
}

/* outputs(): (obs, mask, rewards, dones, to_move, legal_count, legal
 * ids, final obs, obs_size, action_n, ids_width), the bytearrays filled
 * in place by every step. */
static PyObject *Vector_outputs(VectorObject *self, PyObject *unused)
{
	(void)unused;
	if (!self->games)
		return PyErr_Format(PyExc_RuntimeError, "the Vector is not initialised");
	return Py_BuildValue("OOOOOOOOiii", self->out[OUT_OBS],
			     self->out[OUT_MASK], self->out[OUT_REWARDS],
			     self->out[OUT_DONES], self->out[OUT_TO_MOVE],
			     self->out[OUT_LEGAL], self->out[OUT_IDS],
			     self->out[OUT_FINAL],
			     self->games[0]->obs_size, self->games[0]->action_n,
			     self->ids_width);
}

/* turn(i): the turn message of game i's seat to move. */
static PyObject *Vector_turn(VectorObject *self, PyObject *arg)
{
	long i = PyLong_AsLong(arg);
	char *text;
	PyObject *s;

	if (PyErr_Occurred())
		return NULL;
	if (!self->games || i < 0 || i >= self->n)
		return PyErr_Format(PyExc_IndexError, "there is no game %ld", i);
	text = env_game_turn_text(self->games[i]);
	s = PyUnicode_FromString(text);
	free(text);
	return s;
}

static PyMethodDef Vector_methods[] = {
	{ "step", (PyCFunction)Vector_step, METH_O, "step(actions): one action a game" },
	{ "outputs", (PyCFunction)Vector_outputs, METH_NOARGS, "the output buffers" },
	{ "turn", (PyCFunction)Vector_turn, METH_O, "turn(i): game i's turn message" },
	{ NULL, NULL, 0, NULL },
};

PyTypeObject core_vector_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "arena_env._core.Vector",
	.tp_doc = "n games of the referee's rules stepped in one call",
	.tp_basicsize = sizeof(VectorObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_new = PyType_GenericNew,
	.tp_init = (initproc)Vector_init,
	.tp_dealloc = (destructor)Vector_dealloc,
	.tp_methods = Vector_methods,
};
