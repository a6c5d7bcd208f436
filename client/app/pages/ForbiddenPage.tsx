// "Sin permiso": the route exists but the user's abilities don't include it.
// The server refuses the data anyway; this only explains why the screen is empty.
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DASHBOARD_PATH } from '../routes';
import { texts } from '../texts';

export function ForbiddenPage() {
  return (
    <Center py="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={56} radius="xl" color="orange" variant="light">
          <IconLock size={30} />
        </ThemeIcon>
        <Title order={2}>{texts.forbidden.title}</Title>
        <Text c="dimmed">{texts.forbidden.body}</Text>
        <Button component={Link} to={DASHBOARD_PATH}>
          {texts.forbidden.backToDashboard}
        </Button>
      </Stack>
    </Center>
  );
}
