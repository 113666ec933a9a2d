/**
 * One setting's value and its save: GET get<Name> and POST set<Name>. Saving the system name
 * switch or flag reloads the user info, so the shell (the menu's brand) shows the change at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useInvalidateAuthStore } from '@refinedev/core';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../providers/http';
import { refreshUserInfo } from '../../providers/auth';
import { settingPath, type SettingDeclaration } from '../../../resources/system-config/settings';

export type SettingValue = boolean | number | string;

/** Settings the user info carries (server/users/session.ts). */
const IN_USER_INFO = ['ShowLogo', 'SysFlag'];

export function useSetting(setting: SettingDeclaration) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const invalidateAuth = useInvalidateAuthStore();
  const [saving, setSaving] = useState(false);
  const key = ['systemConfig', setting.name];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await get<{ enable?: boolean; value?: number | string }>(settingPath('get', setting.name));
      return (setting.kind === 'enable' ? answer.enable : answer.value) as SettingValue;
    },
  });

  const save = async (value: SettingValue): Promise<boolean> => {
    setSaving(true);
    try {
      const body = setting.kind === 'enable' ? { enable: value } : { value };
      const answer = await post<{ enable?: boolean; value?: number | string }>(settingPath('set', setting.name), body);
      client.setQueryData(key, setting.kind === 'enable' ? answer.enable : answer.value);
      if (IN_USER_INFO.includes(setting.name)) {
        await refreshUserInfo();
        await invalidateAuth();
      }
      void message.success(t('systemConfig.saved'));
      return true;
    } catch {
      // The request layer already showed the server's msg (or the second login was cancelled).
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { value: query.data, loading: query.isLoading, saving, save };
}
