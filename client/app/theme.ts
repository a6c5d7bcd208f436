// Mantine theme of the ERP. The confirm/cancel colours of SPEC §1 come from
// the shared confirm dialog; here only the general look.
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // A user who asks the system for reduced motion gets modals, menus and notices without their
  // slide and fade (WCAG 2.3.3); the browser journeys ask for it too, so a step never waits out an animation.
  respectReducedMotion: true,
});
