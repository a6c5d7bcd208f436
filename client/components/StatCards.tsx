// Indicator cards (a figure, what it means, and where to act on it): each card
// is a real link to the list already filtered, like the module cards.
import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export type StatCard = {
  key: string;
  title: string;
  /** The figure, already formatted (count or money). */
  value: string;
  detail?: string;
  path: string;
  /** Red for what is late, orange for what needs action, default otherwise. */
  tone?: 'danger' | 'warning' | 'default';
};

const TONE_COLOR = { danger: 'red.7', warning: 'orange.7', default: undefined } as const;

export function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.key} component={Link} to={card.path} withBorder shadow="xs" padding="lg" radius="md" style={{ textDecoration: 'none' }}>
          <Text size="sm" c="dimmed" fw={500}>
            {card.title}
          </Text>
          <Text fz={28} fw={700} c={TONE_COLOR[card.tone ?? 'default']} mt={4}>
            {card.value}
          </Text>
          {card.detail ? (
            <Text size="sm" c="dimmed" mt={4}>
              {card.detail}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}
