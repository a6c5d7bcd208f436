// Toasts for the outcome of an action, so every screen words and colours them
// alike. One policy for the whole SPA: at most two on screen (the provider's
// limit, centred just below the header: over the title, never over the user
// menu, a screen's top-right actions or the save bar's buttons at the bottom
// right — a toast there hid "Guardar"/"Autorizar" and, paused while the
// pointer rested on it, never went away), an error replaces the successes still shown (a green "aplicado"
// beside a red error reads as a contradiction), a success replaces the
// errors it answers, and moving to another screen clears what belonged to
// the previous one — except the toast of the action that caused the move
// (raised a moment before it: "Gasto guardado" and back to the list).
// Errors stay longer: they usually need to be read.
import { createElement, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { CONFIRM_COLOR, CANCEL_COLOR } from './confirm';

export const NOTIFICATION_LIMIT = 2;
export const NOTIFICATION_POSITION = 'top-center' as const;

/** A toast raised this close before a navigation belongs to the action that caused it and survives it. */
export const CARRY_OVER_MS = 1500;

type Kind = 'success' | 'error';
const shown = new Map<string, { kind: Kind; at: number }>();
let sequence = 0;

function hideWhere(test: (entry: { kind: Kind; at: number }) => boolean): void {
  for (const [id, entry] of shown) {
    if (!test(entry)) continue;
    notifications.hide(id);
    shown.delete(id);
  }
}

function show(kind: Kind, title: ReactNode, message: ReactNode): string {
  hideWhere((entry) => entry.kind !== kind);
  sequence += 1;
  const id = `erp-${kind}-${sequence}`;
  shown.set(id, { kind, at: Date.now() });
  notifications.show({
    id,
    title,
    message,
    color: kind === 'error' ? CANCEL_COLOR : CONFIRM_COLOR,
    icon: createElement(kind === 'error' ? IconAlertCircle : IconCheck, { size: 18 }),
    autoClose: kind === 'error' ? 8000 : 4000,
    onClose: () => shown.delete(id),
  });
  return id;
}

export function notifySuccess(message: ReactNode, title: ReactNode = 'Listo'): string {
  return show('success', title, message);
}

export function notifyError(message: ReactNode, title: ReactNode = 'Error'): string {
  return show('error', title, message);
}

/** Removes the toasts of the screen being left (all but those raised in the last CARRY_OVER_MS). */
export function clearNotifications(now = Date.now()): void {
  hideWhere((entry) => entry.at < now - CARRY_OVER_MS);
}

/** Calls clearNotifications whenever the path changes (not on query-string changes: filters and `?id=` stay on one screen). */
export function clearNotificationsOnNavigation(router: {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}): () => void {
  let pathname = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    clearNotifications();
  });
}
