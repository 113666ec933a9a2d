/**
 * /monitorLog/monitorLog and its customer-service variant: the generic log list (filters, paging,
 * newest first) in one tab, and the monitors with their status labels in the other. Custom only
 * for what a table declaration cannot say: the Clear button acts on the whole log, not a row, and
 * the monitors panel reads another call.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import ResourceList from '../../components/resource/ResourceList';
import { ClearLogButton } from './ClearLogButton';
import { MonitorsPanel } from './MonitorsPanel';

export default function MonitorLogPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      data-testid="monitor-log"
      destroyOnHidden={false}
      items={[
        { key: 'logs', label: t('monitorLogs.tabs.logs'), children: <ResourceList extraButtons={<ClearLogButton />} /> },
        { key: 'monitors', label: t('monitorLogs.tabs.monitors'), children: <MonitorsPanel /> },
      ]}
    />
  );
}
