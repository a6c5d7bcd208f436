// Indicator cards (a figure, what it means, and where to act on it): a card is a real link to
// the list already filtered, like the module cards, unless the user cannot open where one acts.
import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export type StatCard = {
  key: string;
  title: string;
  /** The figure, already formatted (count or money). */
  value: string;
  detail?: string;
  /** Where to act; none when the user may not open that screen (the card only informs). */
  path?: string;
  /** Red for what is late, orange for what needs action, default otherwise. */
  tone?: 'danger' | 'warning' | 'default';
};

const TONE_COLOR = { danger: 'red.7', warning: 'orange.7', default: undefined } as const;

export function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {cards.map((card) => {
        const body = (
          <>
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
          </>
        );
        return card.path ? (
          <Card key={card.key} component={Link} to={card.path} withBorder shadow="xs" padding="lg" radius="md" style={{ textDecoration: 'none' }}>
            {body}
          </Card>
        ) : (
          <Card key={card.key} withBorder shadow="xs" padding="lg" radius="md">
            {body}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
