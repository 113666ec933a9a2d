/** /home: the default screen after login. */
import { Card, Typography } from 'antd';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/auth';

export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<UserInfo>();
  return (
    <Card>
      <Typography.Title level={4} data-testid="home-welcome">
        {t('home.welcome', { name: user?.name ?? '' })}
      </Typography.Title>
      <Typography.Text type="secondary">{user && t(`roles.${user.access}`)}</Typography.Text>
    </Card>
  );
}
