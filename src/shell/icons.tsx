/** Icons named by resource declarations (declarations stay serializable: they hold names only). */
import { HomeOutlined, SettingOutlined, TeamOutlined, AppstoreOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
};

export const iconFor = (name?: string): ReactNode => (name && ICONS[name]) || <AppstoreOutlined />;
