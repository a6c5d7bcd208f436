// Compras reports: accounts payable aging, spend, payments per account; on
// screen (GraphQL) and as PDF through the shared builder (server/lib/pdf.ts).
import type { RequestContext } from '../../context';
import { getCompanyProfile } from '../../lib/company';
import { badInput } from '../../lib/errors';
import { money, sum } from '../../../schema/money';
import { renderPdfBase64, formatDateMx, type PdfColumn } from '../../lib/pdf';
import * as data from './data';
import { AGING_LABELS } from '../../../schema/shopping/fiscal';
import { isIsoDate } from '../../../schema/dates';
import { diotFieldsFor, diotLayoutFor, diotLines, diotTxt, isDiotMonth, type DiotOperation } from '../../../schema/shopping/diot';

const db = (ctx: RequestContext) => ctx.app.database.db;

type Range = { from: string; to: string };

function checkRange(from: string, to: string): Range {
  if (!isIsoDate(from)) throw badInput({ from: 'Fecha no válida.' });
  if (!isIsoDate(to)) throw badInput({ to: 'Fecha no válida.' });
  if (from > to) throw badInput({ to: 'La fecha final es anterior a la inicial.' });
  return { from, to };
}

const AGING_KEYS = ['current', 'd1to30', 'd31to60', 'd61to90', 'over90', 'total'] as const;

export async function payablesAging(ctx: RequestContext, asOf: string, supplierId: string | null | undefined) {
  if (!isIsoDate(asOf)) throw badInput({ asOf: 'Fecha no válida.' });
  const rows = (await data.payablesAging(db(ctx), asOf, supplierId ? Number(supplierId) : null)).map((r) => {
    const out: data.AgingRowData = { ...r };
    for (const k of AGING_KEYS) out[k] = money(r[k]);
    return out;
  });
  const total = (k: (typeof AGING_KEYS)[number]) => money(sum(rows.map((r) => r[k])));
  const totals = {
    supplierId: null,
    supplierName: 'Total',
    current: total('current'),
    d1to30: total('d1to30'),
    d31to60: total('d31to60'),
    d61to90: total('d61to90'),
    over90: total('over90'),
    total: total('total'),
  };
  return { asOf, rows, totals };
}

export async function spendReport(ctx: RequestContext, from: string, to: string, groupBy: 'SUPPLIER' | 'CATEGORY' | 'MONTH') {
  checkRange(from, to);
  const rows = (await data.spendReport(db(ctx), from, to, groupBy)).map((r) => ({ ...r, subtotal: money(r.subtotal), iva: money(r.iva), total: money(r.total) }));
  const totals = {
    key: 'total',
    label: 'Total',
    count: rows.reduce((n, r) => n + r.count, 0),
    subtotal: money(sum(rows.map((r) => r.subtotal))),
    iva: money(sum(rows.map((r) => r.iva))),
    total: money(sum(rows.map((r) => r.total))),
  };
  return { from, to, groupBy, rows, totals };
}

export async function accountPaymentsReport(ctx: RequestContext, from: string, to: string) {
  checkRange(from, to);
  const rows = (await data.accountPaymentsReport(db(ctx), from, to)).map((r) => ({ ...r, amount: money(r.amount) }));
  const totals = { accountId: null, accountName: 'Total', count: rows.reduce((n, r) => n + r.count, 0), amount: money(sum(rows.map((r) => r.amount))) };
  return { from, to, rows, totals };
}

const GROUP_LABEL = { SUPPLIER: 'Proveedor', CATEGORY: 'Categoría', MONTH: 'Mes' } as const;

