/*
 * arena_env._core: the Python face of env_game.c (Game, one game),
 * vector.c (Vector, many games stepped in one call) and values.c (Values,
 * the exact values of the solved games' states), with the Python C
 * API alone.  Messages, views and actions cross as JSON text, observations
 * and masks are written into buffers the caller gives (an array.array or
 * a numpy array), so that the package needs neither numpy nor any
 * generator of bindings.  arena_env/__init__.py builds the API on this.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>
#include <sodium.h>

#include "core.h"
#include "env_game.h"
#include "env_log.h"
#include "mask.h"
#include "observe.h"
#include "referee/base/json.h"

typedef struct {
	PyObject_HEAD
	struct env_game *game;
} GameObject;

static PyTypeObject GameType;

/* A Python string of a C string we own (freed here); None for NULL. */
static PyObject *owned_text(char *text)
{
	PyObject *s;

	if (!text)
		Py_RETURN_NONE;
	s = PyUnicode_FromString(text);
	free(text);
	return s;
}

/* JSON text of a cJSON value we lend. */
static PyObject *json_text(const cJSON *item)
{
	return owned_text(json_print_line(item));
}

/* Parsed JSON text, or NULL with a ValueError naming `what` (and NULL
 * without one for NULL text). */
static cJSON *core_parse_json(const char *text, const char *what)
{
	cJSON *item;

	if (!text)
		return NULL;
	item = cJSON_Parse(text);
	if (!item)
		PyErr_Format(PyExc_ValueError, "%s is not JSON: %.200s", what,
			     text);
	return item;
}

int core_players(PyObject *arg, void *players)
{
	int overflow;
	long long n;

	if (!PyLong_Check(arg) || PyBool_Check(arg)) {
		PyErr_Format(PyExc_TypeError, "players is an int (the number of "
			     "seats), not a %s", Py_TYPE(arg)->tp_name);
		return 0;
	}
	n = PyLong_AsLongLongAndOverflow(arg, &overflow);
	if (overflow) {
		PyErr_Format(PyExc_ValueError, "players is past every game's "
			     "number of seats (%d at most)", GAME_MAX_SEATS);
		return 0;
	}
	if (n == -1 && PyErr_Occurred())
		return 0;
	*(long long *)players = n;
	return 1;
}

/* A PyArg_Parse converter ("O&"): a game's number, an int 1 to 2**64 - 1
 * into an unsigned long long; 0 with a TypeError or ValueError. */
static int core_number(PyObject *arg, void *number)
{
	unsigned long long n;

	if (!PyLong_Check(arg) || PyBool_Check(arg)) {
		PyErr_Format(PyExc_TypeError, "a game's number is an int, not a %s",
			     Py_TYPE(arg)->tp_name);
		return 0;
	}
	n = PyLong_AsUnsignedLongLong(arg);
	if ((n == (unsigned long long)-1 && PyErr_Occurred()) || n == 0) {
		PyErr_Clear();
		PyErr_SetString(PyExc_ValueError, "a game's number is 1 to "
				"18446744073709551615 (its place in its seed's run)");
		return 0;
	}
	*(unsigned long long *)number = n;
	return 1;
}

struct env_game *core_game_new(const char *name, long long players,
			       const char *options, const char *seed,
			       unsigned long long number, bool records,
			       unsigned modes)
{
	char err[GAME_ERR_LEN];
	cJSON *given = core_parse_json(options, "the options");
	struct env_game *g;

	if (options && !given)
		return NULL;
	g = env_game_new(name, players, given, seed, number, records, modes,
			 err);
	cJSON_Delete(given);
	if (!g)
		PyErr_SetString(PyExc_ValueError, err);
	return g;
}

