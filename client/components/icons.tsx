// Icon keys stored with each module (catalog `icon`) → Tabler components.
// Unknown keys get a neutral icon instead of breaking the menu.
import { createElement, type ComponentType } from 'react';
import {
  IconApps,
  IconBuildingWarehouse,
  IconCash,
  IconDashboard,
  IconFile,
  IconReportMoney,
  IconSettings,
  IconShieldCheck,
  IconShoppingCart,
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
  | 'file';

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
};

export const FALLBACK_ICON: ComponentType<IconProps> = IconApps;

export function iconFor(key: string | null | undefined): ComponentType<IconProps> {
  return key && Object.hasOwn(MODULE_ICONS, key) ? MODULE_ICONS[key as IconKey] : FALLBACK_ICON;
}

export type ModuleIconProps = IconProps & { name: string | null | undefined };

export function ModuleIcon({ name, ...props }: ModuleIconProps) {
  return createElement(iconFor(name), props);
}
