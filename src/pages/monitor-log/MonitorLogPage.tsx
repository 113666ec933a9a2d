/**
 * /monitorLog/monitorLog and its customer-service variant: the generic log list (filters, paging,
 * newest first) with the monitors and their status labels above the filters, so an operator sees
 * at once which monitor is down before reading its lines. Custom only for what a table declaration
 * cannot say: the Clear button acts on the whole log, not a row, and the monitors come from another call.
 */
import ResourceList from '../../components/resource/ResourceList';
import { ClearLogButton } from './ClearLogButton';
import { MonitorsPanel } from './MonitorsPanel';

export default function MonitorLogPage() {
  return <ResourceList extraButtons={<ClearLogButton />} aboveFilters={<MonitorsPanel />} />;
}
