/**
 * Actions of one row: show, edit, the declaration's domain actions and delete, each only when the
 * role's ability allows it and the row matches the action's condition (an order's status). Two sit
 * in the row, the rest in its "more" menu (./rowActionSplit.ts). Actions with inputs open a dialog
 * (./ActionDialog.tsx); destructive and money-moving ones confirm first, with the action's warning
 * where it has one, wherever they sit.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { DownOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey, request } from '../../providers/http';
import { whileConfirming } from '../../providers/confirmations';
import { canRow, type Action, type AppAbility } from '../../../providers/ability-engine';
import type { ResourceDeclaration, RowAction } from '../../../resources/types';
import type { z } from 'zod';
import { schemaOf } from '../../../resources/common/lazy-schema';
import { withChunkTimeout } from '../../common/error-log/chunks';
import { useLabels } from './useDeclaration';
import { actionParams, rowMatches } from './rowMatch';
import { isPendingReview, PENDING_REVIEW_TEXT } from './pendingReview';
import { entryKey, rowEntries, splitEntries, type RowEntry } from './rowActionSplit';
import { useRowTools } from './rowTools';
import { CopyText } from '../fields/CopyText';
import { copyToClipboard } from '../fields/clipboard';
import { askedInputs } from './askedInputs';
import { refusalText } from './refusal';
import { LazyPopconfirm } from './lazyPopups';

// Its own chunk: a list's first paint does not wait for a dialog no one has opened yet. openDialog
// fetches it with the action's schema, so the lazy component finds it in and a failed download is
// told in place rather than by the screen's error panel.
const loadActionDialog = () => import('./ActionDialog');
const ActionDialog = lazy(() => loadActionDialog().then((m) => ({ default: m.ActionDialog })));

/** A question asked before an entry runs. */
interface Confirmation {
  title: string;
  warning?: string;
  danger?: boolean;
  onOk: () => unknown;
}

interface Props {
  declaration: ResourceDeclaration;
  identifier: string;
  record: BaseRecord;
  routes: ResourceDeclaration['routes'];
}

const toPath = (pattern: string | undefined, id: unknown) => pattern?.replace(':id', String(id));
/** A list path filtered by this row (Refine's synced-filter query). */
const linkTo = (link: NonNullable<RowAction['link']>, id: unknown) =>
  `${link.path}?${new URLSearchParams({ 'filters[0][field]': link.param, 'filters[0][operator]': 'eq', 'filters[0][value]': String(id) })}`;

/**
 * Whether the role may take any row action of the list at all (row conditions aside): a read-only
 * list (the admins' payout pool, a customer-service variant) gets no Actions column.
 */
export function listHasRowActions(ability: AppAbility, declaration: ResourceDeclaration, identifier: string, routes: ResourceDeclaration['routes']): boolean {
  const can = (action: string) => ability.can(action as Action, identifier);
  if ((routes.show && can('show')) || (routes.edit && can('edit')) || (declaration.api.delete && can('delete'))) return true;
  return (declaration.actions ?? []).some((a) => (!a.onlyFor || a.onlyFor.includes(identifier)) && (a.link ? ability.can('list', a.link.subject) : can(a.ability)));
}

