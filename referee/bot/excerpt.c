/*
 * The first and last lines of a bot's stderr, and advice from them; see
 * excerpt.h.
 */
#include "excerpt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/paths.h"
#include "base/util.h"
#include "base/visible.h"
#include "bot.h"
#include "stderr_read.h"

void excerpt_read(const char *path, bool sandboxed, struct excerpt *x)
{
	struct stderr_reader *r = path ? stderr_read_open(path, 0, -1, false) : NULL;
	struct stderr_line line;

	memset(x, 0, sizeof *x);
	stderr_kept_init(&x->lines, EXCERPT_HEAD, EXCERPT_TAIL);
	while (r && stderr_read_next(r, &line)) {
		if (line.kind == STDERR_GAME) {
			stderr_kept_clear(&x->lines);
			free(x->hint);
			x->hint = NULL;
		} else if (line.kind == STDERR_BOT) {
			if (sandboxed && !x->hint)
				x->hint = excerpt_hint(line.text);
			stderr_kept_add(&x->lines, 0, line.text);
		}
	}
	stderr_read_close(r);
}

const char *excerpt_first(const struct excerpt *x)
{
	return x->lines.heads ? x->lines.head[0].text : NULL;
}

bool excerpt_sandbox_failed(const struct excerpt *x)
{
	return x->lines.heads && !strncmp(x->lines.head[0].text, "bwrap: ", 7);
}

void excerpt_print(FILE *out, const struct excerpt *x, const char *indent)
{
	const struct stderr_kept *k = &x->lines;

	if (!k->heads)
		fprintf(out, "%s(it wrote nothing to stderr)\n", indent);
	for (int i = 0; i < k->heads; i++)
		visible_line(out, "%s| %s", indent, k->head[i].text);
	if (stderr_kept_left_out(k))
		fprintf(out, "%s| ... (%ld more lines)\n", indent, stderr_kept_left_out(k));
	for (int i = 0; i < stderr_kept_tail_count(k); i++)
		visible_line(out, "%s| %s", indent, stderr_kept_tail(k, i)->text);
	if (x->hint)
		visible_line(out, "%s%s", indent, x->hint);
}

void excerpt_free(struct excerpt *x)
{
	stderr_kept_free(&x->lines);
	free(x->hint);
	memset(x, 0, sizeof *x);
}

/*
 * Advice from a sandboxed bot's stderr (see excerpt.h): the errors of a
 * program that could not find a module, a package, a class or a file.  What the
 * bot could not find and the referee can is there but hidden by the
 * sandbox, which shows a bot only the system folders, its own folder, the
 * files its command names and the paths given as readable; a symlink out
 * of those (as `npm install FOLDER` makes in node_modules) leads nowhere.
 */

#define READABLE "--readable PATH (\"readable\" in a tournament file)"

/* The text after `prefix` in `line` up to the next `end` character (or
 * the end of the line), new; NULL when `prefix` is not there or the text
 * is empty. */
static char *after(const char *line, const char *prefix, const char *end)
{
	const char *p = strstr(line, prefix);
	size_t len;

	if (!p)
		return NULL;
	p += strlen(prefix);
	len = strcspn(p, end);
	return len ? strndup(p, len) : NULL;
}

/* `hint`, once `source` (what it was made from, new) is freed. */
static char *freeing(char *source, char *hint)
{
	free(source);
	return hint;
}

/* Advice for the absolute `path` the bot could not find; NULL when it is
 * not there for the referee either, or is in a system folder, which the
 * sandbox shows ("/usr/bin/bash: x.sh: No such file" names the program,
 * not what is missing). */
static char *hidden_path(const char *path)
{
	struct stat st;
	char *target, *hint;

	if (lstat(path, &st) || sandbox_is_system(path))
		return NULL;
	target = S_ISLNK(st.st_mode) ? realpath(path, NULL) : NULL;
	if (target)
		hint = xasprintf("%s is a symlink to %s, which the sandbox does not "
				 "show the bot: give %s with " READABLE, path,
				 target, target);
	else
		hint = xasprintf("%s is there, but the sandbox does not show it to "
				 "the bot: give it with " READABLE, path);
	free(target);
	return hint;
}

/* `name` in the node_modules folder of `importer`'s folder or the
 * nearest folder above it that has one there, new; NULL when none has. */
static char *find_package(const char *importer, const char *name)
{
	char *dir = path_parent(importer);
	struct stat st;

	while (dir[0] == '/') {
		char *modules = path_join(dir, "node_modules"), *found;
		bool last = !strcmp(dir, "/");

		found = path_join(modules, name);
		free(modules);
		if (!lstat(found, &st)) {
			free(dir);
			return found;
		}
		free(found);
		if (last)
			break;
		found = path_parent(dir);
		free(dir);
		dir = found;
	}
	free(dir);
	return NULL;
}

