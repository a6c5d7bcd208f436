// The landing grid of a module: one card per screen the user may open.
// Cards are real links, so middle-click and "open in new tab" work.
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ModuleIcon } from './icons';

export type ModuleCard = {
  title: string;
  description?: string;
  path: string;
  /** A key of MODULE_ICONS ('users', 'truck', ...); unknown keys get a neutral icon. */
  icon?: string;
  /** A figure of what the screen holds ("64 plazas · 4 vacantes"), under the description. */
  stat?: string;
};

export type ModuleCardsProps = {
  cards: ModuleCard[];
  emptyText?: string;
};

export function ModuleCards({ cards, emptyText = 'No tienes acceso a ninguna pantalla de este módulo.' }: ModuleCardsProps) {
  if (cards.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {cards.map((card) => (
        <Card
          key={card.path}
          component={Link}
          to={card.path}
          withBorder
          shadow="xs"
          padding="lg"
          radius="md"
          style={{ textDecoration: 'none' }}
        >
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={44} radius="md" variant="light">
              <ModuleIcon name={card.icon} size={26} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{card.title}</Text>
              {card.description ? (
                <Text size="sm" c="dimmed" mt={4}>
                  {card.description}
                </Text>
              ) : null}
              {card.stat ? (
                <Text size="sm" fw={600} c="teal.8" mt={6}>
                  {card.stat}
                </Text>
              ) : null}
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
