/*
 * Explicit chance over the draws' source hook; see chance.h.
 */
#include "chance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

void arena_chance_script_init(struct chance_script *script,
			      const struct game_rules *rules)
{
	memset(script, 0, sizeof *script);
	script->dice_in_order = rules->dice_in_order;
}

/* The script's next value, or at the first draw past them the request
 * noted and random values from then on. */
static uint32_t script_source(void *ctx, const struct draw_record *draw,
			      int at, uint32_t m)
{
	struct chance_script *script = ctx;

	if (script->next < script->count)
		return (uint32_t)script->values[script->next++];
	if (!script->asked) {
		script->asked = true;
		script->request = (struct chance_request){
			.kind = draw->kind, .param = draw->param, .at = at };
	}
	return arena_draws_fast_uniform(&script->rest, m);
}

void arena_chance_trial(struct chance_script *script, struct draws *draws)
{
	static const unsigned char zeros[32];

	script->next = 0;
	script->asked = false;
	arena_draws_fast_seed(&script->rest, zeros);
	arena_draws_source(draws, script_source, script);
}

/* The multisets of n faces: the keep ids of n dice (games/dice.h, which
 * ranks them in the same order). */
static int multisets(int n)
{
	return arena_dice_keep_ids(n) - arena_dice_keep_ids(n - 1);
}

/* Whether the node deals a whole roll as its multiset. */
static bool whole_roll(const struct chance_script *script)
{
	return script->request.kind == DRAW_DICE && !script->dice_in_order;
}

int arena_chance_outcomes(const struct chance_script *script)
{
	const struct chance_request *r = &script->request;

	switch (r->kind) {
	case DRAW_DICE:
		return whole_roll(script) ? multisets((int)r->param)
					  : DICE_FACES;
	case DRAW_UNIFORM:
		return (int)r->param;
	case DRAW_SHUFFLE:
		return (int)r->param - r->at;
	}
	return 0;
}

/* The i-th multiset of n faces in the order of their sorted faces
 * (lexicographic: [1,1,1] first), ranked without listing the others. */
void arena_chance_faces(int n, int i, int *faces)
{
	int count[DICE_FACES + 1], p = 0;

	arena_dice_keep_count(arena_dice_keep_ids(n - 1) + i, count);
	for (int f = 1; f <= DICE_FACES; f++)
		for (int k = 0; k < count[f]; k++)
			faces[p++] = f;
}

double arena_chance_probability(const struct chance_script *script, int i)
{
	int n = (int)script->request.param, faces[DRAW_MAX_VALUES];
	int count[DICE_FACES + 1] = {0};
	double ways = 1, all = 1;

	if (!whole_roll(script))
		return 1.0 / arena_chance_outcomes(script);
	arena_chance_faces(n, i, faces);
	/* n! / (c1! ... c6!) ways of 6^n, both exact in a double */
	for (int p = 0; p < n; p++) {
		ways = ways * (p + 1) / ++count[faces[p]];
		all *= DICE_FACES;
	}
	return ways / all;
}

int arena_chance_choose(struct chance_script *script, int i)
{
	int n = whole_roll(script) ? (int)script->request.param : 1;
	int faces[DRAW_MAX_VALUES];

	if (i < 0 || i >= arena_chance_outcomes(script))
		return -1;
	if (script->count + n > CHANCE_MAX_VALUES) {
		fprintf(stderr, "arena: bug: a step draws more than %d values\n",
			CHANCE_MAX_VALUES);
		abort();
	}
	if (whole_roll(script)) {
		arena_chance_faces(n, i, faces);
		for (int p = 0; p < n; p++)
			script->values[script->count++] = faces[p] - 1;
	} else {
		script->values[script->count++] = i;
	}
	script->asked = false;
	return 0;
}

bool arena_chance_apply_move(const struct game_rules *rules,
			     const void *state, int move,
			     struct chance_script *script,
			     struct draws *draws, void *out)
{
	struct draws trial = *draws;

	memcpy(out, state, rules->state_size);
	arena_chance_trial(script, &trial);
	rules->apply_move(out, move, &trial);
	if (script->asked)
		return false;
	*draws = trial;
	return true;
}
