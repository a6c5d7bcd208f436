// Pure rules of the Viáticos (issue 28), shared by the server and the SPA: the
// advance's lifecycle, the status its comprobación implies, and how the
// remainder is settled when it is closed (returned, deducted in payroll with
// the employee's consent, or the excess reimbursed to the employee).
import { defineLifecycle } from '../lifecycle';
import { dec, money, sum, type DecimalLike } from '../money';

export type ViaticoStatus = 'borrador' | 'pagado' | 'comprobado_parcial' | 'comprobado' | 'cerrado' | 'cancelado';
export type ViaticoProofKind = 'cfdi' | 'no_deducible';
export type ViaticoSettlement = 'reintegro' | 'descuento_nomina' | 'reembolso' | 'exacto';
/** Where the advance's money comes from: a company account (the ledger) or a Caja cash box. */
export type ViaticoSource = 'cuenta' | 'caja';

export const formatViaticoFolio = (folio: number): string => `VI-${String(folio).padStart(6, '0')}`;

/** Days after payment without full comprobación before the Tablero warns (Compras settings). */
export const DEFAULT_VIATICO_OVERDUE_DAYS = 5;

export const VIATICO_LIFECYCLE = defineLifecycle({
  labels: {
    borrador: 'Borrador',
    pagado: 'Pagado',
    comprobado_parcial: 'Comprobado parcial',
    comprobado: 'Comprobado',
    cerrado: 'Cerrado',
    cancelado: 'Cancelado',
  } satisfies Record<ViaticoStatus, string>,
  actions: {
    // Paying withdraws the amount from the account or caja.
    pagar: { label: 'Pagar', edges: { borrador: ['pagado'] } },
    // Adding or removing a comprobante moves it between these three by the sum comprobado.
    comprobar: {
      label: 'Agregar comprobante',
      edges: {
        pagado: ['comprobado_parcial', 'comprobado'],
        comprobado_parcial: ['pagado', 'comprobado_parcial', 'comprobado'],
        comprobado: ['pagado', 'comprobado_parcial', 'comprobado'],
      },
    },
    // Closing settles the remainder (reintegro, descuento en nómina or reembolso).
    cerrar: { label: 'Cerrar', edges: { pagado: ['cerrado'], comprobado_parcial: ['cerrado'], comprobado: ['cerrado'] } },
    // A paid advance without comprobantes gives its payment back (the reversal of its account entry or cash movement).
    cancelar: { label: 'Cancelar', edges: { borrador: ['cancelado'], pagado: ['cancelado'] } },
  },
});

export const SETTLEMENT_LABELS: Record<ViaticoSettlement, string> = {
  reintegro: 'Reintegro',
  descuento_nomina: 'Descuento en nómina',
  reembolso: 'Reembolso al empleado',
  exacto: 'Sin diferencia',
};

export const PROOF_KIND_LABELS: Record<ViaticoProofKind, string> = { cfdi: 'CFDI', no_deducible: 'No deducible' };

/** The status an advance already paid takes from what its comprobantes add up to. */
export function statusForComprobado(amount: DecimalLike, comprobado: DecimalLike): 'pagado' | 'comprobado_parcial' | 'comprobado' {
  if (dec(comprobado).lte(0)) return 'pagado';
  return dec(comprobado).gte(amount) ? 'comprobado' : 'comprobado_parcial';
}

/**
 * The comprobado (sum of the comprobantes' totals) against the advance:
 * `remainder` > 0 is owed by the employee (reintegro or descuento en nómina),
 * `excess` > 0 is owed to the employee (reembolso). `deductible` is the net of
 * IVA of the CFDI comprobantes; `nonDeductible` the receipts without CFDI.
 */
export function viaticoBalance(amount: DecimalLike, proofs: readonly { kind: ViaticoProofKind; subtotal: DecimalLike; total: DecimalLike }[]) {
  const comprobado = sum(proofs.map((p) => p.total));
  const diff = dec(amount).minus(comprobado);
  return {
    comprobado: money(comprobado),
    deductible: money(sum(proofs.filter((p) => p.kind === 'cfdi').map((p) => p.subtotal))),
    nonDeductible: money(sum(proofs.filter((p) => p.kind === 'no_deducible').map((p) => p.total))),
    remainder: money(diff.gt(0) ? diff : 0),
    excess: money(diff.lt(0) ? diff.negated() : 0),
  };
}

/** The settlements that fit a balance: none to choose when it is exact or an excess. */
export function settlementsFor(remainder: DecimalLike, excess: DecimalLike): ViaticoSettlement[] {
  if (dec(remainder).gt(0)) return ['reintegro', 'descuento_nomina'];
  if (dec(excess).gt(0)) return ['reembolso'];
  return ['exacto'];
}
