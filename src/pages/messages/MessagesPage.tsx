/**
 * Messages: unread, read and trash lists. Opening an unread message marks it
 * read, so the unread count (tab and header) drops; read ones can be removed, trashed ones restored.
 * Custom screen: three lists with a reading pane, not a paged table. The tab is in the URL (?tab=).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Card, Col, Empty, List, Row, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { TIME_FORMAT } from '../../providers/conventions';
import { fetchContent, useMessageLists, useMoveMessage, type MessageContent, type MessageLists, type MessageMove, type MessageSummary } from './api';

type TabKey = keyof MessageLists;
const TABS: TabKey[] = ['unread', 'readed', 'trash'];
/** The move each list offers on its rows. */
const MOVE: Record<TabKey, MessageMove> = { unread: 'has_read', readed: 'remove_readed', trash: 'restore' };

export default function MessagesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.includes(params.get('tab') as TabKey) ? (params.get('tab') as TabKey) : 'unread';
  const { data, isLoading } = useMessageLists();
  const move = useMoveMessage();
  const [open, setOpen] = useState<MessageContent | null>(null);
  const [loading, setLoading] = useState(false);

  const show = async (m: MessageSummary) => {
    setLoading(true);
    try {
      const content = await fetchContent(m.msg_id);
      setOpen(content);
      if (content.state === 'unread') {
        await move('has_read', m.msg_id);
        setOpen({ ...content, state: 'read' });
      }
    } catch {
      // The http layer already showed the msg and logged the failed call; nothing more to tell.
    } finally {
      setLoading(false);
    }
  };

  const act = async (m: MessageSummary) => {
    try {
      await move(MOVE[tab], m.msg_id);
      if (open?.msg_id === m.msg_id) setOpen(null);
    } catch {
      // Shown and logged by the http layer.
    }
  };

  const list = (key: TabKey) => (
    <List
      data-testid={`messages-${key}`}
      loading={isLoading}
      dataSource={data?.[key] ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} /> }}
      renderItem={(m) => (
        <List.Item
          data-testid="message-item"
          style={{ cursor: 'pointer', background: open?.msg_id === m.msg_id ? 'rgba(22,119,255,0.06)' : undefined, paddingInline: 8 }}
          onClick={() => void show(m)}
          actions={[
            <Button
              key="move"
              size="small"
              type="link"
              data-testid={`message-${MOVE[key]}`}
              onClick={(e) => {
                e.stopPropagation();
                void act(m);
              }}
            >
              {t(`messages.actions.${MOVE[key]}`)}
            </Button>,
          ]}
        >
          <List.Item.Meta title={<Typography.Text strong={key === 'unread'} ellipsis={{ tooltip: m.title }}>{m.title}</Typography.Text>} description={dayjs(m.create_time).format(TIME_FORMAT)} />
        </List.Item>
      )}
    />
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams({ tab: key })}
            items={TABS.map((key) => ({
              key,
              label: (
                <span data-testid={`messages-tab-${key}`}>
                  {t(`messages.tabs.${key}`)} <Badge count={data?.[key].length ?? 0} showZero color={key === 'unread' ? undefined : '#bfbfbf'} size="small" />
                </span>
              ),
              children: list(key),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={open?.title ?? t('messages.pick')} data-testid="message-content">
          <Spin spinning={loading}>
            {open ? (
              <>
                <Typography.Paragraph type="secondary">{dayjs(open.create_time).format(TIME_FORMAT)}</Typography.Paragraph>
                <Typography.Paragraph>{open.content}</Typography.Paragraph>
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.pickHint')} />
            )}
          </Spin>
        </Card>
      </Col>
    </Row>
  );
}
