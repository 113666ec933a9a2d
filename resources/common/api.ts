/** API paths as this platform names them, written once for the admin and the server. */
import type { ResourceApi } from '../types';

/** The CRUD calls of an entity under one prefix: getList, getOne, add, update and delete (GET ?id=). */
export const crudApi = <E extends Partial<ResourceApi>>(prefix: string, extra?: E): ResourceApi & E => ({
  list: `${prefix}/getList`,
  one: `${prefix}/getOne`,
  create: `${prefix}/add`,
  update: `${prefix}/update`,
  delete: `${prefix}/delete`,
  deleteMethod: 'GET',
  ...(extra as E),
});