static int Game_init(GameObject *self, PyObject *args, PyObject *kw)
{
	static char *names[] = { "game", "players", "options", "seed",
				 "number", "records", "modes", NULL };
	const char *name, *options = NULL, *seed = "00";
	unsigned long long number = 1;
	long long players = 2;
	int records = 0;
	unsigned modes = 0;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "s|O&zsO&pI", names, &name,
					 core_players, &players, &options, &seed,
					 core_number, &number, &records, &modes))
		return -1;
	env_game_free(self->game);
	self->game = core_game_new(name, players, options, seed, number,
				   records, modes);
	return self->game ? 0 : -1;
}

static void Game_dealloc(GameObject *self)
{
	env_game_free(self->game);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The game, or NULL with an exception for an object never initialised. */
static struct env_game *game_of(GameObject *self)
{
	if (!self->game)
		PyErr_SetString(PyExc_RuntimeError, "the Game is not initialised");
	return self->game;
}

struct env_game *core_game_of(PyObject *game)
{
	if (!PyObject_TypeCheck(game, &GameType)) {
		PyErr_Format(PyExc_TypeError, "a _core.Game, not %s",
			     Py_TYPE(game)->tp_name);
		return NULL;
	}
	return game_of((GameObject *)game);
}

static PyObject *Game_reset(GameObject *self, PyObject *arg)
{
	struct env_game *g = game_of(self);
	char err[GAME_ERR_LEN];
	unsigned long long number;

	if (!g || !core_number(arg, &number))
		return NULL;
	if (env_game_reset(g, number, err))
		return PyErr_Format(PyExc_ValueError, "%s", err);
	Py_RETURN_NONE;
}

static PyObject *Game_to_move(GameObject *self, PyObject *unused)
{
	(void)unused;
	return game_of(self) ? PyLong_FromLong(env_game_to_move(self->game))
			     : NULL;
}

static PyObject *Game_legal_count(GameObject *self, PyObject *unused)
{
	(void)unused;
	return game_of(self) ? PyLong_FromLong(self->game->legal_count) : NULL;
}

static PyObject *Game_legal(GameObject *self, PyObject *unused)
{
	(void)unused;
	if (!game_of(self))
		return NULL;
	if (!env_game_legal(self->game))
		return PyUnicode_FromString("[]");
	return json_text(self->game->legal);
}

static PyObject *Game_step(GameObject *self, PyObject *arg)
{
	char err[GAME_ERR_LEN];
	long id = PyLong_AsLong(arg);

	if (!game_of(self) || (id == -1 && PyErr_Occurred()))
		return NULL;
	if (env_game_step(self->game, id, err))
		return PyErr_Format(PyExc_ValueError, "%s", err);
	Py_RETURN_NONE;
}

/* legal_ids(): the ids of the legal actions, ascending. */
static PyObject *Game_legal_ids(GameObject *self, PyObject *unused)
{
	PyObject *list;

	(void)unused;
	if (!game_of(self))
		return NULL;
	list = PyList_New(self->game->legal_count);
	for (int i = 0; list && i < self->game->legal_count; i++)
		PyList_SET_ITEM(list, i, PyLong_FromLong(env_game_id(self->game, i)));
	return list;
}

/* action_json(id): the action of an id as JSON text, None when the
 * game cannot name it (env_game_action_json). */
static PyObject *Game_action_json(GameObject *self, PyObject *arg)
{
	long id = PyLong_AsLong(arg);
	cJSON *action;
	PyObject *text;

	if (!game_of(self) || (id == -1 && PyErr_Occurred()))
		return NULL;
	action = env_game_action_json(self->game, id);
	if (!action)
		Py_RETURN_NONE;
	text = json_text(action);
	cJSON_Delete(action);
	return text;
}

/* The action a method is given as JSON text, parsed; NULL with an
 * exception for anything else. */
static cJSON *action_arg(GameObject *self, PyObject *arg)
{
	if (!game_of(self))
		return NULL;
	if (!PyUnicode_Check(arg)) {
		PyErr_SetString(PyExc_TypeError, "an action is JSON text");
		return NULL;
	}
	return core_parse_json(PyUnicode_AsUTF8(arg), "the action");
}

/* What `answer` (env_game.c's) says of the action a method is given as
 * JSON text: its number, or -1 with an exception (a ValueError with its
 * reason when it refuses the action). */
static int action_answer(GameObject *self, PyObject *arg,
			 int (*answer)(struct env_game *, const cJSON *, char *))
{
	char err[GAME_ERR_LEN];
	cJSON *action = action_arg(self, arg);
	int n;

	if (!action)
		return -1;
	n = answer(self->game, action, err);
	cJSON_Delete(action);
	if (n < 0)
		PyErr_SetString(PyExc_ValueError, err);
	return n;
}

/* action_id(json): the id of an action (env_game_action_id). */
static PyObject *Game_action_id(GameObject *self, PyObject *arg)
{
	int id = action_answer(self, arg, env_game_action_id);

	return id < 0 ? NULL : PyLong_FromLong(id);
}

static PyObject *Game_apply(GameObject *self, PyObject *arg)
{
	if (action_answer(self, arg, env_game_apply) < 0)
		return NULL;
	Py_RETURN_NONE;
}

static PyObject *Game_turn(GameObject *self, PyObject *unused)
{
	(void)unused;
	return game_of(self) ? owned_text(env_game_turn_text(self->game)) : NULL;
}

/* The view of `seat` (-1: a spectator's). */
static cJSON *game_view(struct env_game *g, int seat)
{
	return g->play.state ? g->rules->view(g->play.state, seat)
			     : cJSON_CreateObject();
}

static PyObject *Game_view(GameObject *self, PyObject *arg)
{
	long seat = PyLong_AsLong(arg);
	cJSON *view;
	PyObject *text;

	if (!game_of(self) || PyErr_Occurred())
		return NULL;
	if (seat < -1 || seat >= self->game->play.players)
		return PyErr_Format(PyExc_ValueError, "there is no seat %ld", seat);
	view = game_view(self->game, (int)seat);
	text = json_text(view);
	cJSON_Delete(view);
	return text;
}

int core_observe_into(const struct env_game *g, int seat, float *obs,
		      Py_ssize_t obs_len, unsigned char *mask,
		      Py_ssize_t mask_len)
{
	int obs_size = g->obs_size, actions = core_mask_size(g, seat);

	if (obs_len < obs_size * (Py_ssize_t)sizeof(float) ||
	    (mask && mask_len < actions)) {
		PyErr_Format(PyExc_ValueError, "the buffers hold %zd and %zd "
			     "bytes: an observation needs %d floats, a mask %d "
			     "bytes", obs_len, mask_len, obs_size, actions);
		return -1;
	}
	if (g->play.state && seat < g->play.players)
		observe_state(g->rules, g->play.state, seat, obs);
	else
		memset(obs, 0, (size_t)obs_size * sizeof *obs);
	if (!mask)
		return 0;
	memset(mask, 0, (size_t)actions);
	for (int i = 0; env_game_to_move(g) == seat && i < g->legal_count; i++)
		if (env_game_id(g, i) < actions)
			mask[env_game_id(g, i)] = 1;
	return 0;
}

/* observe(seat, buffer): the seat's observation written into buffer
 * (float32, obs_size() of them) and the action mask into a second
 * (uint8, action_n()); returns None. */
static PyObject *Game_observe(GameObject *self, PyObject *args)
{
	Py_buffer obs, mask;
	int seat;
	PyObject *rc = NULL;

	if (!game_of(self) || !PyArg_ParseTuple(args, "iw*w*", &seat, &obs, &mask))
		return NULL;
	if (seat < 0 || seat >= core_seats(self->game))
		PyErr_Format(PyExc_ValueError, "there is no seat %d", seat);
	else if (core_observe_into(self->game, seat, obs.buf, obs.len,
				   mask.buf, mask.len) == 0)
		{
		Py_INCREF(Py_None);
		rc = Py_None;
	}
	PyBuffer_Release(&obs);
	PyBuffer_Release(&mask);
	return rc;
}

static PyObject *Game_sizes(GameObject *self, PyObject *unused)
{
	(void)unused;
	if (!game_of(self))
		return NULL;
	return Py_BuildValue("ii", self->game->obs_size, self->game->action_n);
}

static PyObject *Game_rewards(GameObject *self, PyObject *unused)
{
	double rewards[GAME_MAX_SEATS];
	PyObject *list;

	(void)unused;
	if (!game_of(self))
		return NULL;
	env_game_rewards(self->game, rewards);
	list = PyList_New(self->game->play.players);
	for (int i = 0; list && i < self->game->play.players; i++)
		PyList_SET_ITEM(list, i, PyFloat_FromDouble(rewards[i]));
	return list;
}

static PyObject *Game_result(GameObject *self, PyObject *unused)
{
	struct game_result result;
	int n;
	PyObject *ranks, *scores;

	(void)unused;
	if (!game_of(self))
		return NULL;
	if (env_game_to_move(self->game) >= 0)
		Py_RETURN_NONE;
	n = self->game->play.players;
	game_play_result(&self->game->play, &result);
	ranks = PyList_New(n);
	scores = PyList_New(n);
	for (int i = 0; ranks && scores && i < n; i++) {
		PyList_SET_ITEM(ranks, i, PyLong_FromLong(result.rank[i]));
		PyList_SET_ITEM(scores, i, PyLong_FromLong(result.score[i]));
	}
	return Py_BuildValue("NN", ranks, scores);
}

static PyObject *Game_clone(GameObject *self, PyObject *unused)
{
	char err[GAME_ERR_LEN];
	GameObject *copy;

	(void)unused;
	if (!game_of(self))
		return NULL;
	copy = PyObject_New(GameObject, &GameType);
	if (!copy)
		return NULL;
	copy->game = env_game_clone(self->game, err);
	if (!copy->game) {
		Py_DECREF(copy);
		return PyErr_Format(PyExc_RuntimeError, "%s", err);
	}
	return (PyObject *)copy;
}

/* info(): the game's facts as JSON text: its number, game_id, resolved
 * options, first seat, actions applied and the draws' log records. */
static PyObject *Game_info(GameObject *self, PyObject *unused)
{
	char err[GAME_ERR_LEN];
	cJSON *info;
	char id[33];

	(void)unused;
	if (!game_of(self))
		return NULL;
	if (env_game_actions(self->game, err))
		return PyErr_Format(PyExc_RuntimeError, "%s", err);
	info = cJSON_CreateObject();
	for (int i = 0; i < 16; i++)
		snprintf(id + 2 * i, 3, "%02x", self->game->game_id[i]);
	cJSON_AddNumberToObject(info, "number", (double)self->game->number);
	cJSON_AddStringToObject(info, "game_id", id);
	cJSON_AddStringToObject(info, "rules", self->game->rules->rules_version);
	cJSON_AddNumberToObject(info, "first_seat", self->game->play.first_seat);
	cJSON_AddItemReferenceToObject(info, "options", self->game->options);
	if (self->game->actions)
		cJSON_AddItemReferenceToObject(info, "actions", self->game->actions);
	cJSON_AddItemReferenceToObject(info, "loads", self->game->loads);
	if (self->game->records)
		cJSON_AddItemReferenceToObject(info, "draws", self->game->records);
	PyObject *text = json_text(info);
	cJSON_Delete(info);
	return text;
}

/* save_log(path, names): the finished game as an unsigned log. */
static PyObject *Game_save_log(GameObject *self, PyObject *args)
{
	char err[GAME_ERR_LEN];
	const char *path, *names[GAME_MAX_SEATS];
	PyObject *list;
	int rc;

	if (!PyArg_ParseTuple(args, "sO!", &path, &PyList_Type, &list) ||
	    !game_of(self))
		return NULL;
	if (PyList_GET_SIZE(list) != self->game->play.players)
		return PyErr_Format(PyExc_ValueError, "%d names, one a player",
				    self->game->play.players);
	for (int s = 0; s < self->game->play.players; s++)
		if (!(names[s] = PyUnicode_AsUTF8(PyList_GET_ITEM(list, s))))
			return NULL;
	Py_BEGIN_ALLOW_THREADS
	rc = env_log_save(self->game, path, names, err);
	Py_END_ALLOW_THREADS
	if (rc)
		return PyErr_Format(PyExc_ValueError, "%s", err);
	Py_RETURN_NONE;
}

/* chance_outcomes(): [(id, probability)] of the chance node (explicit
 * chance), [] where the chance agent is not to move. */
static PyObject *Game_chance_outcomes(GameObject *self, PyObject *unused)
{
	struct env_game *g = game_of(self);
	PyObject *list;
	int n;

	(void)unused;
	if (!g)
		return NULL;
	n = env_chance_waits(g->chance) ? g->legal_count : 0;
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++) {
		PyObject *pair = Py_BuildValue("(id)", i, arena_chance_probability(
						       &g->chance->script, i));

		if (!pair)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, i, pair);
	}
	return list;
}

