/**
 * The resource declaration: each entity is declared once, not built page by page. Pure data: no
 * React here, so the server can import the same fields and schemas. Screens in src/components
 * render any resource from its declaration.
 */
import type { z } from 'zod';
import type { NormalizeRule } from './common/normalize';
import type { SchemaLoader } from './common/lazy-schema';

/**
 * A custom screen (dashboard, charts, batch export...), the exception rather than the rule, named
 * here and loaded lazily by src/screens.ts, so declarations never import React.
 */
export type ScreenName = 'HomePage' | 'MessagesPage' | 'ErrorLogPage' | 'ProfilePage' | 'AccountShow' | 'OnlineUsersPage' | 'OrderProfilePage' | 'OrderTestPage' | 'OrderTestAdminPage' | 'OrderListPage' | 'OrderShow' | 'PayoutBatchListPage' | 'PayoutBatchShowPage' | 'StatisticsPage' | 'MonitorLogPage'
  // system config
  | 'SystemConfigPage'
  | 'SystemMaintenancePage'
  // versioned scripts (code editor, versions, diff) and the entity data view
  | 'ScriptShow'
  | 'EntityViewPage';

/**
 * The API of one resource, relative to /v1.0: written once here, called by the admin and served by
 * the server (server/crud builds the CRUD routes from these paths).
 */
export interface ResourceApi {
  list?: string;
  /** The list call's method: online sessions are listed with POST. Default GET. */
  listMethod?: 'GET' | 'POST';
  /** Page-size parameter name: some lists are paged with pageNum. */
  pageSizeParam?: 'pageSize' | 'pageNum';
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
  deleteMethod?: 'GET' | 'POST';
  /** Undoes a soft delete (POST with the id, or with `restoreSchema`'s fields). */
  restore?: string;
  /** Name of the id parameter (default `id`). */
  idParam?: string;
  /** Name of the restore call's id parameter when it differs (`/admin/repairUser` takes `userId`). */
  restoreIdParam?: string;
  /**
   * Export of the filtered list as CSV (GET, the list's filters, order and row scope, no paging, a
   * cap), served by the kit as a streamed file download; the list screen shows an Export button to
   * roles with the `export` ability.
   */
  export?: string;
  /** The entity's other calls (row actions that are not CRUD), by name; their server routes are hand-written. */
  calls?: Record<string, string>;
}

/**
 * How a list filter matches, on the server (SQL) and in the filter form:
 * - `contains`: text found anywhere in the value, case-insensitively;
 * - `prefix`: text the value starts with, case-insensitively (an index on lower(column) serves it);
 * - `exact`: equal (an enum, an id, a switch, a code); a money or usdt field travels as its type
 *   says (common/filter-wire.ts: money as major-unit text plus 0.0001, usdt in micro units) and
 *   matches the units stored;
 * - `range`: a time between `startTime` and `endTime` (`YYYY-MM-DD HH:mm:ss`), or the names of `rangeNames`;
 * - `in`: one of several values;
 * - `notIn`: none of several values;
 * - `withDeleted`: a switch that adds soft-deleted rows to the list.
 */
type FilterMode = 'contains' | 'prefix' | 'exact' | 'range' | 'in' | 'notIn' | 'withDeleted';

/** `productRates`: a member's products with rate and fees (resources/user-products ProductRate[]). */
/** `json`: a structured value (or text holding JSON) shown short in a list, pretty-printed when opened. */
type FieldType = 'text' | 'money' | 'usdt' | 'rate' | 'datetime' | 'enum' | 'boolean' | 'image' | 'secret' | 'number' | 'password' | 'productRates' | 'json';

/**
 * Where an enum's options come from: fixed values labelled by `<labelKey>.<value>` in the locales,
 * or an API answering [{value, label}] (e.g. /user/getUserOptions?role=merchant).
 */
export type OptionSource =
  | {
      values: readonly (string | number)[];
      labelKey: string;
      /** A value's label key when it is not the value itself (status id 3 -> `orderStatus.callbackSucceeded`). */
      labels?: Readonly<Record<string | number, string>>;
      /** A value's tag color (antd preset names), for enums shown as colored tags. */
      colors?: Readonly<Record<string | number, string>>;
      /** Other values are free text, shown as written (a bank's own remark beside the reasons' codes). */
      freeText?: boolean;
    }
  | { api: string; query?: Record<string, string | number | boolean> };

