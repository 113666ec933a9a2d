/**
 * Export of a list: asks the declaration's `api.export` with the list's own filters and sort (as
 * getList sends them) and saves the CSV file the server streams, under the name it gave; when the
 * list had more rows than the server's cap (its X-Export-Truncated header), says how many were
 * written. Shown to roles with the `export` ability. The download code loads on the first click.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ResourceApi } from '../../../resources/types';
import { listParams } from '../../providers/data';
import { ApiError } from '../../providers/http';

interface Props {
  api: ResourceApi;
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** The list's meta: its declared fields and fixed filters, as getList sends them. */
  meta?: Record<string, unknown>;
}

export function ExportButton({ api, filters, sorters, meta }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { download, saveFile } = await import('../../providers/download');
      const file = await download(api.export!, listParams(filters, sorters, meta), { silent: true }, 'export.csv');
      saveFile(file.blob, file.fileName);
      if (file.headers.get('x-export-truncated') === 'true') void message.warning(t('list.exportTruncated', { rows: Number(file.headers.get('x-export-rows')) }));
    } catch (error) {
      // A second-level window the user closed: nothing was asked of the server, nothing failed.
      if (error instanceof ApiError && error.promptCancelled) return;
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
