/*
 * arena_bot._rules: the C SDK's game helpers (sdk/c/arena_games.c, on the
 * referee's rules library games/) for arena_bot.games, with the Python C
 * API alone.  Each function takes plain Python values (lists of ints,
 * strings), fills the C SDK's structures, calls it and hands its answer
 * back as lists and tuples; a bad argument is None or -1 as the C SDK
 * says it (games.py turns that into its ValueError), except an expression
 * the referee refuses, which raises ValueError with the referee's message.
 * No rule is here: this file only converts.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "arena_games.h"

/* Up to `room` ints of a Python sequence into out: how many, or -1 (with
 * an exception set) when it is not a sequence of ints or is longer. */
static int ints_read(PyObject *seq, int *out, int room)
{
	PyObject *fast = PySequence_Fast(seq, "expected a list of integers");
	Py_ssize_t n;

	if (!fast)
		return -1;
	n = PySequence_Fast_GET_SIZE(fast);
	for (Py_ssize_t i = 0; i < n && i < room; i++) {
		long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));

		if (v == -1 && PyErr_Occurred()) {
			Py_DECREF(fast);
			return -1;
		}
		out[i] = v < -1000 ? -1000 : v > 1000 ? 1000 : (int)v;
	}
	Py_DECREF(fast);
	if (n > room) {
		PyErr_Format(PyExc_ValueError, "more than %d numbers", room);
		return -1;
	}
	return (int)n;
}

/* A list of n ints. */
static PyObject *ints_list(const int *v, int n)
{
	PyObject *list = PyList_New(n);

	for (int i = 0; list && i < n; i++)
		PyList_SET_ITEM(list, i, PyLong_FromLong(v[i]));
	return list;
}

/* A list of n C strings, `stride` bytes apart. */
static PyObject *texts_list(const char *first, size_t stride, int n)
{
	PyObject *list = PyList_New(n);

	for (int i = 0; list && i < n; i++)
		PyList_SET_ITEM(list, i,
				PyUnicode_FromString(first + (size_t)i * stride));
	return list;
}

static int variant_read(const char *name, enum arena_dice_variant *v)
{
	if (arena_dice_variant_parse(name, v) == 0)
		return 0;
	PyErr_Format(PyExc_ValueError, "no dice game \"%s\"", name);
	return -1;
}

/* dice_value(variant, faces) -> points, or -1 when some die scores
 * nothing. */
static PyObject *rules_dice_value(PyObject *self, PyObject *args)
{
	const char *name;
	PyObject *seq;
	int faces[ARENA_DICE_MAX], n;
	enum arena_dice_variant v;

	(void)self;
	if (!PyArg_ParseTuple(args, "sO", &name, &seq) ||
	    variant_read(name, &v) < 0 ||
	    (n = ints_read(seq, faces, ARENA_DICE_MAX)) < 0)
		return NULL;
	return PyLong_FromLong(arena_dice_value(v, faces, n));
}

/* dice_keeps(variant, roll) -> [(faces, points)], or None for a bad
 * roll. */
static PyObject *rules_dice_keeps(PyObject *self, PyObject *args)
{
	static struct arena_keep keeps[ARENA_KEEPS_MAX];
	const char *name;
	PyObject *seq, *list;
	int roll[ARENA_DICE_MAX], n;
	enum arena_dice_variant v;

	(void)self;
	if (!PyArg_ParseTuple(args, "sO", &name, &seq) ||
	    variant_read(name, &v) < 0 ||
	    (n = ints_read(seq, roll, ARENA_DICE_MAX)) < 0)
		return NULL;
	n = arena_dice_keeps(v, roll, n, keeps, ARENA_KEEPS_MAX);
	if (n < 0)
		Py_RETURN_NONE;
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++)
		PyList_SET_ITEM(list, i,
				Py_BuildValue("(Nl)", ints_list(keeps[i].faces,
								keeps[i].count),
					      keeps[i].points));
	return list;
}

/* bolo5_may_bank(roll, keep) -> 1, 0, or -1 when keep is not part of
 * roll. */
static PyObject *rules_bolo5_may_bank(PyObject *self, PyObject *args)
{
	PyObject *a, *b;
	int roll[ARENA_DICE_MAX], keep[ARENA_DICE_MAX], n, k;

	(void)self;
	if (!PyArg_ParseTuple(args, "OO", &a, &b) ||
	    (n = ints_read(a, roll, ARENA_DICE_MAX)) < 0 ||
	    (k = ints_read(b, keep, ARENA_DICE_MAX)) < 0)
		return NULL;
	return PyLong_FromLong(arena_bolo5_may_bank(roll, n, keep, k));
}

