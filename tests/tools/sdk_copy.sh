# Copies of the SDKs' sources for the scripts that install them as a
# user would (sdk_install.sh, upload_recipes.sh; sourced after lib.sh):
# pip and npm build in the folder they install from, so each installs
# from a copy and the source tree is left as it was.

# sdk_python_copy DIR: DIR/sdk/python and what its extensions compile
# (the rules library, the values library with the tables the build solved
# and the C SDK's game helpers, beside it as in the source tree), without
# a build's leftovers.
sdk_python_copy() {
	mkdir -p "$1/sdk/c" "$1/referee/base" "$1/values"
	cp -r "$top_srcdir/sdk/python" "$1/sdk/python"
	cp "$top_srcdir"/sdk/c/arena_games.[ch] "$1/sdk/c/"
	cp -r "$top_srcdir/games" "$1/games"
	cp "$top_srcdir"/referee/base/*.[ch] "$1/referee/base/"
	cp "$top_srcdir"/values/*.[ch] "$1/values/"
	[ -f "$1/values/values_tables.c" ] || cp "$top_builddir/values/values_tables.c" "$1/values/"
	rm -rf "$1/sdk/python/build" "$1/sdk/python/arena_env/"_core*.so \
		"$1/sdk/python/arena_bot/"_rules*.so
}

# sdk_js_copy DIR: sdk/js as DIR, with its rules' WebAssembly (built
# beside arena_bot.mjs, in the build tree when it is another folder).
sdk_js_copy() {
	cp -r "$top_srcdir/sdk/js" "$1"
	[ -f "$1/arena_rules.wasm" ] || cp "$top_builddir/sdk/js/arena_rules.wasm" "$1/"
}
