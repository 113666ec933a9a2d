/**
 * System maintenance /systemConfig-admin: reset the resource pool and repair system resources
 * (server/system-config/maintenance.ts), each after a confirmation, each answering what it found
 * and what is left, shown under its button. Custom screen: two confirmed calls and their reports.
 */
import { Button, Card, Col, Popconfirm, Row, Space, Table, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { ReloadOutlined, ToolOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { get } from '../../providers/http';
import { TIME_FORMAT } from '../../providers/conventions';
import { refusalText } from '../../components/resource/refusal';
import type { AppAbility } from '../../../providers/ability-engine';
import { maintenanceApi, type MaintenanceReport } from '../../../resources/system-config';

type Job = 'reset' | 'fix';
const JOBS: { job: Job; action: 'release' | 'repairStatus'; icon: React.ReactNode }[] = [
  { job: 'reset', action: 'release', icon: <ReloadOutlined /> },
  { job: 'fix', action: 'repairStatus', icon: <ToolOutlined /> },
];
/** A job's words before the server's reason when it is refused ("Fix failed: ..."); a job without them shows the reason alone. */
const FAILURE: Partial<Record<Job, string>> = { fix: 'errors.fixFailed' };

function JobCard({ job, icon, allowed }: { job: Job; icon: React.ReactNode; allowed: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ at: string; report: MaintenanceReport } | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const report = await get<MaintenanceReport>(maintenanceApi.calls[job], undefined, { silent: Boolean(FAILURE[job]) });
      setResult({ at: dayjs().format(TIME_FORMAT), report });
      void message.success(t(`systemConfig.maintenance.${job}Done`));
    } catch (error) {
      // Otherwise shown by the request layer.
      const refused = FAILURE[job] ? refusalText(FAILURE[job], error, t) : null;
      if (refused) void message.error(refused);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t(`systemConfig.maintenance.${job}Title`)} style={{ height: '100%' }} data-testid={`maintenance-${job}`}>
      <Typography.Paragraph type="secondary">{t(`systemConfig.maintenance.${job}Help`)}</Typography.Paragraph>
      {allowed && (
        <Popconfirm title={t(`systemConfig.maintenance.${job}Title`)} description={t(`systemConfig.maintenance.${job}Confirm`)} onConfirm={run} okButtonProps={{ danger: true, ...{ 'data-testid': `maintenance-${job}-confirm` } }}>
          <Button type="primary" danger icon={icon} loading={busy} data-testid={`maintenance-${job}-run`}>
            {t(`systemConfig.maintenance.${job}Button`)}
          </Button>
        </Popconfirm>
      )}
      {result && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }} data-testid={`maintenance-${job}-report`}>
          <Typography.Text type="secondary">{`${t('systemConfig.maintenance.lastRun')}: ${result.at}`}</Typography.Text>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={result.report.figures}
            columns={[
              { key: 'name', title: t('systemConfig.maintenance.figure'), render: (_, f) => t(`systemConfig.maintenance.figures.${f.name}`) },
              { key: 'before', dataIndex: 'before', title: t('systemConfig.maintenance.before'), align: 'right', width: 90 },
              { key: 'repaired', title: t('systemConfig.maintenance.repaired'), align: 'right', width: 90, render: (_, f) => f.before - f.after },
              { key: 'after', dataIndex: 'after', title: t('systemConfig.maintenance.after'), align: 'right', width: 110 },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}

export default function SystemMaintenancePage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('resources.systemMaintenance')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('systemConfig.maintenance.intro')}</Typography.Text>
      </Card>
      <Row gutter={[16, 16]}>
        {JOBS.map(({ job, action, icon }) => (
          <Col key={job} xs={24} lg={12}>
            <JobCard job={job} icon={icon} allowed={ability.can(action, 'systemMaintenance')} />
          </Col>
        ))}
      </Row>
    </Space>
  );
}