/* A Rolit board (a list of row strings) into r; -1 with ValueError. */
static int rolit_board_read(PyObject *board, struct arena_rolit *r)
{
	PyObject *fast = PySequence_Fast(board, "a board is a list of rows");
	Py_ssize_t n = fast ? PySequence_Fast_GET_SIZE(fast) : 0;
	int ok = n >= 1 && n <= ARENA_ROLIT_MAX;

	memset(r, 0, sizeof *r);
	r->size = (int)n;
	for (Py_ssize_t i = 0; ok && i < n; i++) {
		PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
		const char *row = PyUnicode_Check(item) ?
					  PyUnicode_AsUTF8(item) : NULL;

		ok = row && strlen(row) == (size_t)n;
		if (ok)
			memcpy(r->board[i], row, (size_t)n + 1);
	}
	Py_XDECREF(fast);
	PyErr_Clear();
	if (!ok)
		PyErr_SetString(PyExc_ValueError,
				"a Rolit board is a list of 4, 6 or 8 rows, "
				"each as many of R, Y, G, B or .");
	return ok ? 0 : -1;
}

/* rolit_captures(board, square, letter) -> [squares], or None. */
static PyObject *rules_rolit_captures(PyObject *self, PyObject *args)
{
	char out[ARENA_ROLIT_MAX * ARENA_ROLIT_MAX][3];
	struct arena_rolit r;
	const char *square;
	PyObject *board;
	int letter, n;

	(void)self;
	if (!PyArg_ParseTuple(args, "OsC", &board, &square, &letter) ||
	    rolit_board_read(board, &r) < 0)
		return NULL;
	n = arena_rolit_captures(&r, square, (char)letter, out,
				 ARENA_ROLIT_MAX * ARENA_ROLIT_MAX);
	if (n < 0)
		Py_RETURN_NONE;
	return texts_list(out[0], sizeof out[0], n);
}

/* rolit_legal(board, letter) -> [squares], or None. */
static PyObject *rules_rolit_legal(PyObject *self, PyObject *args)
{
	char out[ARENA_ROLIT_MAX * ARENA_ROLIT_MAX][3];
	struct arena_rolit r;
	PyObject *board;
	int letter, n;

	(void)self;
	if (!PyArg_ParseTuple(args, "OC", &board, &letter) ||
	    rolit_board_read(board, &r) < 0)
		return NULL;
	n = arena_rolit_legal(&r, (char)letter, out,
			      ARENA_ROLIT_MAX * ARENA_ROLIT_MAX);
	if (n < 0)
		Py_RETURN_NONE;
	return texts_list(out[0], sizeof out[0], n);
}

/* black_pot_kind(number) -> name, or None. */
static PyObject *rules_black_pot_kind(PyObject *self, PyObject *args)
{
	const char *kind;
	long number;

	(void)self;
	if (!PyArg_ParseTuple(args, "l", &number))
		return NULL;
	kind = arena_black_pot_cell_kind(number);
	if (!kind)
		Py_RETURN_NONE;
	return PyUnicode_FromString(kind);
}

/* black_pot_values(dice) -> [(value, expr)], or None. */
static PyObject *rules_black_pot_values(PyObject *self, PyObject *args)
{
	struct arena_black_pot_value out[ARENA_BLACK_POT_VALUES_MAX];
	PyObject *seq, *list;
	int dice[3], n;

	(void)self;
	if (!PyArg_ParseTuple(args, "O", &seq))
		return NULL;
	n = ints_read(seq, dice, 3);
	PyErr_Clear();
	if (n < 0 || (n = arena_black_pot_dice_values(
			      dice, n, out, ARENA_BLACK_POT_VALUES_MAX)) < 0)
		Py_RETURN_NONE;
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++)
		PyList_SET_ITEM(list, i,
				Py_BuildValue("(is)", out[i].value, out[i].expr));
	return list;
}

/* black_pot_expressions(roll) -> [(expr, values)], or None. */
static PyObject *rules_black_pot_expressions(PyObject *self, PyObject *args)
{
	static struct arena_black_pot_expression
		out[ARENA_BLACK_POT_EXPRESSIONS_MAX];
	PyObject *seq, *list;
	int roll[3], n;

	(void)self;
	if (!PyArg_ParseTuple(args, "O", &seq))
		return NULL;
	n = ints_read(seq, roll, 3);
	PyErr_Clear();
	if (n != 3 || (n = arena_black_pot_roll_expressions(
			       roll, out, ARENA_BLACK_POT_EXPRESSIONS_MAX)) < 0)
		Py_RETURN_NONE;
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++)
		PyList_SET_ITEM(list, i,
				Py_BuildValue("(sN)", out[i].expr,
					      ints_list(out[i].values,
							out[i].groups)));
	return list;
}

/* The view's "numbers" (11 lists of 11 ints) and "board" (11 strings)
 * into b; -1 with ValueError. */
