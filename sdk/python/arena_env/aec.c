/*
 * arena_env._core.Aec: the bookkeeping of PettingZoo's AEC contract for
 * one game (env.py's Env), in C, since in Python it was most of a step:
 * after each action, the agent to move, the rewards cleared, at the end
 * every agent's reward and termination, each agent's dead step, the infos
 * (the mover's an env._Info, whose turn Python makes when it is read),
 * and last()'s tuple with a new observation and mask.  What a step makes
 * of Python's objects is made without a call into Python code (a type's
 * __init__, a bound method, a tuple of arguments): those calls were half
 * of what the C of a step cost.  The dicts and the list of agents are
 * the Env's own, handed over at each game's start (bind()), so that the
 * Env's attributes are what PettingZoo's tests read.  The masks are
 * mask.c's.
 */
#include "core.h"
#include "mask.h"

#include <string.h>

enum { D_REWARDS, D_CUMULATIVE, D_TERMINATIONS, D_TRUNCATIONS, D_INFOS,
       D_COUNT };

typedef struct {
	PyObject_HEAD
	PyObject *game;            /* the Env's _core.Game */
	PyObject *names;           /* a tuple: possible_agents, seat order */
	PyTypeObject *info_type;   /* env._Info */
	PyObject *new_array;       /* numpy.empty, or None without numpy */
	PyObject *float32;         /* numpy's dtype, for new_array */
	PyObject *obs_size;        /* an observation's size, for new_array */
	PyObject *agents;          /* the Env's agents (a list) */
	PyObject *dicts[D_COUNT];  /* the Env's dicts, bound per game */
	PyObject *mover_info;      /* the last _Info made, or NULL */
	struct mask_pool *masks;   /* the bytes of the masks observe() makes */
} AecObject;

/* Python 3.9 has no Py_NewRef(). */
static PyObject *new_ref(PyObject *o)
{
	Py_INCREF(o);
	return o;
}

static PyObject *zero, *key_turn, *key_turn_line, *key_game, *key_seat,
	*key_obs, *key_mask, *no_args, *no_turn;

/* Aec(game, names, info_type, new_array, float32): info_type a subclass
 * of dict (env._Info) whose slots _game and _seat aec_infos() sets. */
static int Aec_init(AecObject *self, PyObject *args, PyObject *kw)
{
	static char *names[] = { "game", "names", "info_type", "new_array",
				 "float32", NULL };
	PyObject *game, *agents, *array, *f32, *size;
	PyTypeObject *info;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "OO!O!OO", names, &game,
					 &PyTuple_Type, &agents, &PyType_Type,
					 &info, &array, &f32))
		return -1;
	if (!core_game_of(game))
		return -1;
	if (!PyType_IsSubtype(info, &PyDict_Type)) {
		PyErr_SetString(PyExc_TypeError, "info_type is a dict's subclass");
		return -1;
	}
	size = PyLong_FromLong(core_game_of(game)->obs_size);
	if (!size)
		return -1;
	Py_XSETREF(self->game, new_ref(game));
	Py_XSETREF(self->names, new_ref(agents));
	Py_XSETREF(self->info_type, (PyTypeObject *)new_ref((PyObject *)info));
	Py_XSETREF(self->new_array, new_ref(array));
	Py_XSETREF(self->float32, new_ref(f32));
	Py_XSETREF(self->obs_size, size);
	mask_pool_release(self->masks);
	self->masks = mask_pool_new(core_game_of(game)->action_n);
	return 0;
}

static void Aec_dealloc(AecObject *self)
{
	Py_XDECREF(self->game);
	Py_XDECREF(self->names);
	Py_XDECREF(self->info_type);
	Py_XDECREF(self->new_array);
	Py_XDECREF(self->float32);
	Py_XDECREF(self->obs_size);
	Py_XDECREF(self->agents);
	for (int d = 0; d < D_COUNT; d++)
		Py_XDECREF(self->dicts[d]);
	Py_XDECREF(self->mover_info);
	mask_pool_release(self->masks);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The last _Info made refuses to be read from now on, unless it was read
 * already: its turn is gone (an action, or the game reset in place). */
static int aec_forget_mover(AecObject *self)
{
	PyObject *old;

	if (!self->mover_info)
		return 0;
	old = PyObject_GetAttr(self->mover_info, key_game);
	if (!old || (old != Py_None &&
		     PyObject_SetAttr(self->mover_info, key_game, Py_False) < 0)) {
		Py_XDECREF(old);
		return -1;
	}
	Py_DECREF(old);
	Py_CLEAR(self->mover_info);
	return 0;
}

/* bind(agents, rewards, cumulative, terminations, truncations, infos):
 * the Env's list and dicts of this game, which later calls fill. */
static PyObject *Aec_bind(AecObject *self, PyObject *args)
{
	PyObject *list, *d[D_COUNT];

	if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!", &PyList_Type, &list,
			      &PyDict_Type, &d[0], &PyDict_Type, &d[1],
			      &PyDict_Type, &d[2], &PyDict_Type, &d[3],
			      &PyDict_Type, &d[4]))
		return NULL;
	if (!self->game)
		return PyErr_Format(PyExc_RuntimeError, "the Aec is not initialised");
	if (aec_forget_mover(self) < 0)
		return NULL;
	Py_XSETREF(self->agents, new_ref(list));
	for (int i = 0; i < D_COUNT; i++)
		Py_XSETREF(self->dicts[i], new_ref(d[i]));
	Py_RETURN_NONE;
}

