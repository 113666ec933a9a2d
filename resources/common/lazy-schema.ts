/**
 * A row action's schema loaded when its dialog opens (resources/types.ts RowAction.schema): a
 * declaration whose module needs zod only for its actions' dialogs (the collection orders') keeps
 * zod out of its list's route this way. The module holding the schemas is also the server's.
 */
import type { z } from 'zod';

export type SchemaLoader = () => Promise<z.ZodObject>;

/** The names of a module's exports that are object schemas. */
type SchemaNames<M> = { [K in keyof M]: M[K] extends z.ZodObject ? K : never }[keyof M];

/** `schema: schemaIn(rules, 'supplementBody')`, where `rules = () => import('./action-rules')`. */
export const schemaIn =
  <M>(load: () => Promise<M>, name: SchemaNames<M>): SchemaLoader =>
  () =>
    load().then((m) => m[name] as z.ZodObject);

/** The schema itself, or the one its loader brings. */
export const schemaOf = (schema: z.ZodObject | SchemaLoader): Promise<z.ZodObject> => (typeof schema === 'function' ? schema() : Promise.resolve(schema));
