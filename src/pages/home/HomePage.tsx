/**
 * /home: the screen an operator opens every morning. Yesterday, today and total figures, the
 * balance statistics, the service switch and a trend of the last days, refreshing themselves at the
 * chosen interval while keeping the figures on screen. Custom because it is a dashboard, not a
 * list. Each role sees what the abilities give it (`dashboard`: a merchant its own figures, a
 * supplier its team's); a role without it gets the welcome card only.
 */
import { Card, Col, Row, Select, Space, Typography } from 'antd';
import { useGetIdentity } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/auth';
import type { AppAbility } from '../../../providers/ability-engine';
import { statisticsSubjectsOf } from '../../../resources/statistics';
import { BalanceCard, PeriodCards } from './FigureCards';
import { ServiceSwitch } from './ServiceSwitch';
import { TrendCard } from './TrendCard';
import { REFRESH_SECONDS, useRefreshInterval } from './useRefreshInterval';

export default function HomePage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const { data: user } = useGetIdentity<UserInfo>();
  const [seconds, setSeconds] = useRefreshInterval(user?.user_id);
  const refetchInterval = seconds > 0 ? seconds * 1000 : false;
  const dashboard = ability.can('list', 'dashboard');
  const trend = statisticsSubjectsOf(1).some((s) => ability.can('list', s));

  const header = (
    <Card size="small">
      <Row justify="space-between" align="middle" gutter={[16, 8]}>
        <Col>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="home-welcome">
            {t('home.welcome', { name: user?.name ?? '' })}
          </Typography.Title>
          <Typography.Text type="secondary">{user && t(`roles.${user.access}`)}</Typography.Text>
        </Col>
        {dashboard && (
          <Col>
            <Space size={24} wrap>
              <ServiceSwitch refetchInterval={refetchInterval} />
              <Space>
                <Typography.Text type="secondary">{t('home.refresh.title')}</Typography.Text>
                <Select<number>
                  size="small"
                  style={{ width: 110 }}
                  aria-label={t('home.refresh.title')}
                  data-testid="home-refresh"
                  value={seconds}
                  onChange={setSeconds}
                  options={REFRESH_SECONDS.map((s) => ({ value: s, label: s ? t('home.refresh.every', { seconds: s }) : t('home.refresh.off') }))}
                />
              </Space>
            </Space>
          </Col>
        )}
      </Row>
    </Card>
  );

  if (!dashboard) return header;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="home-dashboard">
      {header}
      <PeriodCards refetchInterval={refetchInterval} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={trend ? 8 : 24}>
          <BalanceCard refetchInterval={refetchInterval} />
        </Col>
        {trend && (
          <Col xs={24} xl={16}>
            <TrendCard refetchInterval={refetchInterval} />
          </Col>
        )}
      </Row>
    </Space>
  );
}
