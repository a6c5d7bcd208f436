// Entry point: providers around the data router, mounted on #application.
// Everything screen-specific is loaded on demand by the router.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './components/notify.css';
import './components/phone.css';
import 'dayjs/locale/es-mx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import { ApolloProvider } from '@apollo/client/react';
import { AbilityProvider } from '@casl/react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { RouterProvider } from 'react-router-dom';
import { clearNotificationsOnNavigation, NotificationsHost, notifyError } from './components/notify';
import { appRouter } from './app/router';
import { LOGIN_PATH } from './app/routes';
import { startRulesSubscription } from './app/session/bootstrap';
import { apolloClient, onSessionExpired, sessionStore } from './app/session/session';
import { texts } from './app/texts';
import { theme } from './app/theme';

dayjs.locale('es-mx');

onSessionExpired(() => {
  // Navigate first: moving to another screen clears the toasts.
  void appRouter
    .navigate(LOGIN_PATH, { replace: true })
    .then(() => notifyError(texts.session.expired, texts.session.expiredTitle));
});
clearNotificationsOnNavigation(appRouter);
startRulesSubscription();

const container = document.getElementById('application');
if (!container) throw new Error('Falta el elemento #application en index.html');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'es-mx', firstDayOfWeek: 1 }}>
        <NotificationsHost />
        <ApolloProvider client={apolloClient}>
          {/* One ability instance for the page's life; the store updates it in place. */}
          <AbilityProvider value={sessionStore.getState().ability}>
            <RouterProvider router={appRouter} />
          </AbilityProvider>
        </ApolloProvider>
      </DatesProvider>
    </MantineProvider>
  </StrictMode>,
);