/* roll_size(action_json): dice of the first roll the action makes. */
static PyObject *Game_roll_size(GameObject *self, PyObject *arg)
{
	int dice = action_answer(self, arg, env_game_roll_size);

	return dice < 0 ? NULL : PyLong_FromLong(dice);
}

/* load(faces): the next roll throws these faces. */
static PyObject *Game_load(GameObject *self, PyObject *arg)
{
	char err[GAME_ERR_LEN];
	int faces[8], n = 0;
	PyObject *seq = PySequence_Fast(arg, "the faces are a sequence of ints");

	if (!game_of(self) || !seq)
		return NULL;
	for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq) && n < 8; i++) {
		long face = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));

		/* checked as a long: 2**32 + 1 as an int would be a 1 */
		if (!PyErr_Occurred() && (face < 1 || face > 6))
			PyErr_Format(PyExc_ValueError, "a die shows 1 to 6, not %ld",
				     face);
		if (PyErr_Occurred()) {
			Py_DECREF(seq);
			return NULL;
		}
		faces[n++] = (int)face;
	}
	n = PySequence_Fast_GET_SIZE(seq) > 8 ? 9 : n;
	Py_DECREF(seq);
	if (env_game_load(self->game, faces, n, err))
		return PyErr_Format(PyExc_ValueError, "%s", err);
	Py_RETURN_NONE;
}

