/**
 * What Refine imports as `qs` in the admin's build (scripts/dependency-swaps.ts): qs-esm, a fork of
 * qs with the same parse and stringify, without the polyfill packages qs pulls in.
 */
import { parse, stringify } from 'qs-esm';

export default { parse, stringify };
