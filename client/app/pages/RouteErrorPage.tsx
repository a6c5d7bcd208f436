// errorElement of every route: whatever a loader or a screen threw ends here,
// in Spanish, with a retry. Technical details go to the console, never on screen.
import { useEffect } from 'react';
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { isScreenLoadError, SCREEN_LOAD_MESSAGE } from '../routing/screenLoading';
import { LANDING_PATH } from '../routes';
import { texts } from '../texts';

function messageFor(error: unknown): string {
  if (isScreenLoadError(error)) return SCREEN_LOAD_MESSAGE;
  if (isRouteErrorResponse(error) && error.status === 404) return texts.routeError.notFound;
  return texts.routeError.body;
}

export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={30} />
        </ThemeIcon>
        <Title order={2}>{texts.routeError.title}</Title>
        <Text c="dimmed">{messageFor(error)}</Text>
        <Group justify="center">
          {/* A full reload also fetches chunks a new deploy replaced. */}
          <Button onClick={() => window.location.reload()}>{texts.routeError.retry}</Button>
          <Button component={Link} to={LANDING_PATH} variant="default">
            {texts.routeError.home}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