static PyMethodDef Game_methods[] = {
	{ "chance_outcomes", (PyCFunction)Game_chance_outcomes, METH_NOARGS, "[(id, probability)] of the chance node" },
	{ "roll_size", (PyCFunction)Game_roll_size, METH_O, "dice of the first roll an action makes" },
	{ "load", (PyCFunction)Game_load, METH_O, "load(faces): the next roll's faces" },
	{ "reset", (PyCFunction)Game_reset, METH_O, "reset(number): game number of the seed" },
	{ "to_move", (PyCFunction)Game_to_move, METH_NOARGS, "the seat to move, -1 once over" },
	{ "legal_count", (PyCFunction)Game_legal_count, METH_NOARGS, "how many legal actions" },
	{ "legal", (PyCFunction)Game_legal, METH_NOARGS, "the legal actions as JSON text" },
	{ "step", (PyCFunction)Game_step, METH_O, "step(id): the seat to move plays the legal action of that id" },
	{ "legal_ids", (PyCFunction)Game_legal_ids, METH_NOARGS, "the legal actions' ids, ascending" },
	{ "action_json", (PyCFunction)Game_action_json, METH_O, "action_json(id): its JSON text or None" },
	{ "action_id", (PyCFunction)Game_action_id, METH_O, "action_id(json): the id of an action" },
	{ "apply", (PyCFunction)Game_apply, METH_O, "apply(json): the seat to move plays this action" },
	{ "turn", (PyCFunction)Game_turn, METH_NOARGS, "the turn message of the seat to move, or None" },
	{ "view", (PyCFunction)Game_view, METH_O, "view(seat) as JSON text" },
	{ "observe", (PyCFunction)Game_observe, METH_VARARGS, "observe(seat, obs, mask)" },
	{ "sizes", (PyCFunction)Game_sizes, METH_NOARGS, "(observation size, action mask size)" },
	{ "rewards", (PyCFunction)Game_rewards, METH_NOARGS, "rewards of each seat" },
	{ "result", (PyCFunction)Game_result, METH_NOARGS, "(ranks, scores) once over, else None" },
	{ "clone", (PyCFunction)Game_clone, METH_NOARGS, "an independent copy" },
	{ "info", (PyCFunction)Game_info, METH_NOARGS, "the game's facts as JSON text" },
	{ "save_log", (PyCFunction)Game_save_log, METH_VARARGS, "save_log(path, names): an unsigned log" },
	{ NULL, NULL, 0, NULL },
};

