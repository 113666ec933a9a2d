/** A script's versions (newest first) and the diff between any two of them, computed by the server. */
import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { get } from '../../providers/http';
import type { ScriptDiff, scriptCalls, ScriptVersion } from '../../../resources/scripts/kit';
import { DiffView } from './DiffView';

interface Props {
  scriptId: number;
  calls: ReturnType<typeof scriptCalls>;
  versions: ScriptVersion[];
  current?: number;
  onView: (version: number) => void;
}

export function VersionsCard({ scriptId, calls, versions, current, onView }: Props) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<number | undefined>();
  const [to, setTo] = useState<number | undefined>();
  const [diff, setDiff] = useState<ScriptDiff | undefined>();
  const [loading, setLoading] = useState(false);
  // By default the last change: the version before the current one against the current one.
  const fromValue = from ?? (current && current > 1 ? current - 1 : current);
  const toValue = to ?? current;
  const options = versions.map((v) => ({ value: v.version, label: `v${v.version}` }));

  const compare = async () => {
    setLoading(true);
    try {
      setDiff(await get<ScriptDiff>(calls.diff, { id: scriptId, from: fromValue, to: toValue }));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card style={{ marginTop: 16 }} title={t('scripts.versions.title')}>
      <Table<ScriptVersion>
        rowKey="version"
        size="small"
        dataSource={[...versions].reverse()}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { key: 'version', title: t('scripts.versions.version'), width: 110, render: (_, v) => (v.version === current ? <Space>{`v${v.version}`}<Tag color="blue">{t('scripts.versions.current')}</Tag></Space> : `v${v.version}`) },
          { key: 'author', dataIndex: 'authorName', title: t('scripts.versions.author'), width: 150 },
          { key: 'note', dataIndex: 'note', title: t('scripts.versions.note'), ellipsis: true },
          { key: 'size', dataIndex: 'bytes', title: t('scripts.versions.size'), width: 110, render: (b: number) => (b < 1024 ? `${b} B` : `${(b / 1024).toFixed(1)} KB`) },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('scripts.versions.createdAt'), width: 180, render: (d: string) => dayjs(d).format('YYYY-MM-DD HH:mm:ss') },
          { key: 'view', title: '', width: 90, render: (_, v) => <Button size="small" onClick={() => onView(v.version)}>{t('scripts.versions.view')}</Button> },
        ]}
      />
      <Space wrap style={{ margin: '12px 0' }}>
        <span>{t('scripts.versions.from')}</span>
        <Select aria-label={t('scripts.versions.from')} data-testid="diff-from" style={{ width: 110 }} options={options} value={fromValue} onChange={setFrom} />
        <span>{t('scripts.versions.to')}</span>
        <Select aria-label={t('scripts.versions.to')} data-testid="diff-to" style={{ width: 110 }} options={options} value={toValue} onChange={setTo} />
        <Button onClick={() => void compare()} loading={loading} disabled={fromValue === undefined} data-testid="compare-versions">
          {t('scripts.versions.compare')}
        </Button>
      </Space>
      {diff && <DiffView diff={diff} />}
    </Card>
  );
}
