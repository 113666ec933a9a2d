/**
 * Header button to the to-do items awaiting review, with their number, for reviewers only. The
 * count is polled every 30 s; its query key sits under the to-do list's, so a decision taken on the
 * list (which refreshes the list) refreshes the badge at once.
 */
import { useNavigate } from 'react-router';
import { Button, Tooltip } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { keys } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import { TODO_ITEMS, TODO_MINE_LIST, todoApi } from '../../../resources/todo-items/api';
import type { AppAbility } from '../../../providers/ability-engine';
import { CountBadge } from '../../common/HeaderBadge';

const POLL_MS = 30_000;
const pendingList = `${TODO_MINE_LIST}?${new URLSearchParams({ 'filters[0][field]': 'state', 'filters[0][operator]': 'eq', 'filters[0][value]': 'pending' })}`;

export function TodoBadge() {
  const ability = useAbility<AppAbility>();
  return ability.can('list', TODO_ITEMS) ? <PendingCount /> : null;
}

function PendingCount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: keys().data().resource(TODO_ITEMS).action('list').params({ pendingCount: true }).get(),
    queryFn: () => get<{ count: number }>(todoApi.calls.pendingCount, undefined, { silent: true }),
    refetchInterval: POLL_MS,
  });
  return (
    <Tooltip title={t('todoItems.badge')}>
      <CountBadge count={data?.count ?? 0} offset={[-4, 4]} data-testid="todo-count">
        <Button type="text" aria-label={t('todoItems.badge')} data-testid="todo-button" icon={<AuditOutlined />} onClick={() => navigate(pendingList)} />
      </CountBadge>
    </Tooltip>
  );
}
