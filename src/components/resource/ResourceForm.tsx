/** The generic create/edit screen: inputs from the declaration, validated by its shared schema. */
import { Create, Edit, useForm } from '@refinedev/antd';
import { Col, Form, Row } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../fields/FieldInput';
import { CopyText } from '../fields/CopyText';
import { normalizerOf } from '../../../resources/common/normalize';
import { useTagLabel } from '../../common/tags';
import { fieldRules, isRequired, pendingObjectErrors } from './schemaRules';
import { recordName } from './recordName';
import { isPendingReview, PENDING_REVIEW_TEXT } from './pendingReview';
import { fieldsFor, useDeclaration, useLabels } from './useDeclaration';
import { PageTitle } from './PageTitle';
import { refusalText } from './refusal';
import { FORMS } from '../../common/forms';

export default function ResourceForm({ action }: { action: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const { declaration, identifier } = useDeclaration();
  const labels = useLabels(declaration);
  const variantCreate = declaration.variants?.find((v) => v.name === identifier)?.createSchema;
  const schema = action === 'create' ? (variantCreate ?? declaration.createSchema) : declaration.editSchema;
  const fields = fieldsFor(declaration, identifier).filter((f) => (action === 'create' ? f.create : f.edit));
  // A refused edit says "Update Failed" and why, in one line; a cancelled second-level prompt says nothing.
  const updateRefused = (error?: unknown) => {
    const text = refusalText('errors.updateFailed', error, t);
    return text ? { type: 'error' as const, message: text } : false;
  };
  const { formProps, saveButtonProps, form, query } = useForm({
    resource: identifier,
    action,
    redirect: 'list',
    // The platform's success texts, not Refine's "Successfully created <identifier>"; a change held
    // for review says so instead.
    successNotification: (result) => ({
      type: 'success',
      message: t(isPendingReview(result?.data) ? PENDING_REVIEW_TEXT : action === 'create' ? 'common.operationSuccessful' : 'common.updateSuccessful'),
    }),
    errorNotification: action === 'edit' ? updateRefused : undefined,
    // A value the server answers only now (a new token): shown once, to copy.
    onMutationSuccess: (result) => {
      const once = action === 'create' && declaration.createShowsOnce ? (result.data as Record<string, unknown>)[declaration.createShowsOnce] : undefined;
      if (once !== undefined)
        modal.info({
          title: labels.field(declaration.createShowsOnce!),
          content: <CopyText code text={String(once)} data-testid="created-once" />,
        });
    },
  });
  const twoColumns = declaration.formColumns === 2;
  const createDefaults = Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]));

  const shown = fields.map((f) => f.name);
  // Cross-field rules (e.g. min <= max) are checked on the whole object, like the server does.
  const crossErrors = (values: Record<string, unknown>, failing: string[] = []) =>
    pendingObjectErrors(schema, action === 'edit' ? { ...values, id: formProps.initialValues?.id } : values, t, shown, failing, labels.field);

  const onFinish = async (values: Record<string, unknown>) => {
    const errors = crossErrors(values);
    if (errors.length) {
      form.setFields(errors);
      form.scrollToField(errors[0].name, FORMS.scrollToFirstError);
      return;
    }
    return formProps.onFinish?.(values);
  };
  // antd stops at the fields' own rules: the cross-field ones are added so every error shows at once.
  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const more = crossErrors(form.getFieldsValue(true), errorFields.map((e) => String(e.name[0])));
    if (more.length) form.setFields(more);
  };
  const name = action === 'edit' ? recordName(query?.data?.data as Record<string, unknown> | undefined, formProps.initialValues?.id) : undefined;
  useTagLabel(name);

  const body = (
    <Form {...formProps} initialValues={action === 'create' ? { ...createDefaults, ...formProps.initialValues } : formProps.initialValues} onFinish={onFinish} onFinishFailed={onFinishFailed} layout="vertical" style={{ maxWidth: twoColumns ? 1000 : 640 }}>
      <Row gutter={24}>
        {fields.map((f) => (
          <Col key={f.name} xs={24} md={twoColumns ? 12 : 24}>
            <Form.Item
              name={f.name}
              label={labels.field(f)}
              required={isRequired(schema, f.name)}
              rules={fieldRules(schema, f.name, t, labels.field(f))}
              valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
              normalize={normalizerOf(f)}
              extra={(f.type === 'password' || f.type === 'secret') && action === 'edit' ? t('common.passwordKeep') : f.hint ? t(f.hint) : undefined}
            >
              <FieldInput field={f} mode="form" />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
  const title = t(`pageHeader.${action}`, { title: labels.title(identifier), name: name ?? '' });
  return action === 'create' ? (
    <Create breadcrumb={false} title={<PageTitle text={title} back />} goBack={false} saveButtonProps={saveButtonProps}>
      {body}
    </Create>
  ) : (
    <Edit breadcrumb={false} title={<PageTitle text={title} back />} goBack={false} saveButtonProps={saveButtonProps} canDelete={false}>
      {body}
    </Edit>
  );
}
