/**
 * /payoutBatch/list: the generic batch list with a "New batch" button, shown to roles that may
 * create batches while ShowBatchButton is on. A new batch opens on its own page, where it is
 * exported, downloaded and confirmed.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import ResourceList from '../../components/resource/ResourceList';
import { useDeclaration } from '../../components/resource/useDeclaration';
import { useBatchSettings } from './api';
import { NewBatchDialog } from './NewBatchDialog';

export default function PayoutBatchListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility<AppAbility>();
  const { declaration, identifier } = useDeclaration();
  const settings = useBatchSettings();
  const [open, setOpen] = useState(false);
  const canCreate = ability.can('create', identifier) && settings.data?.showBatchButton === true;
  const showPath = (id: number) => (identifier === declaration.name ? declaration.routes.show! : declaration.variants!.find((v) => v.name === identifier)!.routes.show!).replace(':id', String(id));

  return (
    <>
      <ResourceList
        extraButtons={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
              {t('payoutBatches.actions.newBatch')}
            </Button>
          )
        }
      />
      <NewBatchDialog open={open} onClose={() => setOpen(false)} onCreated={(id) => (setOpen(false), navigate(showPath(id)))} />
    </>
  );
}
