// Layout of every /system/* screen: header with the product and the user
// menu, side navigation by module, then breadcrumbs, title and the screen.
import { Anchor, AppShell, Box, Breadcrumbs, Burger, Group, Progress, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useCurrentAppRoute } from '../routing/currentRoute';
import { useScreenTitleOverride } from '../../components/screenTitle';
import { DASHBOARD_PATH } from '../routes';
import { useSession } from '../session/session';
import { texts } from '../texts';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';
import { CommandPalette } from '../search/CommandPalette';
import { ModalsHost } from '../../components/confirm';

function PageHeading() {
  const route = useCurrentAppRoute();
  const { parentPath } = useSession();
  const { pathname } = useLocation();
  const named = useScreenTitleOverride(pathname);
  if (!route) return null;
  // A named record replaces the form's own crumb ("Ventas > Clientes > ACME");
  // a screen showing one thing inside it keeps itself as a link back
  // ("Almacén > Existencias > Kárdex: …").
  const last = route.breadcrumbs.length - 1;
  const crumbs = !named
    ? route.breadcrumbs
    : route.kind === 'form' || route.kind === 'detail'
      ? [...route.breadcrumbs.slice(0, last), { label: named }]
      : [...route.breadcrumbs.slice(0, last), { ...route.breadcrumbs[last], path: pathname }, { label: named }];
  const moduleCrumb = crumbs[0];
  // "Back to module" only inside a module's screens, not on its landing page.
  const showBack = parentPath !== null && parentPath !== pathname && route.kind !== 'landing' && moduleCrumb;
  return (
    <Box mb="md">
      {crumbs.length > 1 ? (
        <Breadcrumbs aria-label={texts.shell.breadcrumbs} mb={6} separatorMargin={6}>
          {crumbs.map((crumb, index) =>
            crumb.path && index < crumbs.length - 1 ? (
              <Anchor key={`${crumb.label}-${index}`} component={Link} to={crumb.path} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={`${crumb.label}-${index}`} size="sm" c="dimmed">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title order={2}>{named ?? route.title}</Title>
        {showBack && parentPath ? (
          <Anchor component={Link} to={parentPath} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} />
              {texts.shell.backToModule(moduleCrumb.label)}
            </Group>
          </Anchor>
        ) : null}
      </Group>
    </Box>
  );
}

export function ShellLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const navigation = useNavigation();
  // Someone who must change the password can open nothing else: no palette either.
  const forcedPasswordReset = useSession().userData?.forcedPasswordReset ?? false;
  return (
    <ModalsHost>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <AppShell.Header>
          {navigation.state !== 'idle' ? (
            <Progress value={100} animated size="xs" radius={0} pos="absolute" top={0} left={0} right={0} />
          ) : null}
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={texts.shell.openMenu} />
              <Anchor component={Link} to={DASHBOARD_PATH} underline="never" c="inherit">
                <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                  {texts.product.name}
                </Text>
              </Anchor>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {forcedPasswordReset ? null : <CommandPalette />}
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          <SideNav onNavigate={nav.close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <PageHeading />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ModalsHost>
  );
}
