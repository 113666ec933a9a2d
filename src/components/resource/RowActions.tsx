/**
 * Buttons of one row: show, edit, delete and the declaration's domain actions, each only when the
 * role's ability allows it and the row matches the action's condition (an order's status). Actions
 * with inputs open a dialog (./ActionDialog.tsx); destructive and money-moving ones confirm first,
 * with the action's warning where it has one.
 */
import { useRef, useState } from 'react';
import { App, Button, Dropdown, Popconfirm, Space, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useDelete, useGo, useInvalidate, type BaseRecord } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey, request } from '../../providers/http';
import { canRow, type Action, type AppAbility } from '../../../providers/ability-engine';
import type { ResourceDeclaration, RowAction } from '../../../resources/types';
import { useLabels } from './useDeclaration';
import { ActionDialog } from './ActionDialog';
import { actionParams, rowMatches } from './rowMatch';
import { isPendingReview, PENDING_REVIEW_TEXT } from './pendingReview';

interface Props {
  declaration: ResourceDeclaration;
  identifier: string;
  record: BaseRecord;
  routes: ResourceDeclaration['routes'];
}

/** Domain actions shown as buttons; more than this (plus one) go into the "more" menu. */
const INLINE_ACTIONS = 2;
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
  const go = useGo();
  const invalidate = useInvalidate();
  const { message, modal } = App.useApp();
  const { mutate: remove } = useDelete();
  const [active, setActive] = useState<RowAction | null>(null);
  const [busy, setBusy] = useState(false);
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
      const result = await request(action.call, inQuery ? { method, query: params, idempotencyKey } : { method, body: params, idempotencyKey });
      intent.current = null;
      if (action.showResult) {
        modal.info({
          title: labels.action(action.name),
          content: (
            <Typography.Text code copyable data-testid="action-result">
              {String(result)}
            </Typography.Text>
          ),
        });
      } else message.success(t(action.success ?? 'common.operationSuccessful'));
      setActive(null);
      await invalidate({ resource: identifier, invalidates: ['list', 'detail'], id: record.id });
    } catch {
      // The http layer has shown the server's msg.
    } finally {
      setBusy(false);
    }
  };

  // An action's own locale area (its labels) is tried before the declaration's.
  const actionLabel = (a: RowAction) => (a.labels ? t([`${a.labels}.actions.${a.name}`], { defaultValue: labels.action(a.name) }) : labels.action(a.name));
  const inputLabel = (a: RowAction, input: string) => (a.labels ? t([`${a.labels}.fields.${input}`], { defaultValue: labels.field(input) }) : labels.field(input));
  const confirmTitle = (a: RowAction) => t('common.confirmAction', { action: actionLabel(a) });
  const ask = (a: RowAction, inputs?: Record<string, unknown>) =>
    modal.confirm({
      title: confirmTitle(a),
      content: a.warning ? t(a.warning) : undefined,
      okText: t('buttons.ok'),
      cancelText: t('buttons.cancel'),
      okButtonProps: { danger: a.danger },
      onOk: () => run(a, inputs),
    });

  const allowed = (a: RowAction) => (!a.onlyFor || a.onlyFor.includes(identifier)) && (a.link ? ability.can('list', a.link.subject) : can(a.ability));
  // A deletion held for review says so; otherwise (undefined) Refine's own text.
  const deleted = (result?: { data?: unknown }) => (isPendingReview(result?.data) ? { type: 'success' as const, message: t(PENDING_REVIEW_TEXT) } : undefined);
  const domain = (declaration.actions ?? []).filter((a) => allowed(a) && rowMatches(record, a.when));
  // A few actions stay inline; the rest go into a "more" menu so the column stays narrow.
  const inline = domain.length > INLINE_ACTIONS + 1 ? domain.slice(0, INLINE_ACTIONS) : domain;
  const more = domain.slice(inline.length);
  const start = (a: RowAction) => {
    if (a.link) return go({ to: linkTo(a.link, record[a.idField ?? 'id']) });
    if (a.inputs?.length) return setActive(a);
    if (!a.confirm) return run(a);
    ask(a);
  };
  return (
    <Space size={4} wrap>
      {routes.show && can('show') && (
        <Button size="small" type="link" onClick={() => go({ to: toPath(routes.show, record.id) })}>
          {t('buttons.show')}
        </Button>
      )}
      {routes.edit && can('edit') && rowMatches(record, declaration.deletable) && (
        <Button size="small" type="link" onClick={() => go({ to: toPath(routes.edit, record.id) })}>
          {t('buttons.edit')}
        </Button>
      )}
      {declaration.api.delete && can('delete') && rowMatches(record, declaration.deletable) && (
        <Popconfirm title={t('common.confirmDelete')} okText={t('buttons.ok')} cancelText={t('buttons.cancel')} onConfirm={() => remove({ resource: identifier, id: record.id!, successNotification: deleted })}>
          <Button size="small" type="link" danger>
            {t('buttons.delete')}
          </Button>
        </Popconfirm>
      )}
      {inline.map((a) =>
        a.link ? (
          <Button key={a.name} size="small" type="link" onClick={() => go({ to: linkTo(a.link!, record[a.idField ?? 'id']) })}>
            {actionLabel(a)}
          </Button>
        ) : a.inputs?.length ? (
          <Button key={a.name} size="small" type="link" danger={a.danger} onClick={() => setActive(a)}>
            {actionLabel(a)}
          </Button>
        ) : (
          <Popconfirm
            key={a.name}
            disabled={!a.confirm}
            title={confirmTitle(a)}
            description={a.warning ? <div style={{ maxWidth: 320 }}>{t(a.warning)}</div> : undefined}
            okText={t('buttons.ok')}
            cancelText={t('buttons.cancel')}
            okButtonProps={{ danger: a.danger }}
            onConfirm={() => run(a)}
          >
            <Button size="small" type="link" danger={a.danger} onClick={a.confirm ? undefined : () => run(a)}>
              {actionLabel(a)}
            </Button>
          </Popconfirm>
        ),
      )}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{ items: more.map((a) => ({ key: a.name, label: actionLabel(a), danger: a.danger })), onClick: ({ key }) => start(more.find((a) => a.name === key)!) }}
        >
          <Button size="small" type="link" data-testid="row-more">
            {t('common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <ActionDialog
        action={active}
        record={record}
        busy={busy}
        title={active ? actionLabel(active) : ''}
        label={(input) => (active ? inputLabel(active, input) : input)}
        onCancel={() => {
          intent.current = null;
          setActive(null);
        }}
        // Money-moving actions confirm once more after their inputs are in.
        onSubmit={(inputs) => (active?.confirm ? ask(active, inputs) : active && run(active, inputs))}
      />
    </Space>
  );
}
