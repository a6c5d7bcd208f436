// Configuración RH: one card per catalogue screen the user may open, grouped
// in sections, each with what it holds (one request for every count), then
// the fiscal tables of each year (their own section, from fiscal/).
import { useAbility } from '@casl/react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { RhSettingsSummaryDocument, type RhSettingsSummaryQuery } from '../../../../generated/modules/human-resources/graphql';
import type { AppAbility } from '../../../../schema/abilities';
import { allowedScreens } from '../../../app/ability/cards';
import { screensWithin } from '../../../app/routes';
import { ModuleCards, type ModuleCard } from '../../../components/ModuleCards';
import { FiscalTablesSection } from '../fiscal/FiscalTablesSection';
import { RH_SETTINGS_PATHS, texts } from './texts';

const t = texts.landing;

type Section = { title: string; cards: { path: string; icon: string; stat?: (s: RhSettingsSummaryQuery) => string }[] };

const SECTIONS: Section[] = [
  {
    title: t.organization,
    cards: [
      { path: RH_SETTINGS_PATHS.areas, icon: 'sitemap', stat: (s) => t.stats.areas(s.areas.total) },
      { path: RH_SETTINGS_PATHS.positions, icon: 'briefcase', stat: (s) => t.stats.positions(s.positions.total) },
      { path: RH_SETTINGS_PATHS.workplaces, icon: 'id-badge', stat: (s) => t.stats.workplaces(s.workplaces.total, s.vacant.total) },
    ],
  },
  {
    title: t.catalogues,
    cards: [
      { path: RH_SETTINGS_PATHS.documents, icon: 'file-certificate', stat: (s) => t.stats.documents(s.documentTypes.total) },
      { path: RH_SETTINGS_PATHS.concepts, icon: 'receipt-tax', stat: (s) => t.stats.concepts(s.concepts.total) },
      { path: RH_SETTINGS_PATHS.employerRegistrations, icon: 'report-money', stat: (s) => t.stats.employerRegistrations(s.employerRegistrations.total) },
    ],
  },
];

export function SettingsLandingPage() {
  const ability = useAbility<AppAbility>();
  const allowed = allowedScreens(screensWithin(RH_SETTINGS_PATHS.landing), ability);
  const summary = useQuery(RhSettingsSummaryDocument, { fetchPolicy: 'cache-and-network' });
  const sections = SECTIONS.map((section) => ({
    title: section.title,
    cards: section.cards.flatMap((card): ModuleCard[] => {
      const route = allowed.find((r) => r.path === card.path);
      if (!route) return [];
      const stat = summary.data && card.stat ? card.stat(summary.data) : undefined;
      return [{ title: route.title, description: route.description, path: route.path, icon: card.icon, stat }];
    }),
  })).filter((s) => s.cards.length > 0);
  return (
    <Stack gap="lg">
      <Text c="dimmed">{t.intro}</Text>
      {sections.length === 0 ? <ModuleCards cards={[]} /> : null}
      {sections.map((section) => (
        <Stack key={section.title} gap="sm">
          <Title order={4}>{section.title}</Title>
          <ModuleCards cards={section.cards} />
        </Stack>
      ))}
      <FiscalTablesSection />
    </Stack>
  );
}
