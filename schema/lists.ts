// The list contract both sides read: the page sizes a list screen offers, the
// one it opens with and the largest the API accepts (server/lib/list.ts
// validates `pageSize` against it; client/components/listParams.ts offers them).
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;

/** Whether a page size is one the screens offer (the server plans their first pages once: settings/data.ts). */
export const isOfferedPageSize = (pageSize: number): boolean => (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize);
