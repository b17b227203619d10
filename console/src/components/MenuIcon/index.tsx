import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  CodeOutlined,
  CoffeeOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PartitionOutlined,
  PictureOutlined,
  PrinterOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TabletOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import React from 'react';

/**
 * Icons the server may name in a menu's `icon` field. A fixed map keeps the bundle
 * small (importing every antd icon would add megabytes); add names here as needed.
 */
const ICONS: Record<string, React.ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  CodeOutlined,
  CoffeeOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PartitionOutlined,
  PictureOutlined,
  PrinterOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TabletOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

/** Accepts `SettingOutlined`, `setting` or `setting-outlined`. */
export function menuIcon(name?: string): React.ReactNode {
  if (!name) return undefined;
  const pascal = name
    .split(/[-_\s]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
  const Icon = ICONS[pascal] ?? ICONS[`${pascal}Outlined`];
  return Icon ? <Icon /> : undefined;
}
