/*
 * The table of game families; see replay_family.h.
 */
#include "replay_family.h"

static const struct replay_family families[] = {
	[GAME_FAMILY_DICE] = {"dice", replay_describe_dice, NULL},
	[GAME_FAMILY_ROLIT] = {"rolit", replay_describe_rolit, NULL},
	[GAME_FAMILY_BLACK_POT] = {"black-pot", replay_describe_black_pot,
				   replay_fixed_black_pot},
};

const struct replay_family *replay_family(const struct game_rules *rules)
{
	return &families[rules->family];
}
