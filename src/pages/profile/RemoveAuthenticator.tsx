/**
 * "Remove my authenticator" on the profile: a current code from the device in a dialog, then a
 * confirmation. The server asks the second-level password as well; the confirmation is put away
 * before its window opens (providers/confirmations.ts, through useFeedback's confirm) while this
 * dialog stays for another try. Removed while verification is still required, the route guard
 * sends the user to bind a new device.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useInvalidateAuthStore } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../common/feedback/Feedback';
import { validatedValues } from '../../common/forms';
import { refreshUserInfo } from '../../providers/auth';
import { fieldRules } from '../../components/resource/schemaRules';
import { removeAuthenticator } from '../../../resources/profile/schema';
import { profileApi } from './api';

export function RemoveAuthenticator() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const invalidateAuth = useInvalidateAuthStore();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ googleCode: string }>();
  const label = t('profile.fields.googleCode');

  const remove = async (googleCode: string) => {
    try {
      await profileApi.removeAuthenticator(googleCode);
    } catch {
      // The http layer showed the msg (a wrong code), or the second-level window was cancelled: the dialog stays.
      return;
    }
    setOpen(false);
    message.success(t('profile.google.removed'));
    await client.invalidateQueries({ queryKey: ['profile'] });
    await refreshUserInfo();
    await invalidateAuth();
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    modal.confirm({
      title: t('profile.google.removeQuestion'),
      content: t('profile.google.removeWarning'),
      okText: t('buttons.ok'),
      cancelText: t('buttons.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove(values.googleCode.trim()),
    });
  };

  return (
    <>
      <Button size="small" type="link" danger onClick={() => setOpen(true)} data-testid="remove-authenticator">
        {t('profile.google.remove')}
      </Button>
      <Modal open={open} title={t('profile.google.remove')} okText={t('buttons.ok')} cancelText={t('buttons.cancel')} okButtonProps={{ danger: true }} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Alert type="warning" showIcon message={t('profile.google.removeWarning')} style={{ marginBottom: 16 }} />
        <Form form={form} name="removeAuthenticator" layout="vertical" preserve={false}>
          <Form.Item name="googleCode" label={label} rules={fieldRules(removeAuthenticator, 'googleCode', t, label)}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={12} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
