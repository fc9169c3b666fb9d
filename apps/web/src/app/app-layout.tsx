import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import {
  AppShell,
  Badge,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, ROUTES, findRoute, isRole } from '@fonrisk/contracts';
import { clearSession } from '../lib/session.ts';
import { useSession } from '../lib/use-session.ts';
import { KeepStateProvider } from './keep-state.tsx';
import { buildMenu } from './menu.ts';
import { APP_MESSAGES } from './messages.ts';
import { screenFor } from './screens.tsx';

function ScreenFallback() {
  return (
    <Center py="xl" aria-label={APP_MESSAGES.loadingScreen}>
      <Loader size="sm" />
    </Center>
  );
}

/** The one layout shell: header (name, user, logout), side menu from the route table, content. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const route = findRoute(location.pathname);
  const menu = buildMenu(
    ROUTES,
    session === null ? null : { role: session.role, modules: session.modules },
  );

  useEffect(() => {
    document.title = route ? APP_MESSAGES.documentTitle(route.title) : APP_MESSAGES.appName;
    close();
  }, [route, close]);

  // Ordinary screens open at the top; keep-state screens restore their own scroll position.
  useLayoutEffect(() => {
    if (!findRoute(location.pathname)?.keepState) window.scrollTo(0, 0);
  }, [location.pathname]);

  // Leave the guarded screen first, committed synchronously: clearing the session while it is
  // still shown would make its guard redirect to /login?returnUrl=<that screen> instead of the
  // plain /login of section 4. The query cache goes too, so no data of this user stays in memory.
  const logout = async (): Promise<void> => {
    await navigate('/login', { replace: true, flushSync: true });
    clearSession();
    queryClient.clear();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={APP_MESSAGES.toggleMenu}
            />
            <Text
              component={Link}
              to="/"
              fw={800}
              size="xl"
              c="blue.8"
              style={{ textDecoration: 'none', letterSpacing: '-0.02em' }}
            >
              {APP_MESSAGES.appName}
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="md">
              {APP_MESSAGES.tagline}
            </Text>
          </Group>
          {session ? (
            <Group gap="sm" wrap="nowrap">
              <Stack gap={0} align="flex-end" visibleFrom="xs">
                <Text size="sm" fw={600} data-testid="user-full-name">
                  {session.fullName}
                </Text>
              </Stack>
              <Badge variant="light" data-testid="user-role">
                {isRole(session.role) ? ROLE_LABELS[session.role] : session.role}
              </Badge>
              <Button variant="default" size="xs" onClick={() => void logout()}>
                {APP_MESSAGES.logout}
              </Button>
            </Group>
          ) : (
            location.pathname !== '/login' && (
              <Button component={Link} to="/login" size="xs">
                {APP_MESSAGES.login}
              </Button>
            )
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={APP_MESSAGES.menu}>
        <AppShell.Section grow component={ScrollArea}>
          {menu.map((section) => (
            <div key={section.group} style={{ marginBottom: 12 }}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
                {section.title}
              </Text>
              {section.items.map((item) => (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={`/${item.path}`}
                  label={item.title}
                  active={route?.path === item.path}
                  variant="light"
                  style={{ borderRadius: 6 }}
                />
              ))}
            </div>
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <KeepStateProvider key={session?.accessToken ?? 'signed-out'} renderScreen={screenFor}>
          <Suspense fallback={<ScreenFallback />}>
            <Outlet />
          </Suspense>
        </KeepStateProvider>
      </AppShell.Main>
    </AppShell>
  );
}
