// Picks an active employee (number or name, searched on the server) for any
// module: drivers, mechanics, inspectors, requesters. The value is the
// employee id; the chosen employee stays listed when a later search no
// longer returns it, and a preselected one shows through `known`.
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { RhEmployeeOptionListDocument, type RhEmployeeOptionListQuery } from '../../generated/components/graphql';
import { SearchSelect, searchSelectData, type SearchSelectFieldProps } from './SearchSelect';

export type EmployeeOption = RhEmployeeOptionListQuery['rhEmployeeOptions'][number];
/** What a record already knows of its employee (e.g. the driver of a vehicle). */
export type KnownEmployee = Pick<EmployeeOption, 'id' | 'fullName'> & Partial<EmployeeOption>;

export const EMPLOYEE_SELECT_TEXTS = {
  placeholder: 'Busca por número o nombre',
  nothingFound: 'Ningún empleado activo coincide.',
  searching: 'Buscando…',
} as const;

/** The label of an employee in the picker: "E-0012 · López Pérez Ana (Técnico)". */
export const employeeLabel = (e: KnownEmployee): string =>
  `${e.number ? `${e.number} · ` : ''}${e.fullName}${e.positionName ? ` (${e.positionName})` : ''}`;

/** The picker's entries: the search results, with the chosen employee first when the search left it out. */
export const employeeSelectData = (results: readonly EmployeeOption[], value: string, remembered: readonly (KnownEmployee | null | undefined)[]) =>
  searchSelectData<KnownEmployee>(results, value, remembered, employeeLabel);

const NONE: readonly EmployeeOption[] = [];

type Props = SearchSelectFieldProps & {
  value: string;
  onChange: (id: string, employee: KnownEmployee | null) => void;
  known?: KnownEmployee | null;
  /** Results per search (the server allows up to 50). */
  limit?: number;
};

export function EmployeeSelect({ limit = 20, ...props }: Props) {
  const [search, setSearch] = useState<string | null>(null);
  const { data, loading } = useQuery(RhEmployeeOptionListDocument, { variables: { search, limit }, skip: props.disabled, fetchPolicy: 'cache-first' });
  return (
    <SearchSelect<KnownEmployee>
      {...props}
      labelOf={employeeLabel}
      texts={EMPLOYEE_SELECT_TEXTS}
      results={data?.rhEmployeeOptions ?? NONE}
      loading={loading}
      onSearch={setSearch}
    />
  );
}
