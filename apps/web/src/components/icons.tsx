import {
  ApiOutlined,
  AppstoreOutlined,
  CrownOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  RocketOutlined,
  SendOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TagOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Route meta names icons by name; this maps them to antd's icon components. */
const ICONS: Record<string, ReactNode> = {
  api: <ApiOutlined />,
  appstore: <AppstoreOutlined />,
  crown: <CrownOutlined />,
  dashboard: <DashboardOutlined />,
  delete: <DeleteOutlined />,
  'eye-invisible': <EyeInvisibleOutlined />,
  'file-text': <FileTextOutlined />,
  form: <FormOutlined />,
  global: <GlobalOutlined />,
  link: <LinkOutlined />,
  lock: <LockOutlined />,
  mail: <MailOutlined />,
  rocket: <RocketOutlined />,
  send: <SendOutlined />,
  setting: <SettingOutlined />,
  share: <ShareAltOutlined />,
  tag: <TagOutlined />,
  user: <UserOutlined />,
  video: <VideoCameraOutlined />,
  wallet: <WalletOutlined />,
};

export const routeIcon = (name?: string) => (name ? ICONS[name] : undefined);
