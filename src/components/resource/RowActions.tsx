/**
 * Buttons of one row: show, edit, delete and the declaration's domain actions, each only when the
 * role's ability allows it. Actions with inputs open a dialog; destructive ones confirm first.
 */
import { useState } from 'react';
import { App, Button, Dropdown, Form, Modal, Popconfirm, Space, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useDelete, useGo, useInvalidate, type BaseRecord } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { request } from '../../providers/http';
import { canRow, type Action, type AppAbility } from '../../../providers/ability-engine';
import type { ResourceDeclaration, RowAction } from '../../../resources/types';
import { FieldInput } from '../fields/FieldInput';
import { useLabels } from './useDeclaration';

interface Props {
  declaration: ResourceDeclaration;
  identifier: string;
  record: BaseRecord;
  routes: ResourceDeclaration['routes'];
}

/** Domain actions shown as buttons; more than this (plus one) go into the "more" menu. */
const INLINE_ACTIONS = 2;
const matches = (record: BaseRecord, when?: { field: string; equals: unknown }) => !when || record[when.field] === when.equals;
const toPath = (pattern: string | undefined, id: unknown) => pattern?.replace(':id', String(id));
/** A list path filtered by this row (Refine's synced-filter query). */
const linkTo = (link: NonNullable<RowAction['link']>, id: unknown) =>
  `${link.path}?${new URLSearchParams({ 'filters[0][field]': link.param, 'filters[0][operator]': 'eq', 'filters[0][value]': String(id) })}`;

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
  const [form] = Form.useForm();
  // Row conditions count: an admin sees no edit, delete or reset on a superAdmin's account row.
  const can = (action: string) => canRow(ability, action as Action, identifier, record);

  const run = async (action: RowAction, inputs: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      const params = { [action.idParam ?? 'id']: record[action.idField ?? 'id'], ...action.params, ...inputs };
      const method = action.method ?? 'POST';
      const result = await request(action.call, method === 'GET' ? { method, query: params } : { method, body: params });
      if (action.showResult) {
        modal.info({
          title: labels.action(action.name),
          content: (
            <Typography.Text code copyable data-testid="action-result">
              {String(result)}
            </Typography.Text>
          ),
        });
      } else message.success(t('common.operationSuccessful'));
      setActive(null);
      form.resetFields();
      await invalidate({ resource: identifier, invalidates: ['list', 'detail'], id: record.id });
    } catch {
      // The http layer has shown the server's msg.
    } finally {
      setBusy(false);
    }
  };

  const allowed = (a: RowAction) => (a.link ? ability.can('list', a.link.subject) : can(a.ability));
  const domain = (declaration.actions ?? []).filter((a) => allowed(a) && matches(record, a.when));
  // A few actions stay inline; the rest go into a "more" menu so the column stays narrow.
  const inline = domain.length > INLINE_ACTIONS + 1 ? domain.slice(0, INLINE_ACTIONS) : domain;
  const more = domain.slice(inline.length);
  const start = (a: RowAction) => {
    if (a.link) return go({ to: linkTo(a.link, record[a.idField ?? 'id']) });
    if (a.inputs?.length) return setActive(a);
    if (!a.confirm) return run(a);
    modal.confirm({ title: t('common.confirmAction', { action: labels.action(a.name) }), okText: t('buttons.ok'), cancelText: t('buttons.cancel'), okButtonProps: { danger: a.danger }, onOk: () => run(a) });
  };
  return (
    <Space size={4} wrap>
      {routes.show && can('show') && (
        <Button size="small" type="link" onClick={() => go({ to: toPath(routes.show, record.id) })}>
          {t('buttons.show')}
        </Button>
      )}
      {routes.edit && can('edit') && matches(record, declaration.deletable) && (
        <Button size="small" type="link" onClick={() => go({ to: toPath(routes.edit, record.id) })}>
          {t('buttons.edit')}
        </Button>
      )}
      {declaration.api.delete && can('delete') && matches(record, declaration.deletable) && (
        <Popconfirm title={t('common.confirmDelete')} okText={t('buttons.ok')} cancelText={t('buttons.cancel')} onConfirm={() => remove({ resource: identifier, id: record.id! })}>
          <Button size="small" type="link" danger>
            {t('buttons.delete')}
          </Button>
        </Popconfirm>
      )}
      {inline.map((a) =>
        a.link ? (
          <Button key={a.name} size="small" type="link" onClick={() => go({ to: linkTo(a.link!, record[a.idField ?? 'id']) })}>
            {labels.action(a.name)}
          </Button>
        ) : a.inputs?.length ? (
          <Button key={a.name} size="small" type="link" danger={a.danger} onClick={() => setActive(a)}>
            {labels.action(a.name)}
          </Button>
        ) : (
          <Popconfirm key={a.name} disabled={!a.confirm} title={t('common.confirmAction', { action: labels.action(a.name) })} okText={t('buttons.ok')} cancelText={t('buttons.cancel')} onConfirm={() => run(a)}>
            <Button size="small" type="link" danger={a.danger} onClick={a.confirm ? undefined : () => run(a)}>
              {labels.action(a.name)}
            </Button>
          </Popconfirm>
        ),
      )}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{ items: more.map((a) => ({ key: a.name, label: labels.action(a.name), danger: a.danger })), onClick: ({ key }) => start(more.find((a) => a.name === key)!) }}
        >
          <Button size="small" type="link" data-testid="row-more">
            {t('common.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      <Modal
        open={active !== null}
        title={active && labels.action(active.name)}
        okText={t('buttons.ok')}
        cancelText={t('buttons.cancel')}
        confirmLoading={busy}
        onCancel={() => setActive(null)}
        onOk={async () => active && run(active, await form.validateFields())}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {active?.inputs?.map((f) => (
            <Form.Item key={f.name} name={f.name} label={labels.field(f)} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
              <FieldInput field={f} mode="form" />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Space>
  );
}
