// Side menu: the dashboard plus the modules present in the user's rules
// (modulesShow), in the rules' order. The stored parent path highlights the
// module the current screen belongs to.
import { NavLink, ScrollArea, Text } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { MODULE_CATALOG } from '../../../schema/catalog';
import { ModuleIcon } from '../../components/icons';
import { DASHBOARD_PATH } from '../routes';
import { useSession } from '../session/session';
import { texts } from '../texts';

export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { modulesShow, parentPath, userData } = useSession();
  // Someone who must change the password can open nothing else: offer nothing.
  if (userData?.forcedPasswordReset) return null;
  const modules = modulesShow.flatMap((name) => MODULE_CATALOG.filter((m) => m.name === name));
  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label={texts.shell.modules}>
        <NavLink
          component={Link}
          to={DASHBOARD_PATH}
          label={texts.shell.dashboard}
          leftSection={<IconLayoutDashboard size={18} stroke={1.6} />}
          active={parentPath === DASHBOARD_PATH}
          onClick={onNavigate}
        />
        {modules.length > 0 ? (
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
            {texts.shell.modules}
          </Text>
        ) : null}
        {modules.map((mod) => (
          <NavLink
            key={mod.key}
            component={Link}
            to={mod.path}
            label={mod.name}
            leftSection={<ModuleIcon name={mod.icon} size={18} stroke={1.6} />}
            active={parentPath === mod.path}
            onClick={onNavigate}
          />
        ))}
      </nav>
    </ScrollArea>
  );
}
