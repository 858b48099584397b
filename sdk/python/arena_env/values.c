/*
 * arena_env._core.Values: the exact values of a game's states from the
 * values library (values/values.h), the one `referee grade` and win-bot
 * use, so that a learner's targets are the grader's own doubles.  A Values
 * is opened for a game's name, players and options (those of a _core.Game)
 * and answers for any Game of the same: each seat's chance to win, the
 * value of each legal action, and each outcome of a roll with its exact
 * probability.  Games without exact values are refused when it is made,
 * with the library's reason (docs/ENVIRONMENT.md, "Values").
 */
#include "core.h"
#include "values/values.h"

typedef struct {
	PyObject_HEAD
	struct values *values;
	const struct game_rules *rules;	/* of the game opened */
	int players;
	cJSON *options;			/* every option, defaults filled in */
} ValuesObject;

static int Values_init(ValuesObject *self, PyObject *args, PyObject *kw)
{
	static char *names[] = { "game", "tables", NULL };
	char err[VALUES_ERR_LEN];
	PyObject *game;
	const char *tables = NULL;
	struct env_game *g;
	struct values *v;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|z", names, &game, &tables) ||
	    !(g = core_game_of(game)))
		return -1;
	/* solving another target's tables takes seconds to minutes */
	Py_BEGIN_ALLOW_THREADS
	v = values_open(g->rules->name, g->options, g->play.players, tables, err);
	Py_END_ALLOW_THREADS
	if (!v) {
		PyErr_SetString(PyExc_ValueError, err);
		return -1;
	}
	values_close(self->values);
	cJSON_Delete(self->options);
	self->values = v;
	self->rules = g->rules;
	self->players = g->play.players;
	self->options = cJSON_Duplicate(g->options, true);
	return 0;
}

static void Values_dealloc(ValuesObject *self)
{
	values_close(self->values);
	cJSON_Delete(self->options);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The game of `arg` when it is of the game these values were opened
 * for; NULL with an exception otherwise. */
static struct env_game *values_game(ValuesObject *self, PyObject *arg)
{
	struct env_game *g;

	if (!self->values) {
		PyErr_SetString(PyExc_RuntimeError, "the Values are not initialised");
		return NULL;
	}
	if (!(g = core_game_of(arg)))
		return NULL;
	if (g->rules != self->rules || g->play.players != self->players ||
	    !cJSON_Compare(g->options, self->options, true)) {
		PyErr_Format(PyExc_ValueError, "these values are of another "
			     "game than this %s", g->rules->name);
		return NULL;
	}
	if (env_chance_waits(g->chance)) {
		PyErr_SetString(PyExc_ValueError, "the chance agent is to move: "
				"values() are of the players' turns");
		return NULL;
	}
	return g;
}

/* A list of each seat's chance. */
static PyObject *chances(const double chance[VALUES_SEATS])
{
	return Py_BuildValue("[dd]", chance[0], chance[1]);
}

static PyObject *Values_how(ValuesObject *self, PyObject *unused)
{
	(void)unused;
	if (!self->values) {
		PyErr_SetString(PyExc_RuntimeError, "the Values are not initialised");
		return NULL;
	}
	return PyUnicode_FromString(values_how(self->values));
}

/* state(game): each seat's chance to win (the result once over). */
static PyObject *Values_state(ValuesObject *self, PyObject *arg)
{
	struct env_game *g = values_game(self, arg);
	double chance[VALUES_SEATS];

	if (!g)
		return NULL;
	values_state(self->values, g->play.state, chance);
	return chances(chance);
}

/* actions(game): (id, value, rolls) of each legal action, in legal()'s
 * order; [] once the game is over. */
static PyObject *Values_actions(ValuesObject *self, PyObject *arg)
{
	struct env_game *g = values_game(self, arg);
	struct values_action a[GAME_MAX_MOVES];
	PyObject *list;
	int n;

	if (!g)
		return NULL;
	n = env_game_to_move(g) < 0 ? 0 : values_actions(self->values, g->play.state, a);
	list = PyList_New(g->legal_count);
	for (int i = 0; list && i < g->legal_count; i++) {
		int id = env_game_id(g, i), k = 0;

		while (k < n && a[k].move != id)
			k++;
		if (k == n) {	/* the rules' moves() are the legal ids */
			Py_DECREF(list);
			return PyErr_Format(PyExc_RuntimeError, "no value for "
					    "the legal action %d", id);
		}
		PyList_SET_ITEM(list, i, Py_BuildValue("idO", id, a[k].value,
						       a[k].chance ? Py_True : Py_False));
	}
	return list;
}

/* outcomes(game, id): ([(faces, ways, chances)], 6^n) of the roll the
 * legal action `id` makes, None for an action without values of its
 * outcomes (one that rolls no dice, or a bank). */
static PyObject *Values_outcomes(ValuesObject *self, PyObject *args)
{
	static struct values_outcome out[VALUES_OUTCOMES];	/* the GIL is held */
	PyObject *game, *list;
	struct env_game *g;
	long of;
	int id, n;

	if (!PyArg_ParseTuple(args, "Oi", &game, &id) || !(g = values_game(self, game)))
		return NULL;
	n = values_outcomes(self->values, g->play.state, id, out, &of);
	if (n < 0)
		Py_RETURN_NONE;
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++) {
		int dice = 0;
		PyObject *faces;

		for (int f = 1; f <= DICE_FACES; f++)
			dice += out[i].count[f];
		faces = PyTuple_New(dice);
		dice = 0;
		for (int f = 1; faces && f <= DICE_FACES; f++)
			for (int c = 0; c < out[i].count[f]; c++)
				PyTuple_SET_ITEM(faces, dice++, PyLong_FromLong(f));
		PyList_SET_ITEM(list, i, Py_BuildValue("NlN", faces, out[i].ways,
						       chances(out[i].chance)));
	}
	return Py_BuildValue("Nl", list, of);
}

static PyMethodDef Values_methods[] = {
	{ "how", (PyCFunction)Values_how, METH_NOARGS, "how the values were obtained" },
	{ "state", (PyCFunction)Values_state, METH_O, "state(game): each seat's chance to win" },
	{ "actions", (PyCFunction)Values_actions, METH_O, "actions(game): (id, value, rolls) of each legal action" },
	{ "outcomes", (PyCFunction)Values_outcomes, METH_VARARGS, "outcomes(game, id): ([(faces, ways, chances)], 6^n) or None" },
	{ NULL, NULL, 0, NULL },
};

PyTypeObject core_values_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "arena_env._core.Values",
	.tp_doc = "The exact values of a game's states (values/values.h)",
	.tp_basicsize = sizeof(ValuesObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_new = PyType_GenericNew,
	.tp_init = (initproc)Values_init,
	.tp_dealloc = (destructor)Values_dealloc,
	.tp_methods = Values_methods,
};
