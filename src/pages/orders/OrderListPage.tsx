/**
 * The collection order lists: the generic list, plus a merchant's "Batch upload" button while
 * GET /order/orderUploadFlag says uploads are on. The dialog (and the CSV reader it brings) loads
 * only when the button is pressed.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { useInvalidate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { orderApi } from '../../../resources/orders/api';
import { get } from '../../providers/http';
import ResourceList from '../../components/resource/ResourceList';
import { useDeclaration } from '../../components/resource/useDeclaration';

const BatchUploadDialog = lazy(() => import('./BatchUploadDialog'));

export default function OrderListPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const { identifier } = useDeclaration();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const mayUpload = ability.can('create', 'orderBatch');
  const flag = useQuery({ queryKey: ['orderUploadFlag'], queryFn: () => get<{ enable: boolean }>(orderApi.uploadFlag, undefined, { silent: true }), enabled: mayUpload, staleTime: 30_000 });
  const shown = mayUpload && flag.data?.enable === true;

  return (
    <>
      <ResourceList
        extraButtons={
          shown && (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="order-batch-upload">
              {t('orderBatch.upload')}
            </Button>
          )
        }
      />
      {open && (
        <Suspense fallback={null}>
          <BatchUploadDialog onClose={() => setOpen(false)} onCreated={() => void invalidate({ resource: identifier, invalidates: ['list'] })} />
        </Suspense>
      )}
    </>
  );
}
