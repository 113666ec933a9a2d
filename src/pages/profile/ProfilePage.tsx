/**
 * /profile/list: the caller's own account. A custom screen because it is not a list of rows but one
 * account with several small forms (nickname, password, payment password) and panels that depend
 * on the role (merchant key, own products and rates). Every call acts on the signed-in user only.
 */
import { useState } from 'react';
import { Button, Card, Col, Descriptions, Input, Row, Space, Tag, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TIME_FORMAT } from '../../providers/conventions';
import { changePassword, setPayPassword, updateNickname } from '../../../resources/profile/schema';
import { reasonText } from '../../components/resource/schemaRules';
import { refusalText } from '../../components/resource/refusal';
import { profileApi } from './api';
import { MemberPanel } from './MemberPanel';
import { RemoveAuthenticator } from './RemoveAuthenticator';
import { SchemaForm } from './SchemaForm';

function NicknameEditor({ value }: { value: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState('');
  if (draft === null) {
    return (
      <Space>
        <span data-testid="profile-nickname">{value}</span>
        <Button size="small" type="link" onClick={() => setDraft(value)}>
          {t('buttons.edit')}
        </Button>
      </Space>
    );
  }
  const save = async () => {
    const checked = updateNickname.safeParse({ nickname: draft });
    if (!checked.success) return setError(reasonText(t, checked.error.issues[0], t('profile.fields.nickname')));
    try {
      await profileApi.updateNickname(checked.data.nickname);
    } catch (error) {
      // "Update Failed" and why (the http layer logged the call); the draft stays for another try.
      const refused = refusalText('errors.updateFailed', error, t);
      if (refused) message.error(refused);
      return;
    }
    message.success(t('common.updateSuccessful'));
    setDraft(null);
    await client.invalidateQueries({ queryKey: ['profile'] });
  };
  return (
    <Space align="start">
      <div>
        <Input size="small" value={draft} status={error ? 'error' : undefined} onChange={(e) => (setDraft(e.target.value), setError(''))} onPressEnter={save} />
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </div>
      <Button size="small" type="primary" onClick={save}>
        {t('buttons.save')}
      </Button>
      <Button size="small" onClick={() => setDraft(null)}>
        {t('buttons.cancel')}
      </Button>
    </Space>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const { data: me, isLoading } = useQuery({ queryKey: ['profile', 'me'], queryFn: profileApi.get });
  const time = (v: string | null) => (v ? dayjs(v).format(TIME_FORMAT) : '-');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="profile-page">
      <Card title={t('profile.sections.account')} size="small" loading={isLoading}>
        {me && (
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
            <Descriptions.Item label={t('profile.fields.account')}>
              <span data-testid="profile-account">{me.account}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.fields.nickname')}>
              <NicknameEditor value={me.nickname} />
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.fields.role')}>
              <Tag color="blue">{t(`roles.${me.role}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.fields.googleStatus')}>
              <Space>
                {me.googleBound ? <Tag color="green">{t('profile.google.bound')}</Tag> : <Tag>{t('profile.google.unbound')}</Tag>}
                {me.enableGoogleVerify && <Tag color="blue">{t('profile.google.required')}</Tag>}
                {me.googleBound ? <RemoveAuthenticator /> : <Link to="/googleVerify">{t('profile.google.bind')}</Link>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.fields.lastLoginIp')}>{me.lastLoginIp ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('profile.fields.lastLoginAt')}>{time(me.lastLoginAt)}</Descriptions.Item>
            <Descriptions.Item label={t('profile.fields.payPassword')}>
              {me.payPasswordSet ? <Tag color="green">{t('profile.payPasswordSet')}</Tag> : <Tag>{t('profile.payPasswordUnset')}</Tag>}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {me?.mchId && <MemberPanel profile={me} />}
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('profile.sections.password')} size="small" style={{ height: '100%' }}>
            <SchemaForm schema={changePassword} fields={['originalPassword', 'newPassword', 'confirmPassword']} submit={profileApi.changePassword} testId="change-password" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('profile.sections.payPassword')} size="small" style={{ height: '100%' }}>
            <SchemaForm schema={setPayPassword} fields={['loginPassword', 'payPassword', 'confirmPayPassword']} submit={profileApi.setPayPassword} testId="pay-password" />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
