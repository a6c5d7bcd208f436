// Input shapes of every Ventas mutation (zod), with the Spanish per-field
// messages BAD_USER_INPUT carries. Rules that need the database (does the
// client exist, is the quote accepted…) live in the services.
import { RFC_MESSAGE, isPostalCode, POSTAL_CODE_MESSAGE, rfcKind } from '../../../schema/validators';
import { dec } from '../../../schema/money';
import { rules, z } from '../../lib/validation';
import { MSG } from './messages';
import { CURRENCIES, CURRENCY_MSG, exchangeRateError } from '../../../schema/sales/currency';
import { CREW_MSG } from '../../../schema/sales/crews';
import { IVA_KINDS, IVA_RETENTION_KINDS, LINE_OBJETOS_IMP, type IvaKind, type IvaRetentionKind } from '../../../schema/sales/totals';
import { REGISTRO_PATRONAL_RE, RIESGOS_PUESTO } from '../../../schema/rh/satNomina';
import { type CatalogEntry, FORMAS_PAGO, hasCode, PROD_SERV_RE, REGIMENES_FISCALES, UNIT_KEY_RE, USOS_CFDI, USOS_NOT_FOR_INVOICES } from '../../../schema/sat';

type DecimalRule = { places: number; min?: 'positive' | 'zero'; max?: string };

/** A Decimal scalar value (already a plain decimal string) with places and bounds. */
export const decimal = ({ places, min = 'zero', max }: DecimalRule) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .superRefine((value, ctx) => {
      let d;
      try {
        d = dec(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: MSG.badNumber });
        return;
      }
      if (!d.isFinite()) ctx.addIssue({ code: 'custom', message: MSG.badNumber });
      else if (min === 'positive' && d.lte(0)) ctx.addIssue({ code: 'custom', message: MSG.positive });
      else if (d.isNegative()) ctx.addIssue({ code: 'custom', message: MSG.notNegative });
      else if (d.decimalPlaces() > places) ctx.addIssue({ code: 'custom', message: MSG.places(places) });
      else if (max && d.gt(max)) ctx.addIssue({ code: 'custom', message: max === '100' ? MSG.percent : MSG.tooLarge });
    });

const MONEY_MAX = '9999999999999.99';
export const moneyInput = (min: 'positive' | 'zero' = 'zero') => decimal({ places: 2, min, max: MONEY_MAX });
export const percentInput = () => decimal({ places: 4, max: '100' });
const quantityInput = () => decimal({ places: 4, min: 'positive', max: '99999999999999' });
const unitPriceInput = () => decimal({ places: 6, max: MONEY_MAX });
const optionalText = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');
const optionalEmail = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Máximo 254 caracteres.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Correo electrónico no válido.')
    .nullish()
    .transform((v) => v ?? '');
const currencyField = () =>
  z
    .enum(CURRENCIES, { error: CURRENCY_MSG.currencyUnknown })
    .nullish()
    .transform((v) => v ?? 'MXN');

const isoDate = () => z.string({ error: MSG.required }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha no válida.');
const codeIn = (list: CatalogEntry[], message: string) =>
  z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .refine((v) => hasCode(list, v), message);

// ---- company -------------------------------------------------------------------------

const serie = z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,10}$/, MSG.serieFormat);

export const companyInput = z
  .object({
    rfc: z
      .string({ error: MSG.required })
      .trim()
      .toUpperCase()
      .refine((v) => rfcKind(v, { allowGeneric: true }) !== null, RFC_MESSAGE)
      .refine((v) => rfcKind(v, { allowGeneric: true }) !== 'generico', MSG.companyRfc),
    name: rules.requiredText(254),
    regimenFiscal: codeIn(REGIMENES_FISCALES, MSG.regimenUnknown),
    postalCode: z.string({ error: MSG.required }).trim().refine(isPostalCode, POSTAL_CODE_MESSAGE),
    address: optionalText(300),
    phone: optionalText(40),
    email: optionalEmail(),
    invoiceSeries: z.array(serie).min(1, MSG.seriesRequired).max(20, 'Máximo 20 series.'),
    defaultSeries: serie,
    // For the CFDI de nómina (issue 27): omitted = unchanged, '' = cleared.
    registroPatronal: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || REGISTRO_PATRONAL_RE.test(v), MSG.registroPatronal)
      .transform((v) => v || null)
      .optional(),
    riesgoPuesto: z
      .string()
      .trim()
      .refine((v) => v === '' || RIESGOS_PUESTO.some((r) => r.code === v), MSG.riesgoPuesto)
      .transform((v) => v || null)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const person = rfcKind(v.rfc) === 'fisica' ? 'fisica' : 'moral';
    const regimen = REGIMENES_FISCALES.find((r) => r.code === v.regimenFiscal);
    if (regimen && !regimen.applies.includes(person)) ctx.addIssue({ code: 'custom', path: ['regimenFiscal'], message: MSG.regimenPerson(person) });
    if (!v.invoiceSeries.includes(v.defaultSeries)) ctx.addIssue({ code: 'custom', path: ['defaultSeries'], message: MSG.defaultSerie });
  });

