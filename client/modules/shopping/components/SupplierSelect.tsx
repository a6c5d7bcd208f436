// The supplier of a Compras document (gasto, orden de compra): searchable by name or RFC, the
// options the form already loaded (active ones plus the document's own, even if deactivated since).
import { Select, type SelectProps } from '@mantine/core';

export type SupplierChoice = { id: string; name: string; rfc: string };

export function SupplierSelect({ suppliers, ...props }: { suppliers: SupplierChoice[] } & Omit<SelectProps, 'data' | 'label'>) {
  return (
    <Select
      label="Proveedor"
      required
      searchable
      nothingFoundMessage="Sin proveedores"
      data={suppliers.map((s) => ({ value: s.id, label: `${s.name} (${s.rfc})` }))}
      {...props}
    />
  );
}

/** A Compras list's «Proveedor» filter (gastos, pagos, órdenes de compra). */
export function SupplierFilter({ suppliers, value, onChange }: { suppliers: Pick<SupplierChoice, 'id' | 'name'>[]; value: string; onChange: (supplierId: string) => void }) {
  return (
    <Select
      aria-label="Proveedor"
      placeholder="Todos los proveedores"
      data={suppliers.map((s) => ({ value: s.id, label: s.name }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable
      searchable
      w={260}
    />
  );
}
