// Toasts for the outcome of an action, so every screen words and colours them
// alike. One policy for the whole SPA: on a desktop at most two on screen,
// centred just below the header (over the title, never over the user menu, a
// screen's top-right actions or the save bar's buttons at the bottom right —
// a toast there hid "Guardar"/"Autorizar" and, paused while the pointer rested
// on it, never went away); on a phone one at a time, compact, at the bottom
// just above the save bar (at the top two of them covered 25–40 % of the
// screen and the checklist point being answered), and the field just used is
// scrolled clear of it. An error replaces the successes still shown (a green
// "aplicado" beside a red error reads as a contradiction), a success replaces
// the errors it answers, and moving to another screen clears what belonged to
// the previous one — except the toast of the action that caused the move
// (raised a moment before it: "Gasto guardado" and back to the list).
// Errors stay longer: they usually need to be read.
import { createElement, type ReactNode } from 'react';
import { Notifications, notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { CONFIRM_COLOR, CANCEL_COLOR } from './actionColors';
import { PHONE_MEDIA_QUERY, usePhone } from './phone';

export const NOTIFICATION_LIMIT = 2;
export const NOTIFICATION_POSITION = 'top-center' as const;
export const PHONE_NOTIFICATION_LIMIT = 1;
export const PHONE_NOTIFICATION_POSITION = 'bottom-center' as const;
/** FormPage's sticky save bar publishes its height here, so a phone's toasts sit above it (notify.css). */
export const SAVE_BAR_HEIGHT_VAR = '--erp-save-bar-height';
/** Room kept between the field just used and a phone's toast (its compact height and a margin). */
const PHONE_TOAST_ROOM = 80;
/** The shell's header (56 px, notify.css) and a margin. */
const SHELL_HEADER_HEIGHT = 64;

export function notificationPlacement(phone: boolean): { position: typeof NOTIFICATION_POSITION | typeof PHONE_NOTIFICATION_POSITION; limit: number } {
  return phone
    ? { position: PHONE_NOTIFICATION_POSITION, limit: PHONE_NOTIFICATION_LIMIT }
    : { position: NOTIFICATION_POSITION, limit: NOTIFICATION_LIMIT };
}

/** The toasts' container, placed for the screen it is on (mounted once, by main.tsx). */
export function NotificationsHost() {
  return createElement(Notifications, notificationPlacement(usePhone()));
}

/** On a phone, scrolls the item just answered (the card around the control used: a checklist point, its photo) out from under the toast. */
function keepAnsweredItemClear(): void {
  if (typeof window === 'undefined' || !window.matchMedia?.(PHONE_MEDIA_QUERY).matches) return;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return;
  const item = active.closest<HTMLElement>('.mantine-Paper-root, fieldset, li') ?? active;
  const bar = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue(SAVE_BAR_HEIGHT_VAR)) || 0;
  const overlap = item.getBoundingClientRect().bottom - (window.innerHeight - bar - PHONE_TOAST_ROOM);
  // Never so far that the control itself goes up under the shell's header.
  const room = active.getBoundingClientRect().top - SHELL_HEADER_HEIGHT;
  const by = Math.min(overlap, room);
  if (by > 0) window.scrollBy({ top: by, behavior: 'smooth' });
}

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
  keepAnsweredItemClear();
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
