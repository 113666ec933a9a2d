/** Options of an enum field: fixed values with translated labels, or fetched once from the API. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../providers/http';
import type { TFunction } from 'i18next';
import type { OptionSource } from '../../../resources/types';

export interface Option {
  value: string | number;
  label: string;
  /** Tag color of the value (an order status), when the source gives one. */
  color?: string;
}

/** A fixed source's values with their translated labels (undefined for a source the API answers). */
export function fixedOptions(source: OptionSource | undefined, t: TFunction): Option[] | undefined {
  if (!source || !('values' in source)) return undefined;
  return source.values.map((v) => ({ value: v, label: t(`${source.labelKey}.${source.labels?.[v] ?? v}`, { defaultValue: String(v) }), color: source.colors?.[v] }));
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
  return fixedOptions(source, t as TFunction) ?? data ?? [];
}
