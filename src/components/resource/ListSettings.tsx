/**
 * The table settings of a list (ant-design-pro's table settings are the model): the columns shown,
 * with a reset to all of them, and the row density, remembered for the signed-in user and this screen
 * (./listSettings.ts) so a reload or the next visit shows the table as the operator left it.
 */
import { lazy, Suspense, useMemo, useRef, useState, type ComponentProps, type MouseEvent } from 'react';
import { Button, Spin, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../providers/auth';
import { LazyPopover } from './lazyPopups';
import { DEFAULT_SETTINGS, readSettings, settingsKey, type ListSettings } from './listSettings';

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

const ListSettingsPanel = lazy(() => import('./ListSettingsPanel'));

/** The settings button of a list's toolbar; its popover and panel load on the first click. */
export function ListSettingsButton(props: ComponentProps<typeof ListSettingsPanel>) {
  const { t } = useTranslation();
  // null until the first click: the popover is not loaded yet.
  const [open, setOpen] = useState<boolean | null>(null);
  // The first click puts the button inside the popover (a new element, twice while it loads): a
  // keyboard user's focus follows it there.
  const keepFocus = useRef(false);
  const focusIfKept = (button: HTMLButtonElement | null) => {
    if (button && keepFocus.current) button.focus();
  };
  const firstOpen = (e: MouseEvent<HTMLElement>) => {
    keepFocus.current = document.activeElement === e.currentTarget;
    setOpen(true);
  };
  const openChange = (next: boolean) => {
    keepFocus.current = false;
    setOpen(next);
  };
  const content = (
    <Suspense fallback={<Spin size="small" />}>
      <ListSettingsPanel {...props} />
    </Suspense>
  );
  const button = (
    <Tooltip title={t('list.settings')}>
      <Button ref={focusIfKept} icon={<SettingOutlined />} aria-label={t('list.settings')} data-testid="list-settings-button" onClick={open === null ? firstOpen : undefined} />
    </Tooltip>
  );
  if (open === null) return button;
  return (
    <Suspense fallback={button}>
      <LazyPopover trigger="click" placement="bottomRight" content={content} open={open} onOpenChange={openChange}>
        {button}
      </LazyPopover>
    </Suspense>
  );
}