export async function reportPdf(
  ctx: RequestContext,
  input: { kind: 'AGING' | 'SPEND' | 'ACCOUNT_PAYMENTS'; asOf?: string | null; from?: string | null; to?: string | null; groupBy?: 'SUPPLIER' | 'CATEGORY' | 'MONTH' | null },
): Promise<string> {
  const company = await getCompanyProfile(db(ctx));
  if (input.kind === 'AGING') {
    if (!input.asOf) throw badInput({ asOf: 'La fecha de corte es obligatoria.' });
    const r = await payablesAging(ctx, input.asOf, null);
    const columns: PdfColumn[] = [
      { header: 'Proveedor', key: 'supplierName', width: 3 },
      ...(['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const).map((k) => ({ header: AGING_LABELS[k], key: k, format: 'money' as const, width: 1.3 })),
      { header: 'Total', key: 'total', format: 'money', width: 1.4 },
    ];
    return renderPdfBase64({
      company,
      title: 'Antigüedad de saldos de proveedores',
      subtitle: `Al ${formatDateMx(r.asOf)}`,
      orientation: 'landscape',
      blocks: [{ kind: 'table', columns, rows: r.rows, footer: r.totals, emptyText: 'Sin saldos pendientes' }],
    });
  }
  if (!input.from || !input.to) throw badInput({ [input.from ? 'to' : 'from']: 'El periodo es obligatorio.' });
  if (input.kind === 'SPEND') {
    const groupBy = input.groupBy ?? 'SUPPLIER';
    const r = await spendReport(ctx, input.from, input.to, groupBy);
    return renderPdfBase64({
      company,
      title: `Gasto por ${GROUP_LABEL[groupBy].toLowerCase()}`,
      subtitle: `Del ${formatDateMx(r.from)} al ${formatDateMx(r.to)}`,
      blocks: [
        {
          kind: 'table',
          columns: [
            { header: GROUP_LABEL[groupBy], key: 'label', width: 3 },
            { header: 'Gastos', key: 'count', format: 'quantity', width: 0.8 },
            { header: 'Subtotal', key: 'subtotal', format: 'money', width: 1.3 },
            { header: 'IVA', key: 'iva', format: 'money', width: 1.2 },
            { header: 'Total', key: 'total', format: 'money', width: 1.3 },
          ],
          rows: r.rows,
          footer: r.totals,
          emptyText: 'Sin gastos en el periodo',
        },
      ],
    });
  }
  const r = await accountPaymentsReport(ctx, input.from, input.to);
  return renderPdfBase64({
    company,
    title: 'Pagos a proveedores por cuenta',
    subtitle: `Del ${formatDateMx(r.from)} al ${formatDateMx(r.to)}`,
    blocks: [
      {
        kind: 'table',
        columns: [
          { header: 'Cuenta', key: 'accountName', width: 3 },
          { header: 'Pagos', key: 'count', format: 'quantity', width: 1 },
          { header: 'Importe', key: 'amount', format: 'money', width: 1.5 },
        ],
        rows: r.rows,
        footer: r.totals,
        emptyText: 'Sin pagos en el periodo',
      },
    ],
  });
}

// ---- DIOT ------------------------------------------------------------------------------

const DIOT_MONTH = 'Elige un mes válido (AAAA-MM).';

function diotRange(month: string): Range {
  if (typeof month !== 'string' || !isDiotMonth(month)) throw badInput({ month: DIOT_MONTH });
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

async function diotOf(ctx: RequestContext, month: string) {
  const { from, to } = diotRange(month);
  const shares = await data.diotShares(db(ctx), from, to);
  return diotLines(shares.map((s) => ({ ...s, operation: s.operation as DiotOperation })));
}

/** The month's DIOT: its layout, a line per supplier (and operation type) with the TXT line, and each column's sum. */
export async function diotReport(ctx: RequestContext, month: string) {
  const lines = await diotOf(ctx, month);
  const layout = diotLayoutFor(month);
  const col = (k: 'base16' | 'base8' | 'base0' | 'exempt' | 'iva16' | 'iva8' | 'ivaRetained' | 'returns') => sum(lines.map((l) => l[k])).toFixed(0);
  const totals = {
    supplierId: '0',
    thirdPartyType: '',
    operation: '',
    rfc: '',
    name: 'Total',
    base16: col('base16'),
    base8: col('base8'),
    base0: col('base0'),
    exempt: col('exempt'),
    iva16: col('iva16'),
    iva8: col('iva8'),
    ivaRetained: col('ivaRetained'),
    returns: col('returns'),
    paid: money(sum(lines.map((l) => l.paid))),
    txt: '',
  };
  return { month, layout, lines: lines.map((l) => ({ ...l, txt: diotFieldsFor(layout, l).join('|') })), totals };
}

/** The TXT to load into SAT's DIOT program. */
export async function diotFile(ctx: RequestContext, month: string) {
  const lines = await diotOf(ctx, month);
  const company = await getCompanyProfile(db(ctx));
  return { fileName: `DIOT_${company.rfc.toUpperCase()}_${month.replace('-', '')}.txt`, content: diotTxt(lines, diotLayoutFor(month)), lines: lines.length };
}