static int black_pot_board_read(PyObject *numbers, PyObject *board,
				struct arena_black_pot *b)
{
	PyObject *rows = PySequence_Fast(numbers, "numbers is a list of rows");
	PyObject *lines = rows ? PySequence_Fast(board, "board is a list of "
						 "rows") : NULL;
	int ok = lines && PySequence_Fast_GET_SIZE(rows) == ARENA_BLACK_POT_SIDE &&
		 PySequence_Fast_GET_SIZE(lines) == ARENA_BLACK_POT_SIDE;

	for (int r = 0; ok && r < ARENA_BLACK_POT_SIDE; r++) {
		PyObject *line = PySequence_Fast_GET_ITEM(lines, r);
		const char *text = PyUnicode_Check(line) ?
					   PyUnicode_AsUTF8(line) : NULL;

		ok = ints_read(PySequence_Fast_GET_ITEM(rows, r),
			       b->numbers[r], ARENA_BLACK_POT_SIDE) ==
			     ARENA_BLACK_POT_SIDE &&
		     text && strlen(text) == ARENA_BLACK_POT_SIDE;
		if (ok)
			memcpy(b->board[r], text, ARENA_BLACK_POT_SIDE + 1);
	}
	Py_XDECREF(rows);
	Py_XDECREF(lines);
	PyErr_Clear();
	if (!ok)
		PyErr_SetString(PyExc_ValueError,
				"a Black-Pot view has \"numbers\" and \"board\" "
				"of 11 rows of 11 cells");
	return ok ? 0 : -1;
}

/* black_pot_legal(numbers, board, roll, pawns) -> [(expr, cells)], or
 * None for a bad roll. */
static PyObject *rules_black_pot_legal(PyObject *self, PyObject *args)
{
	static struct arena_black_pot_move out[ARENA_BLACK_POT_MOVES_MAX];
	static struct arena_black_pot b;
	PyObject *numbers, *board, *roll, *list;
	int pawns, n;

	(void)self;
	memset(&b, 0, sizeof b);
	if (!PyArg_ParseTuple(args, "OOOi", &numbers, &board, &roll, &pawns) ||
	    black_pot_board_read(numbers, board, &b) < 0)
		return NULL;
	n = ints_read(roll, b.roll, 3);
	PyErr_Clear();
	if (n != 3 || (n = arena_black_pot_legal(&b, pawns < 0 ? 0 : pawns,
						 out,
						 ARENA_BLACK_POT_MOVES_MAX)) < 0)
		Py_RETURN_NONE;
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++)
		PyList_SET_ITEM(list, i,
				Py_BuildValue("(sN)", out[i].expr,
					      texts_list(out[i].cells[0],
							 sizeof out[i].cells[0],
							 out[i].count)));
	return list;
}

/* black_pot_evaluate(expr, roll) -> [values]; ValueError with the
 * referee's message when it refuses the expression. */
static PyObject *rules_black_pot_evaluate(PyObject *self, PyObject *args)
{
	const char *expr;
	PyObject *seq, *why;
	int roll[3] = { 0, 0, 0 }, values[3], n;
	char err[256];

	(void)self;
	if (!PyArg_ParseTuple(args, "sO", &expr, &seq))
		return NULL;
	n = ints_read(seq, roll, 3);
	PyErr_Clear();
	if (n != 3)
		roll[0] = 0;	/* the C SDK says the roll is wrong */
	n = arena_black_pot_evaluate(expr, roll, values, 3, err, sizeof err);
	if (n >= 0)
		return ints_list(values, n);
	/* The message quotes the expression, which may be any bytes. */
	why = PyUnicode_DecodeUTF8(err, (Py_ssize_t)strlen(err), "replace");
	if (why) {
		PyErr_SetObject(PyExc_ValueError, why);
		Py_DECREF(why);
	}
	return NULL;
}

static PyMethodDef rules_methods[] = {
	{ "dice_value", rules_dice_value, METH_VARARGS, NULL },
	{ "dice_keeps", rules_dice_keeps, METH_VARARGS, NULL },
	{ "bolo5_may_bank", rules_bolo5_may_bank, METH_VARARGS, NULL },
	{ "rolit_captures", rules_rolit_captures, METH_VARARGS, NULL },
	{ "rolit_legal", rules_rolit_legal, METH_VARARGS, NULL },
	{ "black_pot_kind", rules_black_pot_kind, METH_VARARGS, NULL },
	{ "black_pot_values", rules_black_pot_values, METH_VARARGS, NULL },
	{ "black_pot_expressions", rules_black_pot_expressions, METH_VARARGS,
	  NULL },
	{ "black_pot_legal", rules_black_pot_legal, METH_VARARGS, NULL },
	{ "black_pot_evaluate", rules_black_pot_evaluate, METH_VARARGS, NULL },
	{ NULL, NULL, 0, NULL },
};

static struct PyModuleDef rules_module = {
	PyModuleDef_HEAD_INIT, "arena_bot._rules",
	"The referee's rules for arena_bot.games (sdk/c/arena_games.h).", -1,
	rules_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__rules(void)
{
	return PyModule_Create(&rules_module);
}
