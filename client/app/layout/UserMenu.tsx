// Header menu of the signed-in user: change password and sign out.
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../components/notify';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH } from '../routes';
import { displayName, signOut } from '../session/actions';
import { useSession } from '../session/session';
import { texts } from '../texts';

/** Room for a full name ("Administrador del sistema") beside the avatar, less on a tablet. */
const NAME_WIDTH = { base: 180, md: 300 };

function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((p) => p[0]?.toUpperCase() ?? '').join('') || '?';
}

export function UserMenu() {
  const navigate = useNavigate();
  const session = useSession();
  const name = displayName(session);

  async function leave() {
    await signOut();
    await navigate(LOGIN_PATH, { replace: true });
    notifySuccess(texts.session.signedOut);
  }

  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={texts.shell.userMenu}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="sm" color="teal">
              {initialsOf(name)}
            </Avatar>
            {/* A phone has room for the avatar only: the name then heads the menu. */}
            <Box visibleFrom="xs" style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={500} truncate maw={NAME_WIDTH}>
                {name}
              </Text>
              {session.userData?.role.name ? (
                <Text size="xs" c="dimmed" truncate maw={NAME_WIDTH}>
                  {session.userData.role.name}
                </Text>
              ) : null}
            </Box>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)" hiddenFrom="xs">
            {name}
          </Text>
          {session.userData?.email}
        </Menu.Label>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => void navigate(CHANGE_PASSWORD_PATH)}>
          {texts.shell.changePassword}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void leave()}>
          {texts.shell.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