export interface FieldDeclaration {
  name: string;
  type: FieldType;
  /** Options of an enum field. */
  options?: OptionSource;
  /** Shown as a column. */
  list?: boolean;
  /** In the filter form, matched as its mode says. */
  filter?: FilterMode;
  /** Query parameter name of the filter when it differs from the field name (e.g. role -> access). */
  filterName?: string;
  /** A range filter's start and end query names when they are not startTime and endTime (startReceiveTime, endReceiveTime). */
  rangeNames?: readonly [string, string];
  show?: boolean;
  /** `show`: only on the detail of rows matching this (a USDT order's wallet), not of every row. */
  showWhen?: RowMatch | readonly RowMatch[];
  create?: boolean;
  edit?: boolean;
  /** Column width in px. */
  width?: number;
  /** Offer a copy button in list and detail. */
  copyable?: boolean;
  /** Initial value on the create form (e.g. a switch that starts on, as the server's default). */
  defaultValue?: unknown;
  /** i18n key of a help line under the form input (e.g. "0.005 = 5‰" for a rate). */
  hint?: string;
  /**
   * money/usdt: the form value is the integer (minor units, USDT micro units) and the input shows
   * and takes the major amount, converted exactly by providers/money.ts.
   */
  integerUnits?: boolean;
  /** text: its canonical form, applied as it is typed (common/normalize.ts). */
  normalize?: NormalizeRule;
  /** text: a multi-line input. */
  multiline?: boolean;
  /** enum: several values at once (an array). */
  multiple?: boolean;
  /**
   * Only on the screens of these identifiers (e.g. a supplier filter on admin screens only). The
   * server answers such a field only to callers who may list one of these screens.
   */
  onlyFor?: string[];
  /** The filter form shows a switch for this filter instead of an input; see FilterSwitch. */
  filterSwitch?: FilterSwitch;
  /** No input in the filter form: a variant's `listQuery` sets it (the agents' screen always sends isProxy). */
  filterHidden?: boolean;
  /** Shown while a long filter form is folded; the others wait behind "more". */
  primaryFilter?: boolean;
  /** The list can be sorted by this column (sortField/sortOrder in the query and the URL). */
  sortable?: boolean;
  /** `copyable`: i18n key of the message shown once copied (default "Copied to clipboard"). */
  copyMessage?: string;
}

/**
 * A filter the form shows as a switch named `name` (its place in the form and the URL): on sends
 * `on`, off (or never touched) sends `off`; a value left out sends no filter. The order lists'
 * "main product only" is `{ name: 'mainProduct', on: MAIN_PRODUCT_ID }`, their "show all statuses"
 * `{ name: 'showAll', off: [HIDDEN_STATUS_ID] }`: every list call leaves status 10 out until it is on.
 */
export interface FilterSwitch {
  name: string;
  on?: string | number | boolean | readonly (string | number)[];
  off?: string | number | boolean | readonly (string | number)[];
}

/** A condition on a row: `row[field] === equals`, or `row[field]` one of `in` (an order's status ids). */
export type RowMatch = { field: string; equals: unknown } | { field: string; in: readonly unknown[] };

/** An input of an action dialog. */
export interface ActionInput extends FieldDeclaration {
  /** Asked (and sent) only while another input has this value: the specific reason of "other". */
  visibleWhen?: { field: string; equals: unknown };
  /** Starts with this row field's value (the current mark). */
  fromRow?: string;
  /**
   * Asked only while the server will check it, read when the dialog opens: the member's payment
   * password while EnablePayPassword is on (`/profile/get` payPasswordAsked). With no input left
   * to ask, the action goes straight to its confirmation.
   */
  askedWhen?: 'payPassword';
}