static int aec_bound(const AecObject *self)
{
	if (self->agents)
		return 1;
	PyErr_SetString(PyExc_RuntimeError, "no game is bound: reset() first");
	return 0;
}

/* The mover's new _Info, its slots set (it has no __init__ to call). */
static PyObject *aec_new_info(AecObject *self, int seat)
{
	PyObject *info = self->info_type->tp_new(self->info_type, no_args,
						 NULL);
	PyObject *at = info ? PyLong_FromLong(seat) : NULL;

	if (!at || PyObject_SetAttr(info, key_game, self->game) < 0 ||
	    PyObject_SetAttr(info, key_seat, at) < 0)
		Py_CLEAR(info);
	Py_XDECREF(at);
	return info;
}

/* The infos after an action: the mover's a new _Info, the others' none. */
static int aec_infos(AecObject *self, int mover)
{
	PyObject *infos = self->dicts[D_INFOS];

	if (aec_forget_mover(self) < 0)
		return -1;
	for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(self->names); i++) {
		PyObject *name = PyTuple_GET_ITEM(self->names, i), *info;
		int live = PyDict_Contains(self->dicts[D_TERMINATIONS], name);

		if (live <= 0) {
			if (live < 0)
				return -1;
			continue;
		}
		if (i == mover) {
			info = aec_new_info(self, (int)i);
			Py_XINCREF(info);
			self->mover_info = info;
		} else {
			info = PyDict_Copy(no_turn);
		}
		if (!info || PyDict_SetItem(infos, name, info) < 0) {
			Py_XDECREF(info);
			return -1;
		}
		Py_DECREF(info);
	}
	return 0;
}

/* The game's end: each agent still in the game gets its reward (into
 * rewards and _cumulative_rewards) and its termination. */
static int aec_end(AecObject *self)
{
	double rewards[GAME_MAX_SEATS + 1] = {0};  /* the chance agent's 0 */
	struct env_game *g = core_game_of(self->game);

	env_game_rewards(g, rewards);
	for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(self->names); i++) {
		PyObject *name = PyTuple_GET_ITEM(self->names, i), *sum, *r;
		PyObject *old = PyDict_GetItemWithError(self->dicts[D_CUMULATIVE],
							name);

		if (!old) {
			if (PyErr_Occurred())
				return -1;
			continue;           /* gone by its dead step */
		}
		r = PyFloat_FromDouble(rewards[i]);
		sum = r ? PyNumber_Add(old, r) : NULL;
		if (!sum || PyDict_SetItem(self->dicts[D_REWARDS], name, r) ||
		    PyDict_SetItem(self->dicts[D_CUMULATIVE], name, sum) ||
		    PyDict_SetItem(self->dicts[D_TERMINATIONS], name, Py_True)) {
			Py_XDECREF(r);
			Py_XDECREF(sum);
			return -1;
		}
		Py_DECREF(r);
		Py_DECREF(sum);
	}
	return 0;
}

/* The first agent still in the game (or `otherwise` when none is). */
static PyObject *aec_first(AecObject *self, PyObject *otherwise)
{
	return new_ref(PyList_GET_SIZE(self->agents) ?
			 PyList_GET_ITEM(self->agents, 0) : otherwise);
}

/* After an action (or at the start): the agent selected, as a new
 * reference; NULL with an exception. */
static PyObject *aec_after(AecObject *self, PyObject *selected)
{
	int seat = env_game_to_move(core_game_of(self->game));

	if (seat < 0 && aec_end(self) < 0)
		return NULL;
	if (aec_infos(self, seat) < 0)
		return NULL;
	if (seat < 0)
		return aec_first(self, selected);
	return new_ref(PyTuple_GET_ITEM(self->names, seat));
}

/* after(selected): aec_after() for Python (a game's start, apply()). */
static PyObject *Aec_after(AecObject *self, PyObject *selected)
{
	return aec_bound(self) ? aec_after(self, selected) : NULL;
}

