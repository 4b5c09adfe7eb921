/**
 * The seed a run's randomness is drawn from (lib/random/seeded-random.ts reads it as a 32-bit
 * unsigned integer). Lesson 1's retrying sender and lesson 5's storm take one as an input; this
 * is the bound both inputs and their links accept.
 */

/** Seeds of the jitter a retrying sender draws (any 32-bit unsigned integer). */
export const maxSeed = 4_294_967_295;
