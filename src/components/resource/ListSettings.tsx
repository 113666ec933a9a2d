/**
 * The table settings of a list (ant-design-pro's table settings are the model): the columns shown,
 * with a reset to all of them, and the row density, remembered for the signed-in user and this screen
 * (./listSettings.ts) so a reload or the next visit shows the table as the operator left it.
 */
import { useMemo, useState } from 'react';
import { Button, Checkbox, Divider, Flex, Popover, Segmented, Tooltip, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/auth';
import { DEFAULT_SETTINGS, DENSITIES, readSettings, settingsKey, toggleColumn, type Density, type ListSettings } from './listSettings';

/** The settings of this screen for the signed-in user (the defaults until the user is known), and a setter that remembers them. */
export function useListSettings(identifier: string): [ListSettings, (next: ListSettings) => void] {
  const { data: user } = useGetIdentity<UserInfo>();
  const key = user ? settingsKey(user.user_id, identifier) : undefined;
  const stored = useMemo(() => (key ? readSettings(localStorage.getItem(key)) : DEFAULT_SETTINGS), [key]);
  // What was chosen on this screen since it opened, for the key it was chosen under.
  const [chosen, setChosen] = useState<{ key: string; settings: ListSettings } | null>(null);
  const settings = chosen && chosen.key === key ? chosen.settings : stored;
  const update = (next: ListSettings) => {
    if (!key) return;
    localStorage.setItem(key, JSON.stringify(next));
    setChosen({ key, settings: next });
  };
  return [settings, update];
}

interface Props {
  /** The columns the operator may turn off (the actions column is not among them). */
  columns: { key: string; title: string }[];
  settings: ListSettings;
  onChange: (next: ListSettings) => void;
}

const DENSITY_TEXT: Record<Density, string> = { large: 'list.densityLarge', middle: 'list.densityMiddle', small: 'list.densitySmall' };

export function ListSettingsButton({ columns, settings, onChange }: Props) {
  const { t } = useTranslation();
  const shown = columns.filter((c) => !settings.hidden.includes(c.key));
  const content = (
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
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Tooltip title={t('list.settings')}>
        <Button icon={<SettingOutlined />} aria-label={t('list.settings')} data-testid="list-settings-button" />
      </Tooltip>
    </Popover>
  );
}
