/**
 * One setting's value and its save: every row reads the one GET getAllSettings (one request for the
 * whole screen, shared through the query cache) and saves with POST set<Name>. Saving the system name
 * switch or flag reloads the user info, so the shell (the menu's brand) shows the change at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useInvalidateAuthStore } from '@refinedev/core';
import { useFeedback } from '../../common/feedback/Feedback';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../providers/http';
import { refreshUserInfo } from '../../providers/auth';
import { settingPath, type SettingDeclaration } from '../../../resources/system-config/settings';
import { systemConfigApi } from '../../../resources/system-config';

export type SettingValue = boolean | number | string;
type Stored = { enable?: boolean; value?: number | string };
type AllSettings = { settings: Record<string, Stored> };

const ALL_KEY = ['systemConfig', 'all'];

/** Settings the user info carries (server/users/session.ts). */
const IN_USER_INFO = ['ShowLogo', 'SysFlag', 'CardCountry'];

export function useSetting(setting: SettingDeclaration) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const invalidateAuth = useInvalidateAuthStore();
  const [saving, setSaving] = useState(false);
  const pick = (stored: Stored | undefined) => (setting.kind === 'enable' ? stored?.enable : stored?.value) as SettingValue | undefined;
  const query = useQuery({
    queryKey: ALL_KEY,
    queryFn: () => get<AllSettings>(systemConfigApi.calls.getAllSettings),
    select: (all) => pick(all.settings[setting.name]),
  });

  const save = async (value: SettingValue): Promise<boolean> => {
    setSaving(true);
    try {
      const body = setting.kind === 'enable' ? { enable: value } : { value };
      const answer = await post<Stored>(settingPath('set', setting.name), body);
      client.setQueryData<AllSettings>(ALL_KEY, (all) => all && { settings: { ...all.settings, [setting.name]: answer } });
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
