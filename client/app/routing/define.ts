// Helpers that turn the compact per-module screen lists into full AppRoute
// entries, so every module file reads like its table in ROUTES.md and the
// breadcrumb/parent-path/ability conventions live in one place.
import { MODULE_CATALOG, type CatalogModule } from '../../../schema/catalog';
import { subjectOf } from '../../../schema/abilities';
import type { AppRoute, Crumb, RouteKind, ScreenLoader } from './types';

/**
 * Screens that no module implements yet all resolve to this one component; a
 * module issue replaces the loader of its routes with its own pages.
 */
export const pendingScreen: ScreenLoader = () => import('../pages/PendingScreenPage').then((m) => m.PendingScreenPage);

export type ScreenSpec = {
  /** Path relative to the module prefix, exactly as ROUTES.md writes it. */
  path: string;
  title: string;
  submodule: string;
  kind: Extract<RouteKind, 'screen' | 'form' | 'detail'>;
  /** Relative path of the list a form/detail is opened from (adds it to the trail). */
  from?: string;
  /** Explicit trail after the module crumb when ROUTES.md gives one. */
  trail?: Crumb[];
  load?: ScreenLoader;
  /** One line under the title of the screen's card on its module landing (what the screen is for). */
  description?: string;
  /**
   * Relative path of the screen whose own landing lists this one (e.g. the
   * catalogues of "Configuración RH"): the card moves there from the module
   * landing, and the trail passes through that screen.
   */
  within?: string;
};

type Extra = Partial<Pick<ScreenSpec, 'load' | 'trail' | 'description' | 'within'>>;

export const screen = (path: string, title: string, submodule: string, extra: Extra = {}): ScreenSpec => ({
  path, title, submodule, kind: 'screen', ...extra,
});

export const form = (path: string, title: string, submodule: string, from: string, extra: Extra = {}): ScreenSpec => ({
  path, title, submodule, kind: 'form', from, ...extra,
});

export const detail = (path: string, title: string, submodule: string, from: string, extra: Extra = {}): ScreenSpec => ({
  path, title, submodule, kind: 'detail', from, ...extra,
});

export function catalogModule(key: string): CatalogModule {
  const found = MODULE_CATALOG.find((m) => m.key === key);
  // A typo here would silently drop a whole module from the app: fail loudly.
  if (!found) throw new Error(`Unknown module key in route table: ${key}`);
  return found;
}

/** Builds the routes of one module: `prefix` ends with "/" (e.g. "/system/salesModule/"). */
export function defineModuleRoutes(moduleKey: string, prefix: string, specs: ScreenSpec[]): AppRoute[] {
  const mod = catalogModule(moduleKey);
  const moduleCrumb: Crumb = { label: mod.name, path: mod.path };
  const titleOf = (relative: string): string => {
    const spec = specs.find((s) => s.path === relative);
    if (!spec) throw new Error(`Route ${prefix}${relative} referenced but not declared`);
    return spec.title;
  };

  return specs.map((spec) => {
    let breadcrumbs: Crumb[];
    const hubCrumbs: Crumb[] = spec.within ? [{ label: titleOf(spec.within), path: prefix + spec.within }] : [];
    if (spec.trail) {
      breadcrumbs = [moduleCrumb, ...spec.trail];
    } else if (spec.from) {
      breadcrumbs = [moduleCrumb, ...hubCrumbs, { label: titleOf(spec.from), path: prefix + spec.from }, { label: spec.title }];
    } else {
      breadcrumbs = [moduleCrumb, ...hubCrumbs, { label: spec.title }];
    }
    return {
      path: prefix + spec.path,
      title: spec.title,
      breadcrumbs,
      parentPath: mod.path,
      access: { action: 'ver', subject: subjectOf(mod.name, spec.submodule) },
      kind: spec.kind,
      module: mod.name,
      layout: 'shell',
      load: spec.load ?? pendingScreen,
      ...(spec.description ? { description: spec.description } : {}),
      ...(spec.within ? { within: prefix + spec.within } : {}),
    };
  });
}
