/**
 * What Refine imports as `pluralize` in the admin's build (scripts/dependency-swaps.ts). Refine makes
 * English plural and singular names of resource identifiers for the texts it writes when none is
 * given: the admin gives every one of them from its locales (the menu, the tags, the breadcrumbs,
 * the page titles, the buttons), so the inflection rules (2.4 kB gzip) would never show.
 */
const pluralize = (word: string): string => word;
pluralize.plural = pluralize;
pluralize.singular = pluralize;

export default pluralize;
