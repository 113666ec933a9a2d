/**
 * The dialog of a row action with inputs: each input checked by the action's shared schema (so an
 * optional Google code stays optional and "other" needs its specific reason, exactly as the server
 * decides), a warning where the action carries one, inputs that show only for another input's value.
 * By keyboard: the first input has the focus once it opens, Escape cancels, and the focus goes back
 * to what opened it (the row's button, or its "more" button for an action from the menu).
 */
import { Alert, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { RowAction } from '../../../resources/types';
import { FieldInput } from '../fields/FieldInput';
import { normalizerOf } from '../../../resources/common/normalize';
import { fieldRules, isRequired, pendingObjectErrors } from './schemaRules';
import { actionParams, visibleInputs } from './rowMatch';
import { useFirstFieldFocus } from './useFirstFieldFocus';
import { FORMS, validatedValues } from '../../common/forms';
import { TIME_FORMAT } from '../../providers/conventions';

/** A time input holds the platform's text (`YYYY-MM-DD HH:mm:ss`), what the shared schema checks and the server reads; the picker is shown a dayjs of it. */
const TIME_TEXT_PROPS = {
  normalize: (value: Dayjs | null) => (value ? value.format(TIME_FORMAT) : value),
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : value }),
};

interface Props {
  action: RowAction | null;
  /** The action's schema, loaded before the dialog opens (RowActions: a declaration may hold a loader). */
  schema?: z.ZodObject;
  record: Record<string, unknown>;
  busy: boolean;
  title: string;
  label: (input: string) => string;
  onCancel: () => void;
  onSubmit: (values: Record<string, unknown>) => void;
}

export function ActionDialog({ action, schema, record, busy, title, label, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { formRef, afterOpenChange } = useFirstFieldFocus();
  const values = Form.useWatch([], form) ?? {};

  // The dialog's content is destroyed when hidden, so each opening starts from these.
  const initial = Object.fromEntries((action?.inputs ?? []).filter((f) => f.fromRow).map((f) => [f.name, record[f.fromRow!]]));

  const submit = async () => {
    if (!action) return;
    // Inputs in error show their messages under them, the first in view; the refusal is not an error of the page.
    const entered = await validatedValues(form);
    if (!entered) return;
    const shown = visibleInputs(action, entered);
    const inputs = Object.fromEntries(shown.map((f) => [f.name, entered[f.name]]));
    // Cross-field rules (the specific reason of "other") are checked on the whole request, as the server does.
    const errors = pendingObjectErrors(schema, actionParams(action, record, inputs), t, shown.map((f) => f.name), [], label);
    if (errors.length) {
      form.setFields(errors);
      return form.scrollToField(errors[0].name, FORMS.scrollToFirstError);
    }
    onSubmit(inputs);
  };

  return (
    <Modal
      open={action !== null}
      title={title}
      okText={t('buttons.ok')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: action?.danger }}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={submit}
      afterOpenChange={afterOpenChange}
      destroyOnHidden
    >
      {action?.warning && <Alert type="warning" showIcon message={t(action.warning)} style={{ marginBottom: 16 }} />}
      {/* Named, so its inputs' ids (and their labels' targets) differ from the filter form's of the same fields. */}
      <Form ref={formRef} form={form} name="rowAction" layout="vertical" preserve={false} initialValues={initial}>
        {action &&
          visibleInputs(action, values).map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={label(f.name)}
              valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
              {...(f.type === 'datetime' ? TIME_TEXT_PROPS : { normalize: normalizerOf(f) })}
              // An input shown only for another's value is asked because it is needed then.
              required={schema && !f.visibleWhen ? isRequired(schema, f.name) : true}
              rules={schema ? fieldRules(schema, f.name, t, label(f.name)) : [{ required: true, whitespace: true, message: t('validation.named', { label: label(f.name), reason: t('validation.required') }) }]}
              extra={f.hint ? t(f.hint) : undefined}
            >
              <FieldInput field={f} mode="form" />
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}
