# The includes between modules, read off their sources: sourced by
# tests/e2e/no_include_cycles.sh (no circle of includes) and
# tests/e2e/layers.sh (no include upward between the layers of
# docs/HACKING.md).

# includes ROOT FOLDERS SEARCH: one line "MODULE HEADER-MODULE" for every
# header that a .c or .h file under the FOLDERS of ROOT includes (a list,
# "." for all of ROOT), each "#include" resolved as the compiler does:
# beside the file, else in the folders of SEARCH in turn (under ROOT).  A
# module is named by its path under ROOT without the suffix; a module's
# own header is left out, and so is a header found nowhere (the system's).
includes() {
	local root=$1 folders=$2 search=$3 file dir name target place
	(cd "$root" && find $folders -name '*.[ch]' | sed 's|^\./||' | sort) |
	while read -r file; do
		dir=$(dirname "$file")
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
			"$root/$file" |
		while read -r name; do
			target=
			for place in "$dir" $search; do
				if [ -f "$root/$place/$name" ]; then
					target=$place/$name
					break
				fi
			done
			target=${target#./}
			[ -n "$target" ] && [ "${target%.h}" != "${file%.[ch]}" ] &&
				echo "${file%.[ch]} ${target%.h}"
		done
	done | sort -u
}
