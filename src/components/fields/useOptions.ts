/** Options of an enum field: fixed values with translated labels, or fetched once from the API. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import type { OptionSource } from '../../../resources/types';

export interface Option {
  value: string | number;
  label: string;
}

export function useOptions(source: OptionSource | undefined): Option[] {
  const { t } = useTranslation();
  const api = source && 'api' in source ? source : undefined;
  const { data } = useQuery({
    queryKey: ['options', api?.api, api?.query],
    queryFn: () => get<Option[]>(api!.api, api!.query, { silent: true }),
    enabled: Boolean(api),
    staleTime: 60_000,
  });
  if (!source) return [];
  if ('values' in source) return source.values.map((v) => ({ value: v, label: t(`${source.labelKey}.${v}`, { defaultValue: String(v) }) }));
  return data ?? [];
}
