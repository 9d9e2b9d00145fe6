/**
 * The longest name (asset, group, digital-human caption) the local server stores: its own bound,
 * not the specification's, which sets none (issue 44). Names come back in every list entry, so a
 * page of 100 stays well under a megabyte; generous enough that no real name meets it. The
 * dashboard never checks it (README, "This server's own bounds").
 */
export const NAME_MAX = 1_000;
