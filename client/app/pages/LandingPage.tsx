// Public landing page (/home/landing-page): what the product is and the way in.
import { Box, Button, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingFactory2, IconCheck, IconLogin } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { displayName } from '../session/actions';
import { useSession } from '../session/session';
import { DASHBOARD_PATH, LOGIN_PATH } from '../routes';
import { nextSearch } from '../routing/returnTo';
import { texts } from '../texts';

export function LandingPage() {
  const session = useSession();
  const { search } = useLocation();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Container size="md" py={80}>
        <Stack gap="xl">
          <Group gap="sm">
            <ThemeIcon size={48} radius="md" variant="filled">
              <IconBuildingFactory2 size={28} />
            </ThemeIcon>
            <Title order={1}>{texts.product.name}</Title>
          </Group>
          <Text fz="xl" fw={500}>
            {texts.product.tagline}
          </Text>
          <Text c="dimmed">{texts.product.description}</Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {texts.product.highlights.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {session.hasAuthentication ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="dimmed">
                {texts.landing.signedInAs(displayName(session))}
              </Text>
              <Button component={Link} to={DASHBOARD_PATH} size="md">
                {texts.landing.goToDashboard}
              </Button>
            </Stack>
          ) : (
            <Group>
              <Button component={Link} to={`${LOGIN_PATH}${nextSearch(search)}`} size="md" leftSection={<IconLogin size={18} />}>
                {texts.landing.signIn}
              </Button>
            </Group>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
