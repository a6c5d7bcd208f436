// Renders a route's lazily loaded screen. A failed import is handled here
// (message + "Reintentar"); any other error is rethrown to the route error
// boundary. Error boundaries still have to be class components in React 19.
import { Component, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { isScreenLoadError, lazyScreen, SCREEN_LOAD_MESSAGE } from './screenLoading';
import type { ScreenLoader } from './types';

type BoundaryProps = { onRetry: () => void; children: ReactNode };
type BoundaryState = { error: unknown };

class ScreenLoadBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  retry = (): void => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not ours to handle: let the route's errorElement show it.
    if (!isScreenLoadError(error)) throw error;
    return <ScreenLoadFailed onRetry={this.retry} />;
  }
}

export function ScreenLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Center py="xl">
      <Alert color="orange" icon={<IconAlertTriangle />} title={SCREEN_LOAD_MESSAGE} maw={520}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Revisa tu conexión a internet e inténtalo de nuevo.</Text>
          <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

export function ScreenLoading() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader aria-label="Cargando pantalla" />
    </Center>
  );
}

export function ScreenHost({ load }: { load: ScreenLoader }) {
  // Bumped on retry so the host re-renders and picks a fresh lazy component.
  const [, setAttempt] = useState(0);
  const Screen = lazyScreen(load);
  return (
    <ScreenLoadBoundary onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    </ScreenLoadBoundary>
  );
}
