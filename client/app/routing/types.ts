// Shape of one entry of the route table (client/app/routes.ts). The table is
// data only, so unit tests and the router generator can read it without
// rendering anything.
import type { ComponentType } from 'react';

/** Who may open a route. An ability needs action + subject ("<Módulo>-<Submódulo>"). */
export type RouteAccess = 'public' | 'signedIn' | { action: string; subject: string };

/** One step of the breadcrumb trail; the last one usually has no link. */
export type Crumb = { label: string; path?: string };

/**
 * landing: module landing page or dashboard; screen: a submodule screen that
 * gets a card on its module landing; form/detail: opened from a list, no card.
 */
export type RouteKind = 'public' | 'landing' | 'screen' | 'form' | 'detail' | 'account';

/** Resolves to the screen's component, a named export of its lazily imported module. */
export type ScreenLoader = () => Promise<ComponentType>;

export type AppRoute = {
  /** Absolute path exactly as ROUTES.md spells it. */
  path: string;
  title: string;
  breadcrumbs: Crumb[];
  /** Module landing page the screen belongs to (highlights the side menu). */
  parentPath?: string;
  access: RouteAccess;
  kind: RouteKind;
  /** Module name (as in the rules) for screens of a module. */
  module?: string;
  /** Rendered inside the signed-in shell (AppShell) or bare. */
  layout: 'shell' | 'bare';
  load: ScreenLoader;
  /** What the screen is for, on its module landing card (acronyms spelled out). */
  description?: string;
  /** A screen listed on another screen's landing (this path) instead of the module landing. */
  within?: string;
};
