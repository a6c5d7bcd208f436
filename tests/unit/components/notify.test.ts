// The one notification policy: two at most, below the header (on a phone one, at the bottom), errors replace successes (and the
// reverse), a new screen clears the old screen's toasts but keeps the one of
// the action that moved there.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const visible = new Set<string>();
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (n: { id: string }) => {
      visible.add(n.id);
      return n.id;
    },
    hide: (id: string) => visible.delete(id),
  },
}));

const notify = await import('../../../client/components/notify');

type Listener = (state: { location: { pathname: string } }) => void;
function fakeRouter(pathname: string) {
  const listeners: Listener[] = [];
  return {
    state: { location: { pathname } },
    subscribe(listener: Listener) {
      listeners.push(listener);
      return () => undefined;
    },
    go(next: string) {
      for (const l of listeners) l({ location: { pathname: next } });
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  notify.clearNotifications(Date.now() + 60_000);
  visible.clear();
});

describe('notification policy', () => {
  it('shows at most two, centred below the header (clear of the user menu and the right-hand actions)', () => {
    expect(notify.NOTIFICATION_LIMIT).toBe(2);
    expect(notify.NOTIFICATION_POSITION).toBe('top-center');
    expect(notify.notificationPlacement(false)).toEqual({ position: 'top-center', limit: 2 });
  });

  it('on a phone shows one at a time at the bottom (at the top two covered 25–40 % of the screen)', () => {
    expect(notify.notificationPlacement(true)).toEqual({ position: 'bottom-center', limit: 1 });
  });

  it('an error replaces the successes still shown, and a success the errors', () => {
    const ok1 = notify.notifySuccess('Movimiento aplicado');
    const ok2 = notify.notifySuccess('Otro aplicado');
    const err = notify.notifyError('Existencia insuficiente');
    expect([...visible]).toEqual([err]);
    expect(visible.has(ok1) || visible.has(ok2)).toBe(false);
    const ok3 = notify.notifySuccess('Guardado');
    expect([...visible]).toEqual([ok3]);
  });

  it('moving to another screen clears the old toasts but keeps the one that caused the move', () => {
    const router = fakeRouter('/system/shoppingModule/expenses/expenses-form');
    notify.clearNotificationsOnNavigation(router);
    const old = notify.notifyError('Falta el proveedor');
    vi.advanceTimersByTime(5_000);
    const saved = notify.notifySuccess('Gasto guardado');
    // The save replaced the error already; a second, older success stays only if recent.
    expect([...visible]).toEqual([saved]);
    vi.advanceTimersByTime(200);
    router.go('/system/shoppingModule/expenses');
    expect(visible.has(saved)).toBe(true);
    vi.advanceTimersByTime(5_000);
    router.go('/system/cashModule/periods');
    expect(visible.has(saved)).toBe(false);
    expect(visible.has(old)).toBe(false);
  });

  it('a change of query string (filters, ?id=) is not a new screen', () => {
    const router = fakeRouter('/system/salesModule/bills');
    notify.clearNotificationsOnNavigation(router);
    const err = notify.notifyError('No se pudo exportar');
    vi.advanceTimersByTime(10_000);
    router.go('/system/salesModule/bills');
    expect(visible.has(err)).toBe(true);
  });
});
