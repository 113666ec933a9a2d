/** Icons named by resource declarations (declarations stay serializable: they hold names only). */
import {
  AccountBookOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BugOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  DollarOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  MailOutlined,
  MessageOutlined,
  MonitorOutlined,
  RadarChartOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  setting: <SettingOutlined />,
  team: <TeamOutlined />,
  shop: <ShopOutlined />,
  cluster: <ClusterOutlined />,
  creditCard: <CreditCardOutlined />,
  dollar: <DollarOutlined />,
  global: <GlobalOutlined />,
  fileText: <FileTextOutlined />,
  message: <MessageOutlined />,
  radar: <RadarChartOutlined />,
  send: <SendOutlined />,
  barChart: <BarChartOutlined />,
  accountBook: <AccountBookOutlined />,
  monitor: <MonitorOutlined />,
  api: <ApiOutlined />,
  user: <UserOutlined />,
  mail: <MailOutlined />,
  bug: <BugOutlined />,
};

export const iconFor = (name?: string): ReactNode => (name && ICONS[name]) || <AppstoreOutlined />;
