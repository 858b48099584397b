/*
 * The size of the err buffer into which every function of the rules
 * library writes a refusal (game.h's convention), on its own so that the
 * rules' JSON-free files (dice_score.c, rolit_board.c, black_pot_moves.c
 * and support.c) build without cJSON, as the JavaScript SDK's WebAssembly
 * build of them does (sdk/js/rules_wasm.c).
 */
#ifndef ARENA_GAME_ERR_H
#define ARENA_GAME_ERR_H

/* Bytes of the err buffer the rules' functions write a refusal into. */
#define GAME_ERR_LEN 512

#endif