static PyTypeObject GameType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "arena_env._core.Game",
	.tp_doc = "One game of the referee's rules, in process",
	.tp_basicsize = sizeof(GameObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_new = PyType_GenericNew,
	.tp_init = (initproc)Game_init,
	.tp_dealloc = (destructor)Game_dealloc,
	.tp_methods = Game_methods,
};

static PyMethodDef core_functions[] = {
	{ "mask_ids", mask_ids, METH_O, "mask_ids(mask): the indices of its nonzero bytes" },
	{ "mask_choice", (PyCFunction)(void (*)(void))mask_choice, METH_FASTCALL, "mask_choice(mask, draw): its set id of rank draw(count)" },
	{ "mask_sample", (PyCFunction)(void (*)(void))mask_sample, METH_FASTCALL, "mask_sample(mask, bits): gymnasium's sample(mask) of ours" },
	{ NULL, NULL, 0, NULL },
};

static struct PyModuleDef core_module = {
	PyModuleDef_HEAD_INIT, "arena_env._core",
	"The referee's rules library in process (see arena_env)", -1,
	core_functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void)
{
	PyObject *m;

	/* libsodium picks its fastest ChaCha20 and BLAKE2b for this CPU only
	 * here: without it every draw ran the portable code (the same words,
	 * slower) */
	if (sodium_init() < 0) {
		PyErr_SetString(PyExc_ImportError, "libsodium cannot start");
		return NULL;
	}
	if (PyType_Ready(&GameType) < 0 || PyType_Ready(&core_vector_type) < 0 ||
	    PyType_Ready(&core_values_type) < 0 || core_aec_ready() < 0)
		return NULL;
	m = PyModule_Create(&core_module);
	if (!m)
		return NULL;
	Py_INCREF(&GameType);
	Py_INCREF(&core_vector_type);
	Py_INCREF(&core_aec_type);
	Py_INCREF(&core_values_type);
	if (PyModule_AddObject(m, "Game", (PyObject *)&GameType) < 0 ||
	    PyModule_AddObject(m, "Vector", (PyObject *)&core_vector_type) < 0 ||
	    PyModule_AddObject(m, "Aec", (PyObject *)&core_aec_type) < 0 ||
	    PyModule_AddObject(m, "Values", (PyObject *)&core_values_type) < 0 ||
	    PyModule_AddIntConstant(m, "EXPLICIT_CHANCE", ENV_EXPLICIT_CHANCE) ||
	    PyModule_AddIntConstant(m, "FAST_DRAWS", ENV_FAST_DRAWS) ||
	    PyModule_AddIntConstant(m, "CHANCE_IDS", ENV_CHANCE_IDS)) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