export function RowActions({ declaration, identifier, record, routes }: Props) {
  const { t } = useTranslation();
  const labels = useLabels(declaration);
  const ability = useAbility<AppAbility>();
  const { go, invalidate, remove } = useRowTools();
  const { message, modal } = useFeedback();
  const [active, setActive] = useState<RowAction | null>(null);
  const [activeSchema, setActiveSchema] = useState<z.ZodObject>();
  // The dialog opened last wins when two are asked for while their schemas load.
  const opening = useRef(0);
  // The dialog (a form with its watchers) is mounted on the row's first dialog action and kept for
  // its closing animation and focus return; a page of rows that never open one pays nothing for it.
  const dialogUsed = useRef(false);
  if (active) dialogUsed.current = true;
  const [busy, setBusy] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  // The Idempotency-Key of the decision under way: kept when the same action is tried again after a
  // failure, so a request that did reach the server is not acted on twice.
  const intent = useRef<{ action: string; key: string } | null>(null);
  const keyOf = (action: RowAction) => {
    if (intent.current?.action !== action.name) intent.current = { action: action.name, key: newIdempotencyKey() };
    return intent.current.key;
  };
  // Row conditions count: an admin sees no edit, delete or reset on a superAdmin's account row.
  const can = (action: string) => canRow(ability, action as Action, identifier, record);

  const run = async (action: RowAction, inputs: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      const params = actionParams(action, record, inputs);
      const method = action.method ?? 'POST';
      const idempotencyKey = action.idempotent ? keyOf(action) : undefined;
      const inQuery = method === 'GET' || action.paramsInQuery;
      // An action with failure words of its own tells the refusal itself (./refusal.ts).
      const silent = Boolean(action.failure);
      const result = await request(action.call, inQuery ? { method, query: params, idempotencyKey, silent } : { method, body: params, idempotencyKey, silent });
      intent.current = null;
      if (action.copyResult && (await copyToClipboard(String(result), t('common.copyByHand')))) message.success(t('common.copied'));
      else if (action.showResult || action.copyResult) {
        modal.info({
          title: labels.action(action.name),
          content: (
            <CopyText code text={String(result)} data-testid="action-result" />
          ),
        });
      } else message.success(t(isPendingReview(result) ? PENDING_REVIEW_TEXT : (action.success ?? 'common.operationSuccessful')));
      setActive(null);
      await invalidate({ resource: identifier, invalidates: ['list', 'detail'], id: record.id });
    } catch (error) {
      // Otherwise the http layer has shown the server's msg.
      const refused = action.failure ? refusalText(action.failure, error, t) : null;
      if (refused) message.error(refused);
    } finally {
      setBusy(false);
    }
  };

  // An action's own locale area (its labels) is tried before the declaration's.
  const actionLabel = (a: RowAction) => (a.labels ? t([`${a.labels}.actions.${a.name}`], { defaultValue: labels.action(a.name) }) : labels.action(a.name));
  const inputLabel = (a: RowAction, input: string) => (a.labels ? t([`${a.labels}.fields.${input}`], { defaultValue: labels.field(input) }) : labels.field(input));
  /** What an action asks before it runs: the same words in a popover (inline) or a modal (menu, after its inputs). */
  const actionConfirm = (a: RowAction, inputs?: Record<string, unknown>): Confirmation => ({
    // An action's own question about this row where its area has one ("Confirm that order … is paid?").
    title: t([...(a.labels ? [`${a.labels}.questions.${a.name}`] : []), 'common.confirmAction'], { ...record, action: actionLabel(a) }),
    warning: a.warning ? t(a.warning) : undefined,
    danger: a.danger,
    onOk: () => run(a, inputs),
  });
  const ask = (c: Confirmation) =>
    modal.confirm({ title: c.title, content: c.warning, okText: t('buttons.ok'), cancelText: t('buttons.cancel'), okButtonProps: { danger: c.danger }, onOk: c.onOk });

  const allowed = (a: RowAction) => (!a.onlyFor || a.onlyFor.includes(identifier)) && (a.link ? ability.can('list', a.link.subject) : can(a.ability));
  // A deletion held for review says so; otherwise (undefined) Refine's own text.
  const deleted = (result?: { data?: unknown }) => (isPendingReview(result?.data) ? { type: 'success' as const, message: t(PENDING_REVIEW_TEXT) } : undefined);
  const removeRow = () => remove({ resource: identifier, id: record.id!, successNotification: deleted });
  const editable = rowMatches(record, declaration.deletable);
  const { inline, more } = splitEntries(
    rowEntries({
      show: Boolean(routes.show && can('show')),
      edit: Boolean(routes.edit && can('edit') && editable),
      remove: Boolean(declaration.api.delete && can('delete') && editable),
      actions: (declaration.actions ?? []).filter((a) => allowed(a) && rowMatches(record, a.when)),
    }),
  );
  const names = { show: t('buttons.show'), edit: t('buttons.edit'), delete: t('buttons.delete') };
  const label = (e: RowEntry) => (e.kind === 'action' ? actionLabel(e.action) : names[e.kind]);
  const danger = (e: RowEntry) => e.kind === 'delete' || (e.kind === 'action' && Boolean(e.action.danger));
  /** The confirmation an entry asks for as it is clicked; actions with inputs ask after their dialog. */
  const confirmationOf = (e: RowEntry): Confirmation | undefined => {
    if (e.kind === 'delete') return { title: t('common.confirmDelete'), danger: true, onOk: removeRow };
    if (e.kind !== 'action' || !e.action.confirm || e.action.link || e.action.inputs?.length) return undefined;
    return actionConfirm(e.action);
  };
  /** Opens an action's dialog once it and its schema are in (a declaration may hold a loader); a failed download says so and leaves the list as it was. */
  const openDialog = async (declared: RowAction) => {
    const mine = ++opening.current;
    try {
      const [schema, inputs] = await Promise.all([
        declared.schema ? withChunkTimeout(() => schemaOf(declared.schema!))() : undefined,
        askedInputs(declared),
        withChunkTimeout(loadActionDialog)(),
      ]);
      if (mine !== opening.current) return;
      const action = { ...declared, inputs };
      // Nothing to ask now (its one input is off): straight to its confirmation, as an action without inputs.
      if (!inputs.length) return void (action.confirm ? ask(actionConfirm(action)) : run(action));
      setActiveSchema(schema);
      setActive(action);
    } catch {
      if (mine === opening.current) message.error(t('common.inputLoadFailed'));
    }
  };
  // From the menu, confirmations are modal (a popover would hang off an item that has closed).
  const start = (e: RowEntry) => {
    const confirmation = confirmationOf(e);
    if (confirmation) return ask(confirmation);
    if (e.kind === 'show') return go({ to: toPath(routes.show, record.id) });
    if (e.kind === 'edit') return go({ to: toPath(routes.edit, record.id) });
    if (e.kind === 'delete') return;
    const { action } = e;
    if (action.link) return go({ to: linkTo(action.link, record[action.idField ?? 'id']) });
    if (action.inputs?.length) return void openDialog(action);
    run(action);
  };
  const button = (e: RowEntry, onClick?: () => void) => (
    <Button key={entryKey(e)} size="small" type="link" danger={danger(e)} onClick={onClick}>
      {label(e)}
    </Button>
  );
  // A row's popovers and menu are mounted on its first click on them, then kept: a page of 500 rows
  // would otherwise mount a thousand (each registering its styles and positioning hooks). Keyed by
  // entry ('more' for the menu), true while open.
  const [popups, setPopups] = useState<Record<string, boolean>>({});
  const setPopup = (key: string, open: boolean) => setPopups((p) => ({ ...p, [key]: open }));
  const popup = (key: string) => ({ open: popups[key], onOpenChange: (open: boolean) => setPopup(key, open) });
  const openPopup = (key: string) => () => setPopup(key, true);
  const inlineEntry = (e: RowEntry) => {
    const c = confirmationOf(e);
    if (!c) return button(e, () => start(e));
    const key = entryKey(e);
    if (!(key in popups)) return button(e, openPopup(key));
    return (
      <Suspense key={key} fallback={button(e)}>
        <LazyPopconfirm
          {...popup(key)}
          title={c.title}
          description={c.warning ? <div style={{ maxWidth: 320 }}>{c.warning}</div> : undefined}
          okText={t('buttons.ok')}
          cancelText={t('buttons.cancel')}
          okButtonProps={{ danger: c.danger }}
          // Put away if its call asks for the second-level password (providers/confirmations.ts).
          onConfirm={() => whileConfirming(() => setPopup(key, false), c.onOk)}
        >
          {button(e)}
        </LazyPopconfirm>
      </Suspense>
    );
  };
  const moreTrigger = (onClick?: () => void) => (
    <Button ref={moreButton} size="small" type="link" data-testid="row-more" onClick={onClick}>
      {t('common.more')} <DownOutlined />
    </Button>
  );
  return (
    <Space size={4} wrap>
      {inline.map(inlineEntry)}
      {more.length > 0 &&
        ('more' in popups ? (
          <Dropdown
            {...popup('more')}
            trigger={['click']}
            autoFocus
            menu={{
              items: more.map((e) => ({ key: entryKey(e), label: label(e), danger: danger(e) })),
              onClick: ({ key, domEvent }) => {
                // Taken by Enter, the key would go on to press this button once it has the focus,
                // opening the menu again behind the dialog: the key ends here.
                domEvent.preventDefault();
                // The menu item goes away: a dialog opened from it gives focus back to this button.
                moreButton.current?.focus();
                start(more.find((e) => entryKey(e) === key)!);
              },
            }}
          >
            {moreTrigger()}
          </Dropdown>
        ) : (
          moreTrigger(openPopup('more'))
        ))}
      {dialogUsed.current && (
        <Suspense fallback={null}>
          <ActionDialog
            action={active}
            schema={activeSchema}
            record={record}
            busy={busy}
            title={active ? actionLabel(active) : ''}
            label={(input) => (active ? inputLabel(active, input) : input)}
            onCancel={() => {
              intent.current = null;
              setActive(null);
            }}
            // Money-moving actions confirm once more after their inputs are in.
            onSubmit={(inputs) => (active?.confirm ? ask(actionConfirm(active, inputs)) : active && run(active, inputs))}
          />
        </Suspense>
      )}
    </Space>
  );
}