// ---- clients --------------------------------------------------------------------------

const contactInput = z.object({
  name: rules.requiredText(120),
  position: optionalText(120),
  email: optionalEmail(),
  phone: optionalText(40),
});

const clientShape = {
  rfc: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .min(1, MSG.required)
    .refine((v) => rfcKind(v, { allowGeneric: true }) !== null, RFC_MESSAGE),
  name: rules.requiredText(254),
  regimenFiscal: codeIn(REGIMENES_FISCALES, MSG.regimenUnknown),
  postalCode: z.string({ error: MSG.required }).trim().refine(isPostalCode, POSTAL_CODE_MESSAGE),
  usoCfdi: codeIn(USOS_CFDI, MSG.usoUnknown),
  address: optionalText(300),
  city: optionalText(120),
  state: optionalText(80),
  email: optionalEmail(),
  phone: optionalText(40),
  creditDays: z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? MSG.required : MSG.places(0)) }).int(MSG.places(0)).min(0, MSG.creditDays).max(365, MSG.creditDays),
  creditLimit: moneyInput(),
  active: z.boolean(),
  /** The currency its new invoices propose. */
  currency: currencyField(),
  notes: optionalText(2000),
  contacts: z.array(contactInput).max(20, 'Máximo 20 contactos.').nullish().transform((v) => v ?? []),
};

/** Fiscal coherence of a receptor: régimen and uso must fit the RFC's person type. */
function fiscalCoherence(v: { rfc: string; regimenFiscal: string; usoCfdi: string }, ctx: z.RefinementCtx): void {
  const kind = rfcKind(v.rfc, { allowGeneric: true });
  if (!kind) return;
  if (kind === 'generico') {
    if (v.regimenFiscal !== '616') ctx.addIssue({ code: 'custom', path: ['regimenFiscal'], message: MSG.genericRegimen });
    if (v.usoCfdi !== 'S01') ctx.addIssue({ code: 'custom', path: ['usoCfdi'], message: MSG.genericUso });
    return;
  }
  const regimen = REGIMENES_FISCALES.find((r) => r.code === v.regimenFiscal);
  if (regimen && !regimen.applies.includes(kind)) ctx.addIssue({ code: 'custom', path: ['regimenFiscal'], message: MSG.regimenPerson(kind) });
  const uso = USOS_CFDI.find((u) => u.code === v.usoCfdi);
  if (uso && !uso.applies.includes(kind)) ctx.addIssue({ code: 'custom', path: ['usoCfdi'], message: MSG.usoPerson(kind) });
}

export const clientInput = z.object(clientShape).superRefine(fiscalCoherence);
export type ClientInputValues = z.infer<typeof clientInput>;

const cell = (v: string | null | undefined): string => (v ?? '').toString().trim();
/** "601 - General de Ley…" or "601" → "601". */
const leadingCode = (v: string | null | undefined): string => cell(v).split(/\s+-\s+|\s+/)[0] ?? '';

/** A spreadsheet row normalised into a ClientInput candidate (text cells → typed values). */
export function importRowToInput(row: Record<string, string | null | undefined>): Record<string, unknown> {
  const days = cell(row.creditDays);
  const limit = cell(row.creditLimit).replace(/[$,\s]/g, '');
  const contactName = cell(row.contactName);
  return {
    rfc: cell(row.rfc),
    name: cell(row.name),
    regimenFiscal: leadingCode(row.regimenFiscal),
    postalCode: cell(row.postalCode).padStart(cell(row.postalCode) ? 5 : 0, '0'),
    usoCfdi: leadingCode(row.usoCfdi) || 'G03',
    address: cell(row.address),
    city: cell(row.city),
    state: cell(row.state),
    email: cell(row.email),
    phone: cell(row.phone),
    creditDays: days === '' ? 0 : /^\d+$/.test(days) ? Number(days) : Number.NaN,
    creditLimit: limit === '' ? '0' : limit,
    active: true,
    notes: '',
    contacts: contactName ? [{ name: contactName, email: cell(row.contactEmail), phone: cell(row.contactPhone), position: '' }] : [],
  };
}

