// Which cards a user sees: the module screens (not forms or details) whose
// `ver` ability they hold, and the modules present in their rules.
import type { AppAbility } from '../../../schema/abilities';
import { MODULE_CATALOG } from '../../../schema/catalog';
import type { ModuleCard } from '../../components/ModuleCards';
import type { AppRoute } from '../routing/types';

export function allowedScreens(routes: readonly AppRoute[], ability: Pick<AppAbility, 'can'>): AppRoute[] {
  return routes.filter((route) => {
    const { access } = route;
    return typeof access === 'object' && ability.can(access.action, access.subject);
  });
}

export function screenCards(routes: readonly AppRoute[], icon: string | undefined): ModuleCard[] {
  return routes.map((route) => ({ title: route.title, path: route.path, icon, description: route.description }));
}

/** One card per module in modulesShow that the app knows how to open. */
export function moduleCards(
  modulesShow: readonly string[],
  describe: (moduleName: string) => string | undefined,
): ModuleCard[] {
  return modulesShow.flatMap((name) =>
    MODULE_CATALOG.filter((m) => m.name === name).map((m) => ({
      title: m.name,
      path: m.path,
      icon: m.icon,
      description: describe(m.name),
    })),
  );
}
