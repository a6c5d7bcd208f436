// The one stand-in for every screen whose module isn't implemented yet: the
// shell already shows its title and breadcrumbs; this says what is coming.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentAppRoute } from '../routing/currentRoute';
import { DASHBOARD_PATH } from '../routes';
import { texts } from '../texts';

export function PendingScreenPage() {
  const route = useCurrentAppRoute();
  const moduleCrumb = route?.breadcrumbs[0];
  return (
    <Stack gap="md" maw={640}>
      <Alert color="blue" variant="light" icon={<IconHourglass />} title={texts.pending.title}>
        <Text size="sm">{texts.pending.body}</Text>
      </Alert>
      <Group>
        {route?.parentPath && moduleCrumb ? (
          <Button component={Link} to={route.parentPath} variant="light">
            {texts.shell.backToModule(moduleCrumb.label)}
          </Button>
        ) : null}
        <Button component={Link} to={DASHBOARD_PATH} variant="default">
          {texts.pending.backToDashboard}
        </Button>
      </Group>
    </Stack>
  );
}
