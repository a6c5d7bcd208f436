import { describe, expect, it } from 'vitest';
import { nextParentPath } from '../../../client/app/routing/parentPath';
import { createSessionStore } from '../../../client/app/session/sessionStore';

describe('parent path rule', () => {
  it('stores the route parent path when it differs', () => {
    expect(nextParentPath(null, '/system/sales')).toBe('/system/sales');
    expect(nextParentPath('/system/cash', '/system/sales')).toBe('/system/sales');
  });

  it('keeps it when it is the same', () => {
    expect(nextParentPath('/system/sales', '/system/sales')).toBe('/system/sales');
  });

  it('resets it when the route has none', () => {
    expect(nextParentPath('/system/sales', undefined)).toBeNull();
    expect(nextParentPath('/system/sales', '')).toBeNull();
  });

  it('is applied and cleared through the session store', () => {
    const store = createSessionStore({ storage: null });
    let notifications = 0;
    store.subscribe(() => {
      notifications += 1;
    });
    store.applyRouteParentPath('/system/sales');
    expect(store.getState().parentPath).toBe('/system/sales');
    store.applyRouteParentPath('/system/sales');
    expect(notifications).toBe(1);
    store.applyRouteParentPath(undefined);
    expect(store.getState().parentPath).toBeNull();
    store.applyRouteParentPath('/system/cash');
    store.clearParentPath();
    expect(store.getState().parentPath).toBeNull();
  });
});
