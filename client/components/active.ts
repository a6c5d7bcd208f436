// Active / inactive records, the same on every catalogue: the badge, the
// label for exports, the Todos / Activos / Inactivos filter kept in the URL,
// and Sí / No for yes-no columns.
import type { StatusLabels } from './StatusBadge';

export const ACTIVE_LABELS: StatusLabels = {
  active: { label: 'Activo', color: 'teal' },
  inactive: { label: 'Inactivo', color: 'gray' },
};
export const activeStatus = (active: boolean): 'active' | 'inactive' => (active ? 'active' : 'inactive');
export const activeLabel = (active: boolean): string => (active ? 'Activo' : 'Inactivo');

/** The Todos / Activos / Inactivos choice of a catalogue list ('all' clears the URL filter). */
export const ACTIVE_FILTER_OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];
/** The URL's `active` filter as the query's variable (undefined: all). */
export const activeFilter = (raw: string | undefined): boolean | undefined => (raw === 'true' ? true : raw === 'false' ? false : undefined);

export const yesNo = (value: boolean): string => (value ? 'Sí' : 'No');