/* infos(): the infos made again for the position (a clone's). */
static PyObject *Aec_infos(AecObject *self, PyObject *unused)
{
	(void)unused;
	if (!aec_bound(self) ||
	    aec_infos(self, env_game_to_move(core_game_of(self->game))) < 0)
		return NULL;
	Py_RETURN_NONE;
}

/* Every value of dict d set to 0.0. */
static int aec_zero(PyObject *d)
{
	PyObject *key, *value;
	Py_ssize_t pos = 0;

	while (PyDict_Next(d, &pos, &key, &value))
		if (value != zero && PyDict_SetItem(d, key, zero) < 0)
			return -1;
	return 0;
}

/* The dead step of a terminated agent: it leaves every dict and the
 * agents, and rewards are cleared. */
static PyObject *aec_dead_step(AecObject *self, PyObject *agent)
{
	Py_ssize_t at;

	for (int d = 0; d < D_COUNT; d++)
		if (PyDict_DelItem(self->dicts[d], agent) < 0)
			return NULL;
	at = PySequence_Index(self->agents, agent);
	if (at < 0 || PySequence_DelItem(self->agents, at) < 0 ||
	    aec_zero(self->dicts[D_REWARDS]) < 0)
		return NULL;
	return aec_first(self, agent);
}

/* step(agent, action): the selected agent plays the action of id
 * `action`, or takes its dead step (action None once terminated);
 * returns the agent selected next. */
static PyObject *Aec_step(AecObject *self, PyObject *const *args,
			  Py_ssize_t nargs)
{
	char err[GAME_ERR_LEN];
	PyObject *agent, *action, *done, *cut, *index;
	long id;
	int overflow;

	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "step(agent, action)");
	if (!aec_bound(self))
		return NULL;
	agent = args[0];
	action = args[1];
	done = PyDict_GetItemWithError(self->dicts[D_TERMINATIONS], agent);
	if (!done && PyErr_Occurred())
		return NULL;
	cut = done == Py_True ? NULL :
	      PyDict_GetItemWithError(self->dicts[D_TRUNCATIONS], agent);
	if (!cut && PyErr_Occurred())
		return NULL;
	if (done == Py_True || cut == Py_True) {
		if (action != Py_None)
			return PyErr_Format(PyExc_ValueError, "the game is over: "
					    "step(None) for %U", agent);
		return aec_dead_step(self, agent);
	}
	if (action == Py_None)
		return PyErr_Format(PyExc_ValueError, "%U is to move: step() "
				    "takes one of its legal ids (the mask's), "
				    "not None", agent);
	/* an integer (numpy's too), never a float cut to one; one past a
	 * long is past every table */
	if (!(index = PyNumber_Index(action)))
		return PyErr_Format(PyExc_TypeError, "step() takes an action id, "
				    "an int, not a %s", Py_TYPE(action)->tp_name);
	id = PyLong_AsLongAndOverflow(index, &overflow);
	Py_XDECREF(index);
	if (id == -1 && PyErr_Occurred())
		return NULL;
	if (overflow)
		return PyErr_Format(PyExc_ValueError, "an action id is 0 to %d "
				    "(the mask's), not one past a C long",
				    core_game_of(self->game)->action_n - 1);
	if (env_game_step(core_game_of(self->game), id, err))
		return PyErr_Format(PyExc_ValueError, "%s", err);
	if (PyDict_SetItem(self->dicts[D_CUMULATIVE], agent, zero) < 0 ||
	    aec_zero(self->dicts[D_REWARDS]) < 0)
		return NULL;
	return aec_after(self, agent);
}

/* A seat's observation: {"observation": a new float32 array from
 * numpy.empty, "action_mask": a read-only int8 array of mask.c} (with
 * numpy only). */
static PyObject *aec_observe(AecObject *self, long seat)
{
	struct env_game *g = core_game_of(self->game);
	PyObject *args[2] = { self->obs_size, self->float32 };
	PyObject *obs, *mask = NULL, *out = NULL;
	Py_buffer o;

	if (!g)
		return NULL;
	if (seat < 0 || seat >= core_seats(g))
		return PyErr_Format(PyExc_ValueError, "there is no seat %ld", seat);
	obs = PyObject_Vectorcall(self->new_array, args, 2, NULL);
	mask = obs ? mask_array(self->masks, g, (int)seat,
				 core_mask_size(g, (int)seat)) : NULL;
	if (!mask || PyObject_GetBuffer(obs, &o, PyBUF_WRITABLE) < 0)
		goto done;
	if (core_observe_into(g, (int)seat, o.buf, o.len, NULL, 0) == 0 &&
	    (out = PyDict_New()) &&
	    (PyDict_SetItem(out, key_obs, obs) < 0 ||
	     PyDict_SetItem(out, key_mask, mask) < 0))
		Py_CLEAR(out);
	PyBuffer_Release(&o);
done:
	Py_XDECREF(obs);
	Py_XDECREF(mask);
	return out;
}

