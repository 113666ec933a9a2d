/**
 * Export of a list: asks the declaration's `api.export` with the list's own filters and sort (as
 * getList sends them) and saves the CSV the server wrote. Shown to roles with the `export` ability.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { useFeedback } from '../../shell/feedback/Feedback';
import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ResourceApi } from '../../../resources/types';
import { get } from '../../providers/http';
import { listParams } from '../../providers/data';

interface Props {
  api: ResourceApi;
  filters: CrudFilter[];
  sorters: CrudSort[];
  meta?: Record<string, unknown>;
}

interface ExportFile {
  fileName: string;
  csv: string;
  rows: number;
  truncated: boolean;
}

/** Saves text as a file through a temporary link; the byte order mark lets spreadsheets read UTF-8 names. */
function save(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButton({ api, filters, sorters, meta }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await get<ExportFile>(api.export!, listParams(api, filters, sorters, meta), { silent: true });
      save(file.fileName, file.csv);
      if (file.truncated) void message.warning(t('list.exportTruncated', { rows: file.rows }));
    } catch (error) {
      void message.error(`${t('list.exportFailed')}${error instanceof Error && error.message ? `: ${error.message}` : ''}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="list-export">
      {t('list.export')}
    </Button>
  );
}
