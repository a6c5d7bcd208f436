// Landing page of a module (/system/sales, ...): one card per screen of the
// module that the user's abilities allow. Forms and details are reached from
// their lists, so they get no card.
import { useAbility } from '@casl/react';
import { Text } from '@mantine/core';
import type { AppAbility } from '../../../schema/abilities';
import { MODULE_CATALOG } from '../../../schema/catalog';
import { ModuleCards } from '../../components/ModuleCards';
import { allowedScreens, screenCards } from '../ability/cards';
import { useCurrentAppRoute } from '../routing/currentRoute';
import { moduleScreens } from '../routes';
import { texts } from '../texts';

export function ModuleLandingPage() {
  const ability = useAbility<AppAbility>();
  const route = useCurrentAppRoute();
  const moduleName = route?.module ?? '';
  const icon = MODULE_CATALOG.find((m) => m.name === moduleName)?.icon;
  const cards = screenCards(allowedScreens(moduleScreens(moduleName), ability), icon);
  return (
    <>
      {cards.length > 0 ? (
        <Text c="dimmed" mb="md">
          {texts.moduleLanding.intro}
        </Text>
      ) : null}
      <ModuleCards cards={cards} emptyText={texts.moduleLanding.empty} />
    </>
  );
}
