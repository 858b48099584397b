/*
 * The draw API of draws.h: dice, uniform values and shuffles, each a table
 * draw numbered d or a seat draw addressed by seat, turn and roll, read
 * from its own word stream (fair.c) under the match key with the
 * algorithms of docs/FAIRNESS.md.  Every draw is described in a
 * draw_record and handed to the observer, which logs it (match) or
 * compares it with the log (verify).  Out-of-range arguments are bugs in
 * a game, so they abort with a message rather than return an error.
 */
#include "draws.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fair.h"

static void __attribute__((format(printf, 1, 2), noreturn))
bad_argument(const char *fmt, ...)
{
	va_list ap;

	fputs("referee: bug: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void arena_draws_init(struct draws *draws, const unsigned char key[32],
		draw_observer observer, void *observer_ctx)
{
	*draws = (struct draws){.turn_seat = -1, .first_seat = -1,
				.observer = observer,
				.observer_ctx = observer_ctx};
	memcpy(draws->key, key, sizeof draws->key);
}

void arena_draws_source(struct draws *draws, draw_source source, void *ctx)
{
	draws->source = source;
	draws->source_ctx = ctx;
}

/* Value `at` of the draw begun in record, in [0, m): from the source
 * when there is one, else from the draw's word stream. */
static uint32_t draw_value(const struct draws *draws,
			   const struct draw_record *record,
			   struct fair_words *words, int at, uint32_t m)
{
	if (draws->source)
		return draws->source(draws->source_ctx, record, at, m);
	return arena_fair_words_uniform(words, m);
}

void arena_draws_by_seat(struct draws *draws)
{
	draws->by_seat = true;
}

bool arena_draws_in_set(const struct draws *draws)
{
	return draws->by_seat;
}

void arena_draws_turn(struct draws *draws, int seat)
{
	if (seat < 0 || seat >= DRAW_MAX_SEATS)
		bad_argument("arena_draws_turn: seat %d, expected 0..%d", seat,
			     DRAW_MAX_SEATS - 1);
	draws->turn_seat = seat;
	if (draws->first_seat < 0)
		draws->first_seat = seat;
	draws->turns[seat]++;
	draws->next_roll = 0;
}

/* Starts the next table draw: its record and its word stream. */
static void draw_begin(struct draws *draws, struct draw_record *record,
		       struct fair_words *words, enum draw_kind kind,
		       uint32_t param)
{
	memset(record, 0, sizeof *record);
	record->index = draws->next_index++;
	record->kind = kind;
	record->param = param;
	arena_fair_words_init(words, draws->key, record->index);
}

/*
 * The place of a draw's address in the order of docs/FAIRNESS.md item 8,
 * plus one: table draws by d, then seat draws by (t, the seat's place in
 * the order of play from the seat that began the first turn, j).  Play
 * goes round the seats in their order, so within a game the places only
 * grow.  Bits: table draws below 2^63; a seat draw has bit 63, t in bits
 * 40-62, the place in bits 32-39 and j below.
 */
uint64_t arena_draws_order(const struct draw_record *record, int first_seat)
{
	uint64_t place;

	if (!record->by_seat)
		return record->index + 1;
	place = (uint64_t)((int)record->seat - first_seat + DRAW_MAX_SEATS) %
		DRAW_MAX_SEATS;
	return ((uint64_t)1 << 63 | (uint64_t)record->turn << 40 | place << 32 |
		record->roll) + 1;
}

size_t arena_draws_out_of_step(const uint64_t *orders, size_t count)
{
	for (size_t i = 1; i < count; i++)
		if (orders[i] < orders[i - 1])
			return i;
	return count;
}

static void draw_end(struct draws *draws, const struct draw_record *record)
{
	draws->reached = arena_draws_order(record, draws->first_seat);
	if (draws->observer)
		draws->observer(draws->observer_ctx, record);
}

static void check_dice(const char *function, int count)
{
	if (count < 1 || count > DRAW_MAX_VALUES)
		bad_argument("%s: %d dice, expected 1..%d", function, count,
			     DRAW_MAX_VALUES);
}

/* Rolls the dice of a begun draw and ends it.  Whether a source gives
 * the values is asked once a roll, not once a die. */
static void dice_roll(struct draws *draws, struct draw_record *record,
		      struct fair_words *words, int count, int *faces)
{
	record->count = count;
	if (draws->source)
		for (int i = 0; i < count; i++)
			record->values[i] = 1 + (int)draw_value(draws, record,
								words, i, 6);
	else
		arena_fair_words_dice(words, count, record->values);
	memcpy(faces, record->values, (size_t)count * sizeof *faces);
	draw_end(draws, record);
}

void arena_draws_dice(struct draws *draws, int count, int *faces)
{
	struct draw_record record;
	struct fair_words words;

	check_dice("arena_draws_dice", count);
	draw_begin(draws, &record, &words, DRAW_DICE, (uint32_t)count);
	dice_roll(draws, &record, &words, count, faces);
}

/* A seat draws only in its own turn. */
static void check_turn(const char *function, const struct draws *draws,
		       int seat)
{
	if (seat != draws->turn_seat || seat < 0)
		bad_argument("%s: a draw of seat %d in the turn of seat %d",
			     function, seat, draws->turn_seat);
}

/* Starts the seat's next draw of its turn: its record and word stream. */
static void seat_draw_begin(struct draws *draws, struct draw_record *record,
			    struct fair_words *words, int seat,
			    enum draw_kind kind, uint32_t param)
{
	memset(record, 0, sizeof *record);
	record->by_seat = true;
	record->seat = (uint32_t)seat;
	record->turn = draws->turns[seat] - 1;
	record->roll = draws->next_roll++;
	record->kind = kind;
	record->param = param;
	arena_fair_seat_words_init(words, draws->key, record->seat,
				   record->turn, record->roll);
}

/* The turn is checked outside a set too, so that every game's ordinary
 * play proves the rules announce each turn before its rolls. */
void arena_draws_seat_dice(struct draws *draws, int seat, int count,
			   int *faces)
{
	struct draw_record record;
	struct fair_words words;

	check_turn("arena_draws_seat_dice", draws, seat);
	check_dice("arena_draws_seat_dice", count);
	if (!draws->by_seat) {
		arena_draws_dice(draws, count, faces);
		return;
	}
	seat_draw_begin(draws, &record, &words, seat, DRAW_DICE, (uint32_t)count);
	dice_roll(draws, &record, &words, count, faces);
}

static void check_uniform(const char *function, uint32_t m)
{
	if (m < 1 || m > (uint32_t)1 << 31)
		bad_argument("%s: m = %lu, expected 1..2^31", function,
			     (unsigned long)m);
}

/* Draws the value of a begun uniform draw and ends it. */
static uint32_t uniform_value(struct draws *draws, struct draw_record *record,
			      struct fair_words *words, uint32_t m)
{
	uint32_t value = draw_value(draws, record, words, 0, m);

	record->count = 1;
	record->values[0] = (int)value;
	draw_end(draws, record);
	return value;
}

uint32_t arena_draws_uniform(struct draws *draws, uint32_t m)
{
	struct draw_record record;
	struct fair_words words;

	check_uniform("arena_draws_uniform", m);
	draw_begin(draws, &record, &words, DRAW_UNIFORM, m);
	return uniform_value(draws, &record, &words, m);
}

uint32_t arena_draws_seat_uniform(struct draws *draws, int seat, uint32_t m)
{
	struct draw_record record;
	struct fair_words words;

	check_turn("arena_draws_seat_uniform", draws, seat);
	check_uniform("arena_draws_seat_uniform", m);
	if (!draws->by_seat)
		return arena_draws_uniform(draws, m);
	seat_draw_begin(draws, &record, &words, seat, DRAW_UNIFORM, m);
	return uniform_value(draws, &record, &words, m);
}

/* Fisher-Yates from the bottom of the deck up; deck[0] is the top card. */
void arena_draws_shuffle(struct draws *draws, int cards, int *deck)
{
	struct draw_record record;
	struct fair_words words;

	if (cards < 2 || cards > DRAW_MAX_VALUES)
		bad_argument("arena_draws_shuffle: %d cards, expected 2..%d", cards,
			     DRAW_MAX_VALUES);
	draw_begin(draws, &record, &words, DRAW_SHUFFLE, (uint32_t)cards);
	record.count = cards;
	for (int i = 0; i < cards; i++)
		record.values[i] = i;
	for (int j = cards - 1; j >= 1; j--) {
		int k = (int)draw_value(draws, &record, &words,
					cards - 1 - j, (uint32_t)j + 1);
		int card = record.values[j];

		record.values[j] = record.values[k];
		record.values[k] = card;
	}
	memcpy(deck, record.values, (size_t)cards * sizeof *deck);
	draw_end(draws, &record);
}
