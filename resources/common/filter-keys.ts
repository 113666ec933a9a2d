/** A list filter's query names, free of zod: the filter form (src) and the server's query (list-query.ts, server/crud) read the same. */
import type { FieldDeclaration } from '../types';

/** The query name of a field's filter (`role` is filtered as `access` on the account list). */
export const filterKey = (field: FieldDeclaration): string => field.filterName ?? field.name;

/** The query names of a range filter's start and end. */
export const rangeKeys = (field: FieldDeclaration): readonly [string, string] => field.rangeNames ?? ['startTime', 'endTime'];
