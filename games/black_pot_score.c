/*
 * Black-Pot's scoring of a line (docs/games/black-pot.md rules 5.2 and
 * 5.5): the kinds of cells by their number and the points of five pawns
 * in a line.  Pure and JSON-free, shared by the rules (black_pot.c), the
 * SDKs and the JavaScript SDK's WebAssembly build of the rules
 * (sdk/js/rules_wasm.c).
 */
#include "black_pot.h"

enum black_pot_kind arena_black_pot_kind(int number)
{
	switch (number) {
	case 13: case 14: case 17: case 19: case 21: case 22: case 23:
		return BLACK_POT_POT;
	default:
		return number <= 6 ? BLACK_POT_CITRON : BLACK_POT_CERISE;
	}
}

const char *arena_black_pot_kind_name(enum black_pot_kind kind)
{
	static const char *const names[] = {
		[BLACK_POT_CITRON] = "citron",
		[BLACK_POT_CERISE] = "cerise",
		[BLACK_POT_POT] = "black-pot",
	};

	return names[kind];
}

int arena_black_pot_line_points(const int numbers[BLACK_POT_LINE])
{
	int count[BLACK_POT_POT + 1] = {0};

	for (int i = 0; i < BLACK_POT_LINE; i++)
		count[arena_black_pot_kind(numbers[i])]++;
	if (count[BLACK_POT_POT] >= 4)
		return 400;
	if (count[BLACK_POT_POT] == 3)
		return 250;
	if (count[BLACK_POT_POT] == 2 || count[BLACK_POT_CERISE] == BLACK_POT_LINE)
		return 100;
	return count[BLACK_POT_CITRON] == BLACK_POT_LINE ? 50 : 30;
}
