// Áreas and puestos as select options for the filters and forms of this
// submodule (one query, cached by Apollo across the screens).
import { useQuery } from '@apollo/client/react';
import { RhOrganizationOptionsDocument, type RhOrganizationOptionsQuery } from '../../../../generated/modules/human-resources/graphql';

export type PositionOption = RhOrganizationOptionsQuery['rhPositions']['items'][number];
type Option = { value: string; label: string };
type Group = { group: string; items: Option[] };

const inactive = (name: string, active: boolean) => (active ? name : `${name} (inactivo)`);

export function useOrganizationOptions() {
  const { data } = useQuery(RhOrganizationOptionsDocument, { fetchPolicy: 'cache-and-network' });
  const areas = data?.rhAreas.items ?? [];
  const positions = data?.rhPositions.items ?? [];
  /** Every área (filters); `pick` keeps only the active ones plus `keep` (forms). */
  const areaOptions = (pick?: { keep?: string | null }): Option[] =>
    areas.filter((a) => !pick || a.active || a.id === pick.keep).map((a) => ({ value: a.id, label: inactive(a.name, a.active) }));
  /** Puestos grouped by área, optionally of one área; `pick` as above. */
  const positionGroups = (opts: { areaId?: string | null; pick?: { keep?: string | null } } = {}): Group[] => {
    const groups = new Map<string, Option[]>();
    for (const p of positions) {
      if (opts.areaId && p.areaId !== opts.areaId) continue;
      if (opts.pick && !p.active && p.id !== opts.pick.keep) continue;
      const list = groups.get(p.areaName) ?? [];
      list.push({ value: p.id, label: inactive(p.name, p.active) });
      groups.set(p.areaName, list);
    }
    return [...groups.entries()].map(([group, items]) => ({ group, items }));
  };
  const position = (id: string | null | undefined): PositionOption | undefined => positions.find((p) => p.id === id);
  return { areaOptions, positionGroups, position, loaded: data !== undefined };
}