// ---- document lines and quotes ------------------------------------------------------

export const lineInput = z.object({
  description: rules.requiredText(1000),
  prodServKey: z.string({ error: MSG.required }).trim().regex(PROD_SERV_RE, MSG.prodServ),
  unitKey: z.string({ error: MSG.required }).trim().toUpperCase().regex(UNIT_KEY_RE, MSG.unitKey),
  unitName: rules.requiredText(40),
  quantity: quantityInput(),
  unitPrice: unitPriceInput(),
  discountPercent: percentInput().nullish().transform((v) => v ?? '0'),
  objetoImp: z.enum(LINE_OBJETOS_IMP, { error: MSG.objetoImp }).nullish().transform((v) => v ?? '02'),
});
export type LineInputValues = z.infer<typeof lineInput>;

const lines = () => z.array(lineInput).min(1, MSG.linesRequired).max(300, MSG.tooManyLines);

export const quoteInput = z
  .object({
    clientId: rules.id(),
    date: isoDate(),
    validUntil: isoDate(),
    subject: optionalText(200),
    notes: optionalText(2000),
    isrRetention: z.boolean().nullish(),
    ivaRetention: z.boolean().nullish(),
    lines: lines(),
  })
  .refine((v) => v.validUntil >= v.date, { path: ['validUntil'], message: MSG.validUntil });
export type QuoteInputValues = z.infer<typeof quoteInput>;

export const reasonInput = rules.requiredText(500);

// ---- contracts --------------------------------------------------------------------------

export const contractInput = z
  .object({
    clientId: rules.id(),
    quoteId: rules.id().nullish(),
    name: rules.requiredText(200),
    startDate: isoDate(),
    endDate: isoDate(),
    anticipoPercent: percentInput().nullish().transform((v) => v ?? '0'),
    guaranteePercent: percentInput().nullish().transform((v) => v ?? '0'),
    notes: optionalText(2000),
    concepts: z
      .array(
        z.object({
          id: rules.id().nullish(),
          description: rules.requiredText(1000),
          prodServKey: z.string({ error: MSG.required }).trim().regex(PROD_SERV_RE, MSG.prodServ),
          unitKey: z.string({ error: MSG.required }).trim().toUpperCase().regex(UNIT_KEY_RE, MSG.unitKey),
          unitName: rules.requiredText(40),
          quantity: quantityInput(),
          unitPrice: unitPriceInput(),
        }),
      )
      .min(1, MSG.linesRequired)
      .max(300, MSG.tooManyLines),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: MSG.dateOrder });
export type ContractInputValues = z.infer<typeof contractInput>;

// ---- service orders and deliveries -------------------------------------------------------

export const orderInput = z
  .object({
    contractId: rules.id().nullish(),
    clientId: rules.id().nullish(),
    description: rules.requiredText(500),
    site: optionalText(300),
    scheduledStart: isoDate(),
    scheduledEnd: isoDate(),
    responsibles: z
      .array(z.string().trim().min(1, MSG.responsibleName).max(120, 'Máximo 120 caracteres.'))
      .max(20, 'Máximo 20 responsables.')
      .nullish()
      .transform((v) => v ?? []),
    notes: optionalText(2000),
    /** The crew (issue 28); absent keeps the stored crew (older clients). */
    crewEmployeeIds: z.array(rules.id()).max(50, CREW_MSG.tooManyCrew).nullish(),
    vehicleIds: z.array(rules.id()).max(20, CREW_MSG.tooManyVehicles).nullish(),
  })
  .refine((v) => v.scheduledEnd >= v.scheduledStart, { path: ['scheduledEnd'], message: MSG.dateOrder })
  .refine((v) => Boolean(v.contractId || v.clientId), { path: ['clientId'], message: MSG.orderTarget });
export type OrderInputValues = z.infer<typeof orderInput>;