/* Node: "Cannot find package 'X' imported from FILE" (ES modules) or
 * "Cannot find module 'X'" (require). */
static char *node_hint(const char *line)
{
	char *name = after(line, "Cannot find package '", "'"), *importer, *found = NULL;
	char *hint = NULL, *target;
	struct stat st;

	if (!name)
		name = after(line, "Cannot find module '", "'");
	if (!name)
		return NULL;
	if (name[0] == '/')
		return freeing(name, hidden_path(name));
	importer = after(line, "' imported from ", "\r\n");
	if (importer && importer[0] == '/')
		found = find_package(importer, name);
	target = found && !lstat(found, &st) && S_ISLNK(st.st_mode)
		 ? realpath(found, NULL) : NULL;
	if (target)
		hint = xasprintf("%s is a symlink to %s, which the sandbox does not "
				 "show the bot (npm install FOLDER makes such a link): "
				 "install the package as a copy, npm install "
				 "--install-links %s, or give %s with " READABLE,
				 found, target, target, target);
	else if (found)
		hint = hidden_path(found);
	else
		hint = xasprintf("the bot imports the package '%s', which is not "
				 "installed in its folder: install it there (for a "
				 "package in a folder, npm install --install-links "
				 "FOLDER, a copy rather than a link the sandbox "
				 "hides)", name);
	free(target);
	free(found);
	free(importer);
	free(name);
	return hint;
}

/* Python's "ModuleNotFoundError: No module named 'X'", X the `name`. */
static char *python_hint(const char *name)
{
	return xasprintf(
		"Python cannot import '%s': the sandbox shows the bot only the "
		"system folders, its own folder, the files its command names and "
		"what is given as readable: if '%s' is installed in a virtual "
		"environment, run the bot with that environment's interpreter "
		"(\"VENV/bin/python bot.py\"), which brings its packages; if "
		"elsewhere (~/.local, an SDK's folder), give the folder that holds "
		"it with " READABLE, name, name);
}

/* Java's "Error: Could not find or load main class X", X the `name`.  A
 * class named on the command line is looked for in the bot's folder,
 * which is not the folder the referee was started in unless --workdir
 * says so. */
static char *java_hint(const char *name)
{
	return xasprintf(
		"Java cannot find the class '%s' in the bot's folder: that is "
		"--workdir DIR (\"workdir\" in a tournament file), else the folder "
		"of the file its command names, else of its program (java's own): "
		"give the folder of its classes as --workdir, or name its jar "
		"(java -jar FOLDER/bot.jar)", name);
}

/* A path relative to the bot's folder that climbs out of it
 * ("../shared/weights.txt"): nothing above its folder is in its sandbox. */
static char *climbing_hint(const char *line)
{
	for (const char *p = line; (p = strstr(p, "../")); p++) {
		char *path;

		if (p > line && !strchr(" '\"=:(`", p[-1]))
			continue;
		path = strndup(p, strcspn(p, " '\":,)`"));
		return freeing(path, xasprintf(
			"the bot opened %s, a path relative to its own folder that "
			"leads out of it: the sandbox shows the bot nothing of the "
			"folders above its own: give the file's folder with " READABLE
			" and open it by its absolute path, or put the file in the "
			"bot's folder", path));
	}
	return NULL;
}

/* Any program: a line that says a file was not found, naming an
 * absolute path that is there for the referee, or a relative one that
 * leads out of the bot's folder. */
static char *file_hint(const char *line)
{
	static const char *const missing[] = {
		"No such file", "ENOENT", "Unable to access", "can't open file",
		"cannot open", NULL,
	};
	bool said = false;

	for (const char *const *m = missing; *m && !said; m++)
		said = strstr(line, *m) != NULL;
	for (const char *p = line; said && (p = strchr(p, '/')); p++) {
		char *path, *hint;

		if (p > line && !strchr(" '\"=:(`", p[-1]))
			continue;
		path = strndup(p, strcspn(p, " '\":,)`"));
		hint = hidden_path(path);
		free(path);
		if (hint)
			return hint;
	}
	return said ? climbing_hint(line) : NULL;
}

char *excerpt_hint(const char *line)
{
	char *hint, *name;

	/* bubblewrap's own failure is the referee's to report. */
	if (!strncmp(line, "bwrap: ", 7))
		return NULL;
	if ((hint = node_hint(line)))
		return hint;
	if ((name = after(line, "ModuleNotFoundError: No module named '", "'.")))
		return freeing(name, python_hint(name));
	if ((name = after(line, "Could not find or load main class ", " \r\n")))
		return freeing(name, java_hint(name));
	return file_hint(line);
}
