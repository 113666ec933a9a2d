/** The generic detail screen: every field declared with `show` (and `showWhen` the row matches). */
import { ListButton, RefreshButton, Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldValue } from '../fields/FieldValue';
import { useTagLabel } from '../../common/tags';
import { fieldsFor, useDeclaration, useLabels } from './useDeclaration';
import { PageTitle } from './PageTitle';
import { recordName } from './recordName';
import { rowMatches } from './rowMatch';

export default function ResourceShow() {
  const { t } = useTranslation();
  const { declaration, identifier } = useDeclaration();
  const labels = useLabels(declaration);
  const { query } = useShow({ resource: identifier });
  const record = query.data?.data ?? {};
  const name = query.data ? recordName(record as Record<string, unknown>) : undefined;
  useTagLabel(name);
  return (
    <Show
      breadcrumb={false}
      title={<PageTitle text={t('pageHeader.show', { title: labels.title(identifier), name: name ?? '' })} back />}
      goBack={false}
      isLoading={query.isLoading}
      canEdit={false}
      canDelete={false}
      // The list button named by the translated screen title (Refine would pluralize the identifier).
      headerButtons={({ listButtonProps, refreshButtonProps }) => (
        <>
          {listButtonProps && <ListButton {...listButtonProps}>{labels.title(identifier)}</ListButton>}
          <RefreshButton {...refreshButtonProps} />
        </>
      )}
    >
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
        {fieldsFor(declaration, identifier)
          .filter((f) => f.show && rowMatches(record as Record<string, unknown>, f.showWhen))
          .map((f) => (
            <Descriptions.Item key={f.name} label={labels.field(f)}>
              <FieldValue field={f} value={(record as Record<string, unknown>)[f.name]} />
            </Descriptions.Item>
          ))}
      </Descriptions>
    </Show>
  );
}