// The 0–24 range and overtime ≤ hours are validateCrewPeople's (schema/sales/crews.ts), with their own messages.
const crewHours = () => decimal({ places: 2 });

export const crewDayInput = z.object({
  date: isoDate(),
  notes: optionalText(1000),
  people: z
    .array(z.object({ employeeId: rules.id(), hours: crewHours(), overtimeHours: crewHours().nullish().transform((v) => v ?? '0') }))
    .min(1, CREW_MSG.peopleRequired)
    .max(50, CREW_MSG.tooManyPeople),
  /** Km each vehicle of the order ran that day (job cost); omitted (null) = keep what is stored. */
  vehicles: z
    .array(z.object({ vehicleId: rules.id(), km: z.number({ error: CREW_MSG.km }).int(CREW_MSG.km).min(0, CREW_MSG.km).max(5000, CREW_MSG.km) }))
    .max(20, CREW_MSG.tooManyDayVehicles)
    .nullish()
    .transform((v) => v ?? null),
});
export type CrewDayInputValues = z.infer<typeof crewDayInput>;

export const deliveryInput = z.object({
  orderId: rules.id(),
  date: isoDate(),
  receivedBy: rules.requiredText(200),
  notes: optionalText(2000),
  fileIds: z
    .array(z.string({ error: MSG.required }).min(1, MSG.required).max(100))
    .max(10, MSG.tooManyFiles)
    .nullish()
    .transform((v) => v ?? []),
});

// ---- generators ----------------------------------------------------------------------------

export const generatorInput = z
  .object({
    orderId: rules.id(),
    periodStart: isoDate(),
    periodEnd: isoDate(),
    notes: optionalText(2000),
    lines: z
      .array(z.object({ conceptId: rules.id(), quantity: quantityInput() }))
      .min(1, MSG.linesRequired)
      .max(300, MSG.tooManyLines),
  })
  .refine((v) => v.periodEnd >= v.periodStart, { path: ['periodEnd'], message: MSG.dateOrder })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.lines.forEach((l, i) => {
      if (seen.has(l.conceptId)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'conceptId'], message: MSG.conceptRepeated });
      seen.add(l.conceptId);
    });
  });
export type GeneratorInputValues = z.infer<typeof generatorInput>;

// ---- invoices ---------------------------------------------------------------------------------

export const invoiceInput = z
  .object({
    clientId: rules.id(),
    serie,
    date: isoDate(),
    formaPago: codeIn(FORMAS_PAGO, MSG.formaUnknown),
    metodoPago: z.enum(['PUE', 'PPD'], { error: MSG.metodoUnknown }),
    usoCfdi: codeIn(USOS_CFDI, MSG.usoUnknown).refine((v) => !USOS_NOT_FOR_INVOICES.includes(v), MSG.usoNotInvoice),
    notes: optionalText(2000),
    isrRetention: z.boolean().nullish(),
    ivaRetention: z.boolean().nullish(),
    ivaKind: z.enum(Object.keys(IVA_KINDS) as [IvaKind, ...IvaKind[]], { error: MSG.ivaKind }).nullish().transform((v) => v ?? 'TASA_16'),
    ivaRetentionKind: z.enum(Object.keys(IVA_RETENTION_KINDS) as [IvaRetentionKind, ...IvaRetentionKind[]], { error: MSG.ivaRetentionKind }).nullish(),
    generatorIds: z.array(rules.id()).max(50, 'Máximo 50 generadores.').nullish().transform((v) => v ?? []),
    lines: z.array(lineInput).max(300, MSG.tooManyLines).nullish().transform((v) => v ?? []),
    kind: z.enum(['NORMAL', 'ANTICIPO', 'GLOBAL'], { error: MSG.invoiceKind }).nullish().transform((v) => v ?? 'NORMAL'),
    /** Factura de anticipo: the amount received, before taxes (its one concept's ValorUnitario). */
    anticipoAmount: moneyInput('positive').nullish(),
    /** Facturas de anticipo this invoice relates with TipoRelacion 07. */
    anticipoIds: z.array(rules.id()).max(20, 'Máximo 20 anticipos.').nullish().transform((v) => v ?? []),
    globalPeriodicidad: z.string().trim().nullish(),
    globalMeses: z.string().trim().nullish(),
    globalAnio: z.number().int().nullish(),
    currency: currencyField(),
    /** TipoCambio (pesos per dollar) of a USD invoice; ignored for MXN. */
    exchangeRate: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    const rateError = exchangeRateError(v.currency, v.exchangeRate);
    if (rateError) ctx.addIssue({ code: 'custom', path: ['exchangeRate'], message: rateError });
    if (v.metodoPago === 'PPD' && v.formaPago !== '99') ctx.addIssue({ code: 'custom', path: ['formaPago'], message: MSG.ppdForma });
    if (v.metodoPago === 'PUE' && v.formaPago === '99') ctx.addIssue({ code: 'custom', path: ['formaPago'], message: MSG.pueForma });
    if (v.kind === 'ANTICIPO') {
      // SAT: the anticipo is received money (PUE) and the invoice's one concept is fixed.
      if (v.metodoPago !== 'PUE') ctx.addIssue({ code: 'custom', path: ['metodoPago'], message: MSG.anticipoPue });
      if (!v.anticipoAmount) ctx.addIssue({ code: 'custom', path: ['anticipoAmount'], message: MSG.required });
      if (v.generatorIds.length || v.lines.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: MSG.anticipoLines });
      if (v.anticipoIds.length) ctx.addIssue({ code: 'custom', path: ['anticipoIds'], message: MSG.anticipoOfAnticipo });
      return;
    }
    if (v.generatorIds.length === 0 && v.lines.length === 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: MSG.invoiceEmpty });
    const seen = new Set<number>();
    v.generatorIds.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['generatorIds', i], message: MSG.generatorRepeated });
      seen.add(id);
    });
  });
