/**
 * Online users: the live sessions from POST /user/getSessions and a force-logout
 * button per session, asked for confirmation. Sessions are named by an opaque id, never a token.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { ReloadOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { post } from '../../providers/http';
import type { AppAbility } from '../../../providers/ability-engine';
import { onlineUserApi } from '../../../resources/online-users';

export interface OnlineSession {
  token: string;
  userId: number;
  account: string;
  nickname: string;
  role: string;
  ip: string | null;
  userAgent: string | null;
  loginTime: string;
  lastSeenAt: string;
  expiresAt: string;
  current: boolean;
}

const KEY = ['user', 'getSessions'];
const PAGE_SIZE = 20;
const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

export default function OnlineUsersPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const ability = useAbility<AppAbility>();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const { data, isFetching, refetch } = useQuery({
    queryKey: [...KEY, page],
    queryFn: () => post<{ list: OnlineSession[]; total: number }>(onlineUserApi.list, { pageIndex: page, pageSize: PAGE_SIZE }),
  });
  const canForce = ability.can('forceLogout', 'onlineUsers');

  const forceLogout = async (session: OnlineSession) => {
    await post(onlineUserApi.calls.forceLogout, { token: session.token });
    void message.success(t('sessions.forcedOut', { account: session.account }));
    await client.invalidateQueries({ queryKey: KEY });
  };

  return (
    <Card
      title={t('resources.onlineUsers')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
          {t('sessions.refresh')}
        </Button>
      }
    >
      <Table<OnlineSession>
        data-testid="online-users"
        rowKey="token"
        size="middle"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showTotal: (total) => t('sessions.total', { total }) }}
        scroll={{ x: 1480 }}
        columns={[
          {
            key: 'account',
            title: t('sessions.account'),
            width: 210,
            render: (_, s) => (
              <Space direction="vertical" size={2}>
                <span>{s.account}</span>
                {s.current && <Tag color="blue">{t('sessions.current')}</Tag>}
              </Space>
            ),
          },
          { key: 'nickname', dataIndex: 'nickname', title: t('sessions.nickname'), width: 180, ellipsis: true },
          { key: 'role', dataIndex: 'role', title: t('sessions.role'), width: 170, render: (role: string) => t(`roles.${role}`) },
          { key: 'ip', dataIndex: 'ip', title: t('sessions.ip'), width: 140 },
          {
            key: 'userAgent',
            dataIndex: 'userAgent',
            title: t('sessions.userAgent'),
            width: 240,
            render: (ua: string | null) => (
              <Tooltip title={ua}>
                <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                  {ua}
                </Typography.Text>
              </Tooltip>
            ),
          },
          { key: 'loginTime', dataIndex: 'loginTime', title: t('sessions.loginTime'), width: 170, render: when },
          { key: 'lastSeenAt', dataIndex: 'lastSeenAt', title: t('sessions.lastSeenAt'), width: 170, render: when },
          { key: 'expiresAt', dataIndex: 'expiresAt', title: t('sessions.expiresAt'), width: 170, render: when },
          ...(canForce
            ? [
                {
                  key: 'actions',
                  title: t('sessions.actions'),
                  fixed: 'right' as const,
                  width: 130,
                  render: (_: unknown, s: OnlineSession) => (
                    <Popconfirm
                      title={t('sessions.confirmTitle')}
                      description={t(s.current ? 'sessions.confirmSelf' : 'sessions.confirmText', { account: s.account })}
                      okText={t('sessions.forceLogout')}
                      cancelText={t('buttons.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => forceLogout(s)}
                    >
                      <Button danger size="small" data-testid={`force-logout-${s.account}`}>
                        {t('sessions.forceLogout')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
