// 404 for any path outside the route table, with a way back that fits the
// visitor: the dashboard when signed in, the landing page otherwise.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH, LANDING_PATH } from '../routes';
import { useSession } from '../session/session';
import { texts } from '../texts';

export function NotFoundPage() {
  const { hasAuthentication } = useSession();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={1}>{texts.notFound.title}</Title>
        <Text c="dimmed">{texts.notFound.body}</Text>
        <Button component={Link} to={hasAuthentication ? DASHBOARD_PATH : LANDING_PATH}>
          {hasAuthentication ? texts.notFound.backSignedIn : texts.notFound.backSignedOut}
        </Button>
      </Stack>
    </Center>
  );
}
