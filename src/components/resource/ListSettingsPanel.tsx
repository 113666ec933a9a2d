/**
 * The panel of a list's table settings (./ListSettings.tsx): the columns to show, with a reset to all
 * of them, and the row density. A chunk of its own, loaded when the operator first opens it.
 */
import { Button, Checkbox, Divider, Flex, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DENSITIES, toggleColumn, type Density, type ListSettings } from './listSettings';

interface Props {
  /** The columns the operator may turn off (the actions column is not among them). */
  columns: { key: string; title: string }[];
  settings: ListSettings;
  onChange: (next: ListSettings) => void;
}

const DENSITY_TEXT: Record<Density, string> = { large: 'list.densityLarge', middle: 'list.densityMiddle', small: 'list.densitySmall' };

export default function ListSettingsPanel({ columns, settings, onChange }: Props) {
  const { t } = useTranslation();
  const shown = columns.filter((c) => !settings.hidden.includes(c.key));
  return (
    <div style={{ width: 240 }} data-testid="list-settings">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('list.columns')}</Typography.Text>
        <Button size="small" type="link" disabled={settings.hidden.length === 0} onClick={() => onChange({ ...settings, hidden: [] })}>
          {t('list.resetColumns')}
        </Button>
      </Flex>
      <Flex vertical gap={4} style={{ maxHeight: 320, overflowY: 'auto', paddingBlock: 4 }}>
        {columns.map((c) => {
          const visible = !settings.hidden.includes(c.key);
          return (
            // The last column shown stays: a table of nothing but actions says nothing.
            <Checkbox key={c.key} checked={visible} disabled={visible && shown.length === 1} onChange={(e) => onChange(toggleColumn(settings, c.key, e.target.checked))}>
              {c.title}
            </Checkbox>
          );
        })}
      </Flex>
      <Divider style={{ marginBlock: 8 }} />
      <Typography.Text strong>{t('list.density')}</Typography.Text>
      <Segmented
        block
        size="small"
        style={{ marginTop: 4 }}
        aria-label={t('list.density')}
        value={settings.density}
        options={DENSITIES.map((d) => ({ value: d, label: t(DENSITY_TEXT[d]) }))}
        onChange={(density) => onChange({ ...settings, density })}
      />
    </div>
  );
}