/** A row action: shown when the role's ability allows it, optionally asking for inputs first. */
export interface RowAction {
  name: string;
  /** Ability action checked on the resource before showing the button. */
  ability: string;
  /** API path called with the row id (and inputs). */
  call: string;
  method?: 'GET' | 'POST';
  /** A POST whose parameters go in the query string, with no body (the payout claims take ?orderId). */
  paramsInQuery?: boolean;
  /** Parameter that carries the row id (default `id`) and the row field it is read from (default `id`). */
  idParam?: string;
  idField?: string;
  /** Send the row id as a one-element list (calls that take several rows: `orderCodes`). */
  idList?: boolean;
  /** Ask "are you sure?" first (destructive or money-moving actions); with inputs, after the dialog. */
  confirm?: boolean;
  danger?: boolean;
  /** Inputs asked in a dialog before the call (a reason, a new name, a Google code...). */
  inputs?: ActionInput[];
  /**
   * The call's body schema, shared with the server route: the dialog checks the inputs with it, so
   * optional inputs stay optional and cross-field rules hold. Without one every input is required.
   * A loader (common/lazy-schema.ts) where the declaration would otherwise carry zod for its dialogs only.
   */
  schema?: z.ZodObject | SchemaLoader;
  /** Show only for rows matching the condition (every one of a list). */
  when?: RowMatch | readonly RowMatch[];
  /** Only on the screens of these identifiers (a supplier's confirm asks its payment password, an admin's does not). */
  onlyFor?: string[];
  /** Fixed parameters sent with every call (e.g. `{ acceptOrders: false }` for a "stop" action). */
  params?: Record<string, unknown>;
  /** The call answers a text the user needs once (a revealed or new key): show it with a copy button. */
  showResult?: boolean;
  /** The call answers a text the user asked to copy (a member's key): it goes to the clipboard, and is shown only where the browser refuses. */
  copyResult?: boolean;
  /** i18n key of a warning shown before the action runs, in its dialog or confirmation. */
  warning?: string;
  /** i18n key of the message on success (default "Operation Successful"). */
  success?: string;
  /** i18n key of the words put before the server's reason when the call is refused ("Fix failed: ..."); without it the reason alone shows. */
  failure?: string;
  /**
   * Moves money or state exactly once: the call carries an Idempotency-Key, the same for every
   * attempt of one decision (a re-sent request, OK pressed again after a network failure).
   */
  idempotent?: boolean;
  /** Locale area tried first for the action's label and its inputs' (`<labels>.actions.<name>`, `<labels>.fields.<input>`). */
  labels?: string;
  /**
   * Instead of a call, open another screen for this row: `path?<param>=<row id>` as a list filter
   * (a merchant's products). The button shows when the role may list `subject`.
   */
  link?: { path: string; param: string; subject: string };
}

export interface ResourceDeclaration {
  /** Refine resource identifier, also the ability subject. */
  name: string;
  /** Menu group (parent resource name). */
  parent?: string;
  /** The screen's route paths. */
  routes: { list?: string; create?: string; edit?: string; show?: string };
  /** Icon name from src/shell/icons.ts. */
  icon?: string;
  /** i18n key of the title; defaults to `resources.<name>`. */
  title?: string;
  api: ResourceApi;
  fields?: FieldDeclaration[];
  /** Validation schemas shared by the forms and the server (one schema, both sides). */
  createSchema?: z.ZodObject;
  editSchema?: z.ZodObject;
  /** Body of `api.restore` when it asks more than the id (a restored user may need a new account name). */
  restoreSchema?: z.ZodObject;
  /**
   * A field of the create call's answer to show once, with a copy button, after creating (a new
   * ingest client's token, which is stored only as a hash and never answered again).
   */
  createShowsOnce?: string;
  /** Rows that may be deleted (soft delete); the delete button shows only then. */
  deletable?: { field: string; equals: unknown };
  actions?: RowAction[];
  /** A shared locale area for field and action labels (`<labels>.fields.<name>`), e.g. all channel kinds. */
  labels?: string;
  /** i18n key of what the list says when its rows could not be loaded, naming the list ("Failed to get the order list"); default `list.loadFailed`. */
  listFailed?: string;
  /** Create/edit form in two columns (long forms such as receiving accounts); default one. */
  formColumns?: 1 | 2;
  /** Same declaration under other identifiers (customer-service, read-only variants). */
  variants?: {
    name: string;
    routes: ResourceDeclaration['routes'];
    /** This variant's create rules when they differ (an admin names the owner). */
    createSchema?: z.ZodObject;
    /** Filters this screen always sends with its list and export (the agents' orders: isProxy). */
    listQuery?: Record<string, string | number | boolean>;
    /** Menu group of this screen when it is another role's branch (technicalSupport's dynamic pay). */
    parent?: string;
  }[];
  hideFromMenu?: boolean;
  /** Names a confirm hook (src/shell/tags/beforeClose.ts) that runs before this screen's tag closes. */
  beforeCloseName?: string;
  /** Custom screens replacing the generic ones, each with a comment saying why it is custom. */
  screens?: Partial<Record<'list' | 'create' | 'edit' | 'show', ScreenName>>;
  /**
   * The keys of the row's audit trail (the before and after a detail shows) that are no field of
   * the row. A key that is a field is shown as the field is (its `onlyFor`); a key named here as a
   * field is (`as`), or to the screens of `onlyFor`, or to everyone who sees the row; any other key
   * only to staff (callers without a row scope).
   */
  trail?: Record<string, TrailKey>;
}

/** A trail key that is no field: shown as the field `as` names, or to the screens of `onlyFor` (none: to everyone who sees the row). */
export type TrailKey = { as: string } | { onlyFor?: string[] };

/** A menu group (no screen of its own). */
export interface GroupDeclaration {
  name: string;
  icon: string;
  parent?: string;
  /** Shown as a group even with one visible child (technicalSupport's system management). */
  alwaysShown?: boolean;
}