export type InvoiceInputValues = z.infer<typeof invoiceInput>;

// ---- credit notes ------------------------------------------------------------------------------

export const creditNoteInput = z.object({
  invoiceId: rules.id(),
  // The form de pago of an egreso is never 99 (SAT): the invoice's own, or 15 Condonación for a PPD one.
  formaPago: codeIn(FORMAS_PAGO, MSG.formaUnknown).refine((v) => v !== '99', MSG.creditNoteForma),
  notes: optionalText(2000),
  lines: lines(),
});
export type CreditNoteInputValues = z.infer<typeof creditNoteInput>;

/** Applying an anticipo to a stamped final invoice: the egreso's amount before taxes. */
export const anticipoApplicationInput = z.object({
  invoiceId: rules.id(),
  anticipoId: rules.id(),
  amount: moneyInput('positive'),
  notes: optionalText(2000),
});

// ---- payments and other income -------------------------------------------------------------

export const paymentInput = z
  .object({
    clientId: rules.id(),
    date: isoDate(),
    formaPago: codeIn(FORMAS_PAGO, MSG.formaUnknown).refine((v) => v !== '99', MSG.paymentForma),
    accountId: rules.id(),
    amount: moneyInput('positive'),
    reference: optionalText(200),
    notes: optionalText(2000),
    /** MonedaP: what the money came in. Each application's amount is in its invoice's currency. */
    currency: currencyField(),
    /** Pesos per dollar on the payment's day: required when the payment or an invoice it pays is in USD. */
    exchangeRate: z.string().nullish(),
    applications: z
      .array(z.object({ invoiceId: rules.id(), amount: moneyInput('positive') }))
      .min(1, MSG.applicationsRequired)
      .max(100, 'Máximo 100 facturas por pago.'),
  })
  .superRefine((v, ctx) => {
    if (v.currency === 'USD') {
      const rateError = exchangeRateError('USD', v.exchangeRate);
      if (rateError) ctx.addIssue({ code: 'custom', path: ['exchangeRate'], message: rateError });
    }
    const seen = new Set<number>();
    v.applications.forEach((a, i) => {
      if (seen.has(a.invoiceId)) ctx.addIssue({ code: 'custom', path: ['applications', i, 'invoiceId'], message: MSG.invoiceRepeated });
      seen.add(a.invoiceId);
    });
    // What the applications add up to against the amount is checked with the invoices' currencies (billing.createPayment).
  });
export type PaymentInputValues = z.infer<typeof paymentInput>;

export const otherIncomeInput = z.object({
  date: isoDate(),
  concept: rules.requiredText(200),
  amount: moneyInput('positive'),
  accountId: rules.id(),
  reference: optionalText(200),
  notes: optionalText(2000),
});

export const periodInput = z
  .object({ from: isoDate(), to: isoDate() })
  .refine((v) => v.to >= v.from, { path: ['to'], message: MSG.dateOrder });