/* observe(seat): aec_observe() for Python. */
static PyObject *Aec_observe(AecObject *self, PyObject *arg)
{
	long seat = PyLong_AsLong(arg);

	if (seat == -1 && PyErr_Occurred())
		return NULL;
	return aec_observe(self, seat);
}

/* The seat of an agent (its index in names), or -1 with a KeyError. */
static long aec_seat(AecObject *self, PyObject *agent)
{
	Py_ssize_t n = PyTuple_GET_SIZE(self->names);

	for (Py_ssize_t i = 0; i < n; i++)
		if (PyTuple_GET_ITEM(self->names, i) == agent)
			return (long)i;
	for (Py_ssize_t i = 0; i < n; i++) {
		int same = PyObject_RichCompareBool(
			PyTuple_GET_ITEM(self->names, i), agent, Py_EQ);

		if (same)
			return same < 0 ? -1 : (long)i;
	}
	PyErr_SetObject(PyExc_KeyError, agent);
	return -1;
}

/* last(agent, observation): PettingZoo's last() of the agent, with the
 * observation given (or None), or, for True, the agent's observation
 * made here (aec_observe(): numpy's; one call rather than two). */
static PyObject *Aec_last(AecObject *self, PyObject *const *args,
			  Py_ssize_t nargs)
{
	PyObject *item[D_COUNT], *obs, *out;
	long seat;

	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "last(agent, observation)");
	if (!aec_bound(self))
		return NULL;
	for (int d = D_CUMULATIVE; d < D_COUNT; d++) {
		item[d] = PyDict_GetItemWithError(self->dicts[d], args[0]);
		if (!item[d])
			return PyErr_Occurred() ? NULL :
			       (PyErr_SetObject(PyExc_KeyError, args[0]), NULL);
	}
	if (args[1] != Py_True)
		obs = new_ref(args[1]);
	else if ((seat = aec_seat(self, args[0])) < 0 ||
		 !(obs = aec_observe(self, seat)))
		return NULL;
	out = PyTuple_Pack(5, obs, item[D_CUMULATIVE], item[D_TERMINATIONS],
			   item[D_TRUNCATIONS], item[D_INFOS]);
	Py_DECREF(obs);
	return out;
}

static PyMethodDef Aec_methods[] = {
	{ "bind", (PyCFunction)Aec_bind, METH_VARARGS, "bind(agents, rewards, cumulative, terminations, truncations, infos)" },
	{ "after", (PyCFunction)Aec_after, METH_O, "after(selected): the agent selected after an action" },
	{ "infos", (PyCFunction)Aec_infos, METH_NOARGS, "infos(): the infos made again" },
	{ "step", (PyCFunction)(void (*)(void))Aec_step, METH_FASTCALL, "step(agent, action): the agent selected next" },
	{ "observe", (PyCFunction)Aec_observe, METH_O, "observe(seat): a new observation and mask" },
	{ "last", (PyCFunction)(void (*)(void))Aec_last, METH_FASTCALL, "last(agent, observation): True, the agent's made here" },
	{ NULL, NULL, 0, NULL },
};

PyTypeObject core_aec_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "arena_env._core.Aec",
	.tp_doc = "PettingZoo's AEC bookkeeping of one game",
	.tp_basicsize = sizeof(AecObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_new = PyType_GenericNew,
	.tp_init = (initproc)Aec_init,
	.tp_dealloc = (destructor)Aec_dealloc,
	.tp_methods = Aec_methods,
};

int core_aec_ready(void)
{
	zero = PyFloat_FromDouble(0.0);
	key_turn = PyUnicode_InternFromString("turn");
	key_turn_line = PyUnicode_InternFromString("turn_line");
	key_game = PyUnicode_InternFromString("_game");
	key_seat = PyUnicode_InternFromString("_seat");
	key_obs = PyUnicode_InternFromString("observation");
	key_mask = PyUnicode_InternFromString("action_mask");
	no_args = PyTuple_New(0);
	no_turn = PyDict_New();
	if (!zero || !key_turn || !key_turn_line || !key_game || !key_seat ||
	    !key_obs || !key_mask || !no_args || !no_turn ||
	    PyDict_SetItem(no_turn, key_turn, Py_None) < 0 ||
	    PyDict_SetItem(no_turn, key_turn_line, Py_None) < 0)
		return -1;
	return mask_ready() < 0 ? -1 : PyType_Ready(&core_aec_type);
}
