// Icon keys stored with each module (catalog `icon`) → Tabler components.
// Unknown keys get a neutral icon instead of breaking the menu.
import { createElement, type ComponentType } from 'react';
import {
  IconApps,
  IconBriefcase,
  IconBuildingWarehouse,
  IconCash,
  IconDashboard,
  IconFile,
  IconFileCertificate,
  IconGasStation,
  IconIdBadge2,
  IconReceiptTax,
  IconReportMoney,
  IconSettings,
  IconShieldCheck,
  IconShoppingCart,
  IconSitemap,
  IconTool,
  IconTruck,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';

export type IconKey =
  | 'users'
  | 'building-warehouse'
  | 'truck'
  | 'report-money'
  | 'shield-check'
  | 'shopping-cart'
  | 'cash'
  | 'tool'
  | 'settings'
  | 'dashboard'
  | 'file'
  | 'sitemap'
  | 'briefcase'
  | 'id-badge'
  | 'file-certificate'
  | 'receipt-tax'
  | 'gas-station';

export const MODULE_ICONS: Record<IconKey, ComponentType<IconProps>> = {
  users: IconUsers,
  'building-warehouse': IconBuildingWarehouse,
  truck: IconTruck,
  'report-money': IconReportMoney,
  'shield-check': IconShieldCheck,
  'shopping-cart': IconShoppingCart,
  cash: IconCash,
  tool: IconTool,
  settings: IconSettings,
  dashboard: IconDashboard,
  file: IconFile,
  sitemap: IconSitemap,
  briefcase: IconBriefcase,
  'id-badge': IconIdBadge2,
  'file-certificate': IconFileCertificate,
  'receipt-tax': IconReceiptTax,
  'gas-station': IconGasStation,
};

export const FALLBACK_ICON: ComponentType<IconProps> = IconApps;

export function iconFor(key: string | null | undefined): ComponentType<IconProps> {
  return key && Object.hasOwn(MODULE_ICONS, key) ? MODULE_ICONS[key as IconKey] : FALLBACK_ICON;
}

export type ModuleIconProps = IconProps & { name: string | null | undefined };

export function ModuleIcon({ name, ...props }: ModuleIconProps) {
  return createElement(iconFor(name), props);
}
