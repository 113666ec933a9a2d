/**
 * The resource declaration (DESIGN section 3). Pure data: no React here, so the server can import
 * the same fields and schemas. Screens in src/components render any resource from its declaration.
 */
import type { ComponentType } from 'react';
import type { z } from 'zod';

/** A lazily loaded custom screen (dashboard, charts, batch export...): the exception, not the rule. */
export type ScreenLoader = () => Promise<{ default: ComponentType<any> }>;

/** The API of one resource, relative to /v1.0. */
export interface ResourceApi {
  list?: string;
  /** Page-size parameter name: the spec uses pageNum for some lists. */
  pageSizeParam?: 'pageSize' | 'pageNum';
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
  deleteMethod?: 'GET' | 'POST';
  /** Name of the id parameter (default `id`). */
  idParam?: string;
  /** Order lists hide status 10 unless "show all" is on. */
  orderList?: boolean;
}

export type FieldType = 'text' | 'money' | 'usdt' | 'rate' | 'datetime' | 'enum' | 'boolean' | 'image' | 'secret' | 'number';

export interface FieldDeclaration {
  name: string;
  type: FieldType;
  /** i18n key of the label; defaults to `fields.<name>`. */
  label?: string;
  /** For enums: fixed options (value -> i18n key) or an option source name. */
  options?: { value: string | number; label: string }[] | string;
  list?: boolean;
  filter?: boolean | 'range';
  show?: boolean;
  edit?: boolean;
  create?: boolean;
  required?: boolean;
}

export interface RowAction {
  name: string;
  /** The ability action checked before showing it. */
  ability: string;
  /** API path (POST) the action calls with the row id (and inputs). */
  call: string;
  confirm?: boolean;
  reason?: boolean;
  googleCode?: boolean;
  /** Row field sent as the id parameter (default `id`). */
  idField?: string;
}

export interface ResourceDeclaration {
  /** Refine resource identifier, also the ability subject. */
  name: string;
  /** Menu group (parent resource name). */
  parent?: string;
  /** Route paths of spec section 2. */
  routes: { list?: string; create?: string; edit?: string; show?: string };
  /** Icon name from src/shell/icons.ts. */
  icon?: string;
  /** i18n key of the title; defaults to `resources.<name>`. */
  title?: string;
  api: ResourceApi;
  fields?: FieldDeclaration[];
  /** Validation schema shared by form and server. */
  schema?: z.ZodType;
  actions?: RowAction[];
  /** Same declaration under other identifiers (customer-service, read-only variants). */
  variants?: { name: string; routes: ResourceDeclaration['routes'] }[];
  hideFromMenu?: boolean;
  /** Custom screens replacing the generic ones, each with a comment saying why it is custom. */
  screens?: Partial<Record<'list' | 'create' | 'edit' | 'show', ScreenLoader>>;
}

/** A menu group of spec section 2 (no screen of its own). */
export interface GroupDeclaration {
  name: string;
  icon: string;
  parent?: string;
}
