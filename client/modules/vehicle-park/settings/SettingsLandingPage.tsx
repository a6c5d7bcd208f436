// Configuración PV: one card per catalogue screen the user may open, each
// with what it holds (one request for every count).
import { useAbility } from '@casl/react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { VpSettingsSummaryDocument, type VpSettingsSummaryQuery } from '../../../../generated/modules/vehicle-park/graphql';
import type { AppAbility } from '../../../../schema/abilities';
import { allowedScreens } from '../../../app/ability/cards';
import { screensWithin } from '../../../app/routes';
import { ModuleCards, type ModuleCard } from '../../../components/ModuleCards';
import { VP_SETTINGS_PATHS, texts } from '../texts';

const t = texts.settings.landing;

const CARDS: { path: string; icon: string; stat: (s: VpSettingsSummaryQuery) => string }[] = [
  { path: VP_SETTINGS_PATHS.documents, icon: 'file-certificate', stat: (s) => t.stats.documents(s.documentTypes.total) },
  { path: VP_SETTINGS_PATHS.locations, icon: 'map-pin', stat: (s) => t.stats.locations(s.locations.total) },
  { path: VP_SETTINGS_PATHS.groups, icon: 'category', stat: (s) => t.stats.groups(s.groups.total) },
  { path: VP_SETTINGS_PATHS.fuelBands, icon: 'gas-station', stat: (s) => t.stats.fuelBands(s.vpFuelBands.length) },
];

export function SettingsLandingPage() {
  const ability = useAbility<AppAbility>();
  const allowed = allowedScreens(screensWithin(VP_SETTINGS_PATHS.landing), ability);
  const summary = useQuery(VpSettingsSummaryDocument, { fetchPolicy: 'cache-and-network' });
  const cards = CARDS.flatMap((card): ModuleCard[] => {
    const route = allowed.find((r) => r.path === card.path);
    if (!route) return [];
    return [{ title: route.title, description: route.description, path: route.path, icon: card.icon, stat: summary.data ? card.stat(summary.data) : undefined }];
  });
  return (
    <Stack gap="lg">
      <Text c="dimmed">{t.intro}</Text>
      <Stack gap="sm">
        <Title order={4}>{t.catalogues}</Title>
        <ModuleCards cards={cards} />
      </Stack>
    </Stack>
  );
}
