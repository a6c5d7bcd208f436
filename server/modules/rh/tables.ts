// Recursos Humanos tables: the organisation (áreas, puestos, plazas), the
// catalogues (document types, payroll concepts), the fiscal figures per year
// (ISR tariffs, subsidio, UMA, minimum wage, IMSS rates: data, never code),
// employees with their documents and employment history, convenios, and
// payrolls with their per-employee results and lines. Money is numeric(18, 2);
// payroll inputs keep more decimals so figures are rounded once, at the end.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { uploads, users } from '../../db/tables';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const fine = (name: string) => numeric(name, { precision: 18, scale: 6 });
const pct = (name: string) => numeric(name, { precision: 9, scale: 4 });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);

export const rhAreas = pgTable(
  'rh_areas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('rh_areas_name_uq').on(sql`lower(${t.name})`)],
);

export const rhPositions = pgTable(
  'rh_positions',
  {
    id: serial('id').primaryKey(),
    areaId: integer('area_id').notNull().references(() => rhAreas.id),
    name: text('name').notNull(),
    baseDailySalary: money('base_daily_salary').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('rh_positions_area_name_uq').on(t.areaId, sql`lower(${t.name})`), check('rh_positions_salary_ck', sql`${t.baseDailySalary} > 0`)],
);

export const WORKPLACE_STATUSES = ['vacante', 'ocupada'] as const;

/** Plazas: a budgeted seat of a puesto. One holder at a time (the column), one plaza per employee (the unique index). */
export const rhWorkplaces = pgTable(
  'rh_workplaces',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    positionId: integer('position_id').notNull().references(() => rhPositions.id),
    authorizedDailySalary: money('authorized_daily_salary').notNull(),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    holderId: integer('holder_id').references((): AnyPgColumn => rhEmployees.id),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('rh_workplaces_code_uq').on(sql`upper(${t.code})`),
    uniqueIndex('rh_workplaces_holder_uq').on(t.holderId).where(sql`${t.holderId} is not null`),
    check('rh_workplaces_salary_ck', sql`${t.authorizedDailySalary} > 0`),
  ],
);

export const rhDocumentTypes = pgTable(
  'rh_document_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    expires: boolean('expires').notNull().default(false),
    warningDays: integer('warning_days').notNull().default(30),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('rh_document_types_name_uq').on(sql`lower(${t.name})`), check('rh_document_types_warning_ck', sql`${t.warningDays} >= 0`)],
);

export const CONCEPT_KINDS = ['percepcion', 'deduccion', 'otro_pago'] as const;
export const TAXABLE_RULES = ['gravado', 'exento', 'exento_uma'] as const;

/** Payroll concepts. `systemKey` marks the ones the calculation itself posts (sueldo, ISR, IMSS, subsidio, convenios). */
export const rhConcepts = pgTable(
  'rh_concepts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    satCode: text('sat_code').notNull(),
    taxableRule: text('taxable_rule').notNull().default('gravado'),
    /** For exento_uma: the part up to this many UMA per period is exempt. */
    exemptUma: numeric('exempt_uma', { precision: 9, scale: 2 }),
    systemKey: text('system_key'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('rh_concepts_code_uq').on(sql`upper(${t.code})`),
    uniqueIndex('rh_concepts_system_uq').on(t.systemKey).where(sql`${t.systemKey} is not null`),
    check('rh_concepts_kind_ck', sql`${t.kind} in ('percepcion', 'deduccion', 'otro_pago')`),
    check('rh_concepts_rule_ck', sql`${t.taxableRule} in ('gravado', 'exento', 'exento_uma')`),
    check('rh_concepts_uma_ck', sql`(${t.taxableRule} = 'exento_uma') = (${t.exemptUma} is not null)`),
  ],
);

// ---- Fiscal figures per year (MX_FISCAL.md), chosen by the payment date ----

/** One row per fiscal year: scalar figures, the vacation-days table and notes. */
export const rhFiscalYears = pgTable('rh_fiscal_years', {
  year: integer('year').primaryKey(),
  minimumWageValidFrom: date('minimum_wage_valid_from').notNull(),
  minimumWageGeneral: money('minimum_wage_general').notNull(),
  minimumWageBorder: money('minimum_wage_border').notNull(),
  sbcCapUma: numeric('sbc_cap_uma', { precision: 9, scale: 2 }).notNull(),
  excessThresholdUma: numeric('excess_threshold_uma', { precision: 9, scale: 2 }).notNull(),
  aguinaldoDays: integer('aguinaldo_days').notNull(),
  vacationPremiumPercent: pct('vacation_premium_percent').notNull(),
  /** [{ fromYear, toYear, days }] (LFT art. 76). */
  vacationDays: jsonb('vacation_days').notNull(),
  notes: jsonb('notes').notNull().default(sql`'[]'::jsonb`),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
});

export const PAY_PERIODS = ['DIARIO', 'SEMANAL', 'DECENAL', 'QUINCENAL', 'MENSUAL'] as const;

export const rhIsrTariffRows = pgTable(
  'rh_isr_tariff_rows',
  {
    year: integer('year').notNull().references(() => rhFiscalYears.year),
    period: text('period').notNull(),
    rowNo: integer('row_no').notNull(),
    lowerLimit: money('lower_limit').notNull(),
    fixedFee: money('fixed_fee').notNull(),
    rate: pct('rate').notNull(),
    derived: boolean('derived').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.period, t.rowNo] }),
    check('rh_isr_tariff_period_ck', sql`${t.period} in ('DIARIO', 'SEMANAL', 'DECENAL', 'QUINCENAL', 'MENSUAL')`),
  ],
);

export const rhSubsidies = pgTable('rh_subsidies', {
  validFrom: date('valid_from').primaryKey(),
  year: integer('year').notNull().references(() => rhFiscalYears.year),
  umaPercent: pct('uma_percent').notNull(),
  monthlyUma: money('monthly_uma').notNull(),
  monthlyAmount: money('monthly_amount').notNull(),
  monthlyCap: money('monthly_cap').notNull(),
  note: text('note'),
});

export const rhUmaValues = pgTable('rh_uma_values', {
  validFrom: date('valid_from').primaryKey(),
  year: integer('year').notNull().references(() => rhFiscalYears.year),
  daily: money('daily').notNull(),
  monthly: money('monthly').notNull(),
  note: text('note'),
});

export const rhImssRates = pgTable(
  'rh_imss_rates',
  {
    year: integer('year').notNull().references(() => rhFiscalYears.year),
    code: text('code').notNull(),
    label: text('label').notNull(),
    rate: pct('rate').notNull(),
    base: text('base').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.code] }), check('rh_imss_rates_base_ck', sql`${t.base} in ('SBC', 'EXCESS_3_UMA')`)],
);

// ---- Employees ----

export const PAY_FREQUENCIES = ['semanal', 'quincenal'] as const;
export const WAGE_ZONES = ['general', 'frontera'] as const;
export const EMPLOYEE_STATUSES = ['activo', 'baja'] as const;

export const rhEmployees = pgTable(
  'rh_employees',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    names: text('names').notNull(),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name').notNull().default(''),
    rfc: text('rfc').notNull(),
    curp: text('curp').notNull(),
    nss: text('nss').notNull(),
    birthDate: date('birth_date').notNull(),
    hireDate: date('hire_date').notNull(),
    /** First hire; hireDate moves on a reingreso, seniority counts from it. */
    firstHireDate: date('first_hire_date').notNull(),
    areaId: integer('area_id').notNull().references(() => rhAreas.id),
    positionId: integer('position_id').notNull().references(() => rhPositions.id),
    payFrequency: text('pay_frequency').notNull(),
    wageZone: text('wage_zone').notNull().default('general'),
    dailySalary: money('daily_salary').notNull(),
    bank: text('bank').notNull().default(''),
    clabe: text('clabe').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /** CFDI de nómina data (issue 27): CP of the fiscal address (DomicilioFiscalReceptor), the c_Estado where the work is done (ClaveEntFed), c_TipoContrato. Null = not captured: the receipt is not stamped. */
    postalCode: text('postal_code'),
    workState: text('work_state'),
    contractType: text('contract_type'),
    /**
     * Trabajador de confianza (LFT arts. 9 and 127 fr. II; issue 27): in the PTU «por salarios» part their salary is capped
     * at the best-paid non-confidence worker's + 20 %.
     */
    trustWorker: boolean('trust_worker').notNull().default(false),
    /** The IMSS registro patronal the worker is registered under (issue 27); null = the company's first active one. */
    employerRegistrationId: integer('employer_registration_id').references((): AnyPgColumn => rhEmployerRegistrations.id),
    emergencyContact: text('emergency_contact').notNull().default(''),
    photoUploadId: uuid('photo_upload_id').references(() => uploads.id),
    status: text('status').notNull().default('activo'),
    terminationDate: date('termination_date'),
    terminationReason: text('termination_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('rh_employees_number_uq').on(sql`upper(${t.number})`),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('rh_employees_number_list_idx').on(sql`upper(${t.number}) nulls first`, t.id),
    uniqueIndex('rh_employees_curp_uq').on(t.curp),
    index('rh_employees_area_idx').on(t.areaId),
    index('rh_employees_position_idx').on(t.positionId),
    index('rh_employees_name_idx').on(t.lastName, t.names),
    check('rh_employees_frequency_ck', sql`${t.payFrequency} in ('semanal', 'quincenal')`),
    check('rh_employees_zone_ck', sql`${t.wageZone} in ('general', 'frontera')`),
    check('rh_employees_status_ck', sql`${t.status} in ('activo', 'baja')`),
    check('rh_employees_salary_ck', sql`${t.dailySalary} > 0`),
    check('rh_employees_dates_ck', sql`${t.hireDate} > ${t.birthDate} and ${t.hireDate} >= ${t.firstHireDate}`),
    check('rh_employees_baja_ck', sql`(${t.status} = 'baja') = (${t.terminationDate} is not null)`),
  ],
);

/** Alta, baja, reingreso and salary changes: the employment history is never rewritten. */
export const rhEmploymentEvents = pgTable(
  'rh_employment_events',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    event: text('event').notNull(),
    date: date('date').notNull(),
    reason: text('reason').notNull().default(''),
    dailySalary: money('daily_salary'),
    workplaceId: integer('workplace_id').references(() => rhWorkplaces.id),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: createdAt(),
  },
  (t) => [
    index('rh_employment_events_employee_idx').on(t.employeeId, t.id),
    check('rh_employment_events_event_ck', sql`${t.event} in ('alta', 'baja', 'reingreso', 'salario', 'plaza')`),
  ],
);

export const rhEmployeeDocuments = pgTable(
  'rh_employee_documents',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    documentTypeId: integer('document_type_id').notNull().references(() => rhDocumentTypes.id),
    uploadId: uuid('upload_id').notNull().references(() => uploads.id),
    expiresOn: date('expires_on'),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('rh_employee_documents_employee_idx').on(t.employeeId, t.documentTypeId, t.id), index('rh_employee_documents_expiry_idx').on(t.expiresOn)],
);

// ---- Convenios ----

export const AGREEMENT_KINDS = ['prestamo', 'descuento', 'pension_alimenticia', 'fonacot', 'infonavit'] as const;
export const AGREEMENT_STATUSES = ['activo', 'liquidado', 'cancelado'] as const;

export const rhAgreements = pgTable(
  'rh_agreements',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference').notNull().default(''),
    startDate: date('start_date').notNull(),
    // Issue 27: «monto» has total, installment and balance; factor/porcentaje a rate; cuota_fija its
    // monthly amount in installment; those without total never reach balance 0 (schema/rh/agreementDiscounts.ts).
    method: text('method').notNull().default('monto'),
    rate: pct('rate'),
    total: money('total'),
    installment: money('installment'),
    balance: money('balance'),
    status: text('status').notNull().default('activo'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('rh_agreements_folio_uq').on(t.folio),
    index('rh_agreements_employee_idx').on(t.employeeId, t.status),
    // The list's default order, as orderBy (server/lib/list.ts) sorts it.
    index('rh_agreements_folio_list_idx').on(t.folio.asc().nullsFirst(), t.id),
    check('rh_agreements_kind_ck', sql`${t.kind} in ('prestamo', 'descuento', 'pension_alimenticia', 'fonacot', 'infonavit')`),
    check('rh_agreements_status_ck', sql`${t.status} in ('activo', 'liquidado', 'cancelado')`),
    check(
      'rh_agreements_amounts_ck',
      sql`coalesce((${t.method} = 'monto' and ${t.rate} is null and ${t.total} > 0 and ${t.installment} > 0 and ${t.balance} >= 0 and ${t.balance} <= ${t.total})
        or (${t.method} = 'cuota_fija' and ${t.rate} is null and ${t.total} is null and ${t.balance} is null and ${t.installment} > 0)
        or (${t.method} in ('factor', 'porcentaje') and ${t.rate} > 0 and ${t.total} is null and ${t.balance} is null and ${t.installment} is null), false)`,
    ),
    check(
      'rh_agreements_method_ck',
      sql`${t.method} = 'monto' or (${t.method} in ('factor', 'porcentaje', 'cuota_fija') and ${t.kind} = 'infonavit') or (${t.method} in ('porcentaje', 'cuota_fija') and ${t.kind} = 'pension_alimenticia')`,
    ),
    check('rh_agreements_percent_ck', sql`${t.method} <> 'porcentaje' or ${t.rate} <= 100`),
    check('rh_agreements_settled_ck', sql`${t.status} <> 'liquidado' or coalesce(${t.balance} = 0, false)`),
  ],
);

// ---- Nóminas ----

export const PAYROLL_KINDS = ['semanal', 'quincenal', 'extraordinaria', 'aguinaldo', 'finiquito', 'ptu'] as const;
export const PAYROLL_STATUSES = ['borrador', 'calculada', 'cerrada'] as const;

export const rhPayrolls = pgTable(
  'rh_payrolls',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    kind: text('kind').notNull(),
    /** Which employees: semanal or quincenal (an extraordinaria picks one too); null in a PTU payroll, which pays every worker of its year. */
    frequency: text('frequency'),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    paymentDate: date('payment_date').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('borrador'),
    /** The fiscal year whose tables the last calculation used; kept once closed. */
    tableYear: integer('table_year'),
    perceptions: money('perceptions').notNull().default('0'),
    deductions: money('deductions').notNull().default('0'),
    otherPayments: money('other_payments').notNull().default('0'),
    net: money('net').notNull().default('0'),
    calculatedAt: timestamp('calculated_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: integer('closed_by').references(() => users.id),
    /**
     * When the last receipt of the closed payroll was stamped or excluded from stamping with a
     * reason (issue 27): null while any receipt is pendiente, rechazada or was never sealed.
     */
    stampingCompletedAt: timestamp('stamping_completed_at', { withTimezone: true, mode: 'date' }),
    /** Aguinaldo payroll (issue 27): the days of salary it pays (15 by law, or the contract's) and the ISR method chosen. */
    aguinaldoDays: numeric('aguinaldo_days', { precision: 6, scale: 2 }),
    isrMethod: text('isr_method'),
    /**
     * PTU payroll (issue 27; MX_FISCAL «PTU»): the fiscal year (ejercicio) whose profit it shares and the company's
     * PTU to distribute; its ISR method is isrMethod. One per ejercicio.
     */
    ptuYear: integer('ptu_year'),
    ptuAmount: money('ptu_amount'),
    /**
     * Finiquito payroll (issue 27): the one employee's baja it pays (separation and hire dates as they were),
     * RENUNCIA or DESPIDO_INJUSTIFICADO, and the inputs of separation() of schema/rh/benefits.ts.
     */
    separationKind: text('separation_kind'),
    separationEmployeeId: integer('separation_employee_id').references(() => rhEmployees.id),
    separationDate: date('separation_date'),
    separationHireDate: date('separation_hire_date'),
    salaryOwedDays: numeric('salary_owed_days', { precision: 6, scale: 2 }),
    pendingVacationDays: numeric('pending_vacation_days', { precision: 6, scale: 2 }),
    twentyDaysPerYear: boolean('twenty_days_per_year'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('rh_payrolls_folio_uq').on(t.folio),
    index('rh_payrolls_period_idx').on(t.periodStart),
    check('rh_payrolls_kind_ck', sql`${t.kind} in ('semanal', 'quincenal', 'extraordinaria', 'aguinaldo', 'finiquito', 'ptu')`),
    check(
      'rh_payrolls_finiquito_ck',
      sql`(${t.kind} = 'finiquito') = (${t.separationKind} is not null and ${t.separationEmployeeId} is not null and ${t.separationDate} is not null and ${t.separationHireDate} is not null
        and ${t.salaryOwedDays} is not null and ${t.pendingVacationDays} is not null and ${t.twentyDaysPerYear} is not null)`,
    ),
    check('rh_payrolls_separation_kind_ck', sql`${t.separationKind} is null or ${t.separationKind} in ('RENUNCIA', 'DESPIDO_INJUSTIFICADO')`),
    index('rh_payrolls_separation_idx').on(t.separationEmployeeId, t.separationDate),
    check('rh_payrolls_isr_method_ck', sql`${t.isrMethod} is null or ${t.isrMethod} in ('art174', 'art96')`),
    check('rh_payrolls_aguinaldo_ck', sql`(${t.kind} = 'aguinaldo') = (${t.aguinaldoDays} is not null and ${t.isrMethod} is not null)`),
    check('rh_payrolls_frequency_ck', sql`${t.frequency} in ('semanal', 'quincenal')`),
    check('rh_payrolls_ptu_frequency_ck', sql`(${t.frequency} is null) = (${t.kind} = 'ptu')`),
    check('rh_payrolls_ptu_ck', sql`(${t.kind} = 'ptu') = (${t.ptuYear} is not null and ${t.ptuAmount} is not null and ${t.isrMethod} is not null)`),
    check('rh_payrolls_ptu_amount_ck', sql`${t.ptuAmount} is null or ${t.ptuAmount} > 0`),
    // One PTU payroll per ejercicio (payrolls are never cancelled, only deleted while open); the service says which one first.
    uniqueIndex('rh_payrolls_ptu_year_uq').on(t.ptuYear).where(sql`${t.kind} = 'ptu'`),
    check('rh_payrolls_status_ck', sql`${t.status} in ('borrador', 'calculada', 'cerrada')`),
    check('rh_payrolls_dates_ck', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/** One employee in one payroll: the incidents captured and, once calculated, the results and the fiscal trace. */
export const rhPayrollEmployees = pgTable(
  'rh_payroll_employees',
  {
    id: serial('id').primaryKey(),
    payrollId: integer('payroll_id').notNull().references(() => rhPayrolls.id),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    /** Snapshot at inclusion so a closed payroll never changes with the employee record. */
    employeeNumber: text('employee_number').notNull(),
    employeeName: text('employee_name').notNull(),
    dailySalary: money('daily_salary').notNull(),
    sbcDaily: money('sbc_daily').notNull(),
    minimumWageOnly: boolean('minimum_wage_only').notNull().default(false),
    /** PTU payroll: a person marked the worker as not entitled (director, administrator or general manager, LFT art. 127 fr. I). */
    ptuExcluded: boolean('ptu_excluded').notNull().default(false),
    daysWorked: numeric('days_worked', { precision: 6, scale: 2 }).notNull(),
    absences: numeric('absences', { precision: 6, scale: 2 }).notNull().default('0'),
    /** Days the last calculation paid (days worked − absences − IMSS incapacity days); null before one. The CFDI's NumDiasPagados. */
    paidDays: numeric('paid_days', { precision: 6, scale: 2 }),
    overtimeDoubleHours: numeric('overtime_double_hours', { precision: 6, scale: 2 }).notNull().default('0'),
    overtimeTripleHours: numeric('overtime_triple_hours', { precision: 6, scale: 2 }).notNull().default('0'),
    /**
     * Days of the period on which the double / triple overtime hours were worked (issue 27): the Dias of the CFDI's
     * nomina12:HorasExtra (TipoHoras 01 / 02). Captured with the hours; crew overtime adds its days.
     */
    overtimeDoubleDays: integer('overtime_double_days').notNull().default(0),
    overtimeTripleDays: integer('overtime_triple_days').notNull().default(0),
    perceptions: money('perceptions').notNull().default('0'),
    taxable: money('taxable').notNull().default('0'),
    exempt: money('exempt').notNull().default('0'),
    isr: money('isr').notNull().default('0'),
    subsidy: money('subsidy').notNull().default('0'),
    isrWithheld: money('isr_withheld').notNull().default('0'),
    imssEmployee: money('imss_employee').notNull().default('0'),
    deductions: money('deductions').notNull().default('0'),
    otherPayments: money('other_payments').notNull().default('0'),
    net: money('net').notNull().default('0'),
    /** [{ label, amount }]: the fiscal calculation step by step. */
    fiscalTrace: jsonb('fiscal_trace').notNull().default(sql`'[]'::jsonb`),
    /**
     * The receipt's CFDI de nómina (issue 27), as an invoice's: null while the payroll is open
     * (and on receipts closed before stamping existed); 'pendiente' from the close until the PAC's
     * answer is saved (cfdiXml = the sealed XML sent); 'timbrada' after (cfdiXml = the stamped
     * XML); 'rechazada' when it could not be sealed or the PAC refused it (stampError says why);
     * 'excluida' when a person left it out of the stamping with a reason (final); 'cancelada' when
     * its CFDI was cancelled without a substitute (motivo 02/03, rhPayrollReceiptCfdis says why).
     */
    stampStatus: text('stamp_status'),
    cfdiXml: text('cfdi_xml'),
    cfdiUuid: text('cfdi_uuid'),
    stampedAt: timestamp('stamped_at', { withTimezone: true, mode: 'date' }),
    stampSandbox: boolean('stamp_sandbox'),
    stampError: text('stamp_error'),
    exclusionReason: text('exclusion_reason'),
    excludedAt: timestamp('excluded_at', { withTimezone: true, mode: 'date' }),
    excludedBy: integer('excluded_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('rh_payroll_employees_uq').on(t.payrollId, t.employeeId),
    uniqueIndex('rh_payroll_employees_cfdi_uuid_uq').on(t.cfdiUuid),
    index('rh_payroll_employees_stamp_pending_idx').on(t.stampStatus).where(sql`${t.stampStatus} = 'pendiente'`),
    index('rh_payroll_employees_employee_idx').on(t.employeeId),
    check('rh_payroll_employees_days_ck', sql`${t.daysWorked} >= 0 and ${t.absences} >= 0`),
    check('rh_payroll_employees_overtime_ck', sql`${t.overtimeDoubleHours} >= 0 and ${t.overtimeTripleHours} >= 0`),
    check('rh_payroll_employees_overtime_days_ck', sql`${t.overtimeDoubleDays} >= 0 and ${t.overtimeTripleDays} >= 0`),
    check('rh_payroll_employees_stamp_status_ck', sql`${t.stampStatus} is null or ${t.stampStatus} in ('pendiente', 'timbrada', 'rechazada', 'excluida', 'cancelada')`),
    check('rh_payroll_employees_excluded_ck', sql`(${t.stampStatus} = 'excluida') = (${t.exclusionReason} is not null)`),
  ],
);

/**
 * The CFDIs a receipt no longer carries (issue 27): the one replaced by a correction (motivo 01,
 * the substitute's UUID once it is stamped) or cancelled without substitute (motivo 02/03, the
 * receipt then 'cancelada'). 'por_cancelar' until SAT's cancellation is confirmed by the PAC,
 * then 'cancelado'. The XML stays downloadable; the receipt row carries the current CFDI.
 */
export const rhPayrollReceiptCfdis = pgTable(
  'rh_payroll_receipt_cfdis',
  {
    id: serial('id').primaryKey(),
    payrollEmployeeId: integer('payroll_employee_id').notNull().references(() => rhPayrollEmployees.id),
    uuid: text('uuid').notNull(),
    cfdiXml: text('cfdi_xml').notNull(),
    stampedAt: timestamp('stamped_at', { withTimezone: true, mode: 'date' }),
    stampSandbox: boolean('stamp_sandbox'),
    /** The receipt's net as that CFDI paid it. */
    net: money('net').notNull(),
    motivo: text('motivo').notNull(),
    substituteUuid: text('substitute_uuid'),
    status: text('status').notNull().default('por_cancelar'),
    reason: text('reason').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    requestedBy: integer('requested_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelError: text('cancel_error'),
  },
  (t) => [
    uniqueIndex('rh_payroll_receipt_cfdis_uuid_uq').on(t.uuid),
    index('rh_payroll_receipt_cfdis_receipt_idx').on(t.payrollEmployeeId),
    check('rh_payroll_receipt_cfdis_motivo_ck', sql`${t.motivo} in ('01', '02', '03')`),
    check('rh_payroll_receipt_cfdis_status_ck', sql`${t.status} in ('por_cancelar', 'cancelado')`),
  ],
);

export const PAYROLL_LINE_SOURCES = ['captura', 'calculo', 'convenio'] as const;

/** Lines of one employee's payroll: captured extras (source captura) and what the calculation posts. */
export const rhPayrollLines = pgTable(
  'rh_payroll_lines',
  {
    id: serial('id').primaryKey(),
    payrollEmployeeId: integer('payroll_employee_id').notNull().references(() => rhPayrollEmployees.id, { onDelete: 'cascade' }),
    conceptId: integer('concept_id').notNull().references(() => rhConcepts.id),
    source: text('source').notNull(),
    agreementId: integer('agreement_id').references(() => rhAgreements.id),
    description: text('description').notNull().default(''),
    amount: money('amount').notNull(),
    taxable: money('taxable').notNull().default('0'),
    exempt: money('exempt').notNull().default('0'),
    quantity: fine('quantity'),
  },
  (t) => [
    index('rh_payroll_lines_employee_idx').on(t.payrollEmployeeId),
    index('rh_payroll_lines_agreement_idx').on(t.agreementId),
    check('rh_payroll_lines_source_ck', sql`${t.source} in ('captura', 'calculo', 'convenio')`),
    check('rh_payroll_lines_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** The installment a closed payroll took from a convenio: one per convenio and payroll, so a close posts once. */
export const rhAgreementPayments = pgTable(
  'rh_agreement_payments',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id').notNull().references(() => rhAgreements.id),
    payrollId: integer('payroll_id').notNull().references(() => rhPayrolls.id),
    amount: money('amount').notNull(),
    /** Null for a convenio without total (issue 27). */
    balanceAfter: money('balance_after'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rh_agreement_payments_uq').on(t.agreementId, t.payrollId), check('rh_agreement_payments_amount_ck', sql`${t.amount} > 0`)],
);

/**
 * Overtime a payroll took from the crew days of Ventas' service orders (issue 28): one row per crew-day row
 * (service_order_crew_hours.id, unique: a crew day is never counted by two payrolls), with its split into
 * double and triple hours and what the incidencias show of its source. Deleting the payroll (its employees)
 * releases them. No foreign key to Ventas' table: Ventas refuses to change a claimed row.
 */
export const rhPayrollOvertimeSources = pgTable(
  'rh_payroll_overtime_sources',
  {
    id: serial('id').primaryKey(),
    payrollEmployeeId: integer('payroll_employee_id').notNull().references(() => rhPayrollEmployees.id, { onDelete: 'cascade' }),
    crewHoursId: integer('crew_hours_id').notNull(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    date: date('date').notNull(),
    orderId: integer('order_id').notNull(),
    orderFolio: integer('order_folio').notNull(),
    doubleHours: numeric('double_hours', { precision: 6, scale: 2 }).notNull(),
    tripleHours: numeric('triple_hours', { precision: 6, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('rh_payroll_overtime_sources_uq').on(t.crewHoursId),
    index('rh_payroll_overtime_sources_pe_idx').on(t.payrollEmployeeId),
    index('rh_payroll_overtime_sources_employee_idx').on(t.employeeId, t.date),
    check('rh_payroll_overtime_sources_ck', sql`${t.doubleHours} >= 0 and ${t.tripleHours} >= 0`),
  ],
);

/**
 * The Sundays (prima dominical, LFT art. 71) and rest days (double salary, LFT arts. 73 and 75) an employee
 * worked, captured in a payroll's incidencias (issue 27; schema/rh/restDaysWorked.ts). One row per employee,
 * kind and date (unique: a day is paid by one payroll only, also when two are captured in parallel).
 * Deleting the payroll (its employees) deletes them.
 */
export const rhPayrollRestDaysWorked = pgTable(
  'rh_payroll_rest_days_worked',
  {
    id: serial('id').primaryKey(),
    payrollEmployeeId: integer('payroll_employee_id').notNull().references(() => rhPayrollEmployees.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    kind: text('kind').notNull(),
    date: date('date').notNull(),
  },
  (t) => [
    uniqueIndex('rh_payroll_rest_days_worked_uq').on(t.employeeId, t.kind, t.date),
    index('rh_payroll_rest_days_worked_pe_idx').on(t.payrollEmployeeId),
    check('rh_payroll_rest_days_worked_kind_ck', sql`${t.kind} in ('domingo', 'descanso')`),
  ],
);

/**
 * Vacation requests (LFT arts. 76–81): the days an employee asks for between two dates. The balance per
 * anniversary year is computed from the hire date and the approved rows (schema/rh/vacations.ts), never
 * stored. solicitada → aprobada | rechazada, aprobada → cancelada.
 */
export const rhVacationRequests = pgTable(
  'rh_vacation_requests',
  {
    id: serial('id').primaryKey(),
    folio: integer('folio').notNull(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    firstDay: date('first_day').notNull(),
    lastDay: date('last_day').notNull(),
    days: integer('days').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('solicitada'),
    decisionNote: text('decision_note'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('rh_vacation_requests_folio_uq').on(t.folio),
    index('rh_vacation_requests_employee_idx').on(t.employeeId, t.firstDay),
    check('rh_vacation_requests_days_ck', sql`${t.days} > 0 and ${t.lastDay} >= ${t.firstDay}`),
    check('rh_vacation_requests_status_ck', sql`${t.status} in ('solicitada', 'aprobada', 'rechazada', 'cancelada')`),
  ],
);

/**
 * The prima vacacional of an approved request an ordinary payroll paid: one row per request (unique, so two
 * payrolls never pay it, also in parallel); deleting the payroll (its employees) releases it.
 */
export const rhPayrollVacationSources = pgTable(
  'rh_payroll_vacation_sources',
  {
    id: serial('id').primaryKey(),
    payrollEmployeeId: integer('payroll_employee_id').notNull().references(() => rhPayrollEmployees.id, { onDelete: 'cascade' }),
    vacationRequestId: integer('vacation_request_id').notNull().references(() => rhVacationRequests.id),
    days: integer('days').notNull(),
  },
  (t) => [uniqueIndex('rh_payroll_vacation_sources_uq').on(t.vacationRequestId), index('rh_payroll_vacation_sources_pe_idx').on(t.payrollEmployeeId)],
);

/**
 * Registros patronales of the company (issue 27): each with the state where it is registered (c_Estado,
 * for the state payroll tax), its work-risk premium (percent, within the year's legal min/max) and its
 * c_RiesgoPuesto class. The CFDI de nómina's Emisor RegistroPatronal is the employee's.
 */
export const rhEmployerRegistrations = pgTable(
  'rh_employer_registrations',
  {
    id: serial('id').primaryKey(),
    registro: text('registro').notNull(),
    name: text('name').notNull(),
    /** c_Estado; null only on a row copied from the company profile before the state was captured. */
    state: text('state'),
    riskPremiumPercent: numeric('risk_premium_percent', { precision: 9, scale: 5 }).notNull(),
    riskClass: text('risk_class').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('rh_employer_registrations_registro_uq').on(t.registro), check('rh_employer_registrations_premium_ck', sql`${t.riskPremiumPercent} > 0`)],
);

/** Impuesto sobre nóminas: the rate of a state from a date on, as the company captures it (no official figures shipped). */
export const rhStatePayrollTaxRates = pgTable(
  'rh_state_payroll_tax_rates',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull(),
    ratePercent: numeric('rate_percent', { precision: 9, scale: 4 }).notNull(),
    effectiveFrom: date('effective_from').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('rh_state_payroll_tax_rates_uq').on(t.state, t.effectiveFrom), check('rh_state_payroll_tax_rates_rate_ck', sql`${t.ratePercent} >= 0 and ${t.ratePercent} <= 100`)],
);

/**
 * Employer quotas of one employee in one ordinary payroll (issue 27), stored at calculation: the
 * registro used, the SBC and days, each IMSS/SAR/INFONAVIT branch (schema/rh/employerQuotas.ts) and
 * the state payroll tax on the taxable perceptions. `problem` says why nothing was computed (amounts 0).
 */
export const rhPayrollEmployerQuotas = pgTable(
  'rh_payroll_employer_quotas',
  {
    payrollEmployeeId: integer('payroll_employee_id')
      .primaryKey()
      .references(() => rhPayrollEmployees.id, { onDelete: 'cascade' }),
    payrollId: integer('payroll_id').notNull().references(() => rhPayrolls.id),
    registrationId: integer('registration_id').references(() => rhEmployerRegistrations.id),
    state: text('state'),
    sbc: money('sbc').notNull().default('0'),
    days: numeric('days', { precision: 6, scale: 2 }).notNull().default('0'),
    riskPremiumPercent: numeric('risk_premium_percent', { precision: 9, scale: 5 }),
    cesantiaVejezRate: numeric('cesantia_vejez_rate', { precision: 9, scale: 4 }),
    emCuotaFija: money('em_cuota_fija').notNull().default('0'),
    emExcedente: money('em_excedente').notNull().default('0'),
    emPrestacionesDinero: money('em_prestaciones_dinero').notNull().default('0'),
    emGastosMedicosPensionados: money('em_gastos_medicos_pensionados').notNull().default('0'),
    invalidezVida: money('invalidez_vida').notNull().default('0'),
    guarderiasPrestacionesSociales: money('guarderias_prestaciones_sociales').notNull().default('0'),
    riesgoTrabajo: money('riesgo_trabajo').notNull().default('0'),
    retiro: money('retiro').notNull().default('0'),
    cesantiaVejez: money('cesantia_vejez').notNull().default('0'),
    infonavit: money('infonavit').notNull().default('0'),
    /** Σ of the IMSS/SAR/INFONAVIT branches. */
    total: money('total').notNull().default('0'),
    isnBase: money('isn_base').notNull().default('0'),
    /** Null: no rate captured for the state on the payment date. */
    isnRatePercent: numeric('isn_rate_percent', { precision: 9, scale: 4 }),
    isn: money('isn').notNull().default('0'),
    problem: text('problem'),
  },
  (t) => [index('rh_payroll_employer_quotas_payroll_idx').on(t.payrollId), index('rh_payroll_employer_quotas_registration_idx').on(t.registrationId)],
);

// ---- Movimientos IMSS (issue 27) ----

/**
 * One afiliatorio movement per alta/reingreso (08), baja (02) and modificación
 * de salario (07), with the data IDSE needs as it was on the day (name, NSS,
 * CURP and registro are copied: a later correction of the employee does not
 * rewrite what was, or will be, presented). Never deleted.
 */
export const rhImssMovements = pgTable(
  'rh_imss_movements',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    employerRegistrationId: integer('employer_registration_id').references(() => rhEmployerRegistrations.id),
    registro: text('registro').notNull().default(''),
    type: text('type').notNull(),
    effectiveDate: date('effective_date').notNull(),
    deadline: date('deadline').notNull(),
    nss: text('nss').notNull(),
    curp: text('curp').notNull(),
    employeeNumber: text('employee_number').notNull(),
    lastName: text('last_name').notNull(),
    secondLastName: text('second_last_name').notNull().default(''),
    names: text('names').notNull(),
    dailySalary: money('daily_salary').notNull(),
    sbc: money('sbc').notNull(),
    /** IDSE's tipo de salario: mixto when the SBC carries a variable part (LSS art. 30 fr. III), else fijo. */
    salaryType: text('salary_type').notNull().default('fijo'),
    bajaCause: text('baja_cause'),
    status: text('status').notNull().default('pendiente'),
    acuse: text('acuse'),
    presentedAt: timestamp('presented_at', { withTimezone: true, mode: 'date' }),
    presentedBy: integer('presented_by').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('rh_imss_movements_list_idx').on(t.status, t.deadline),
    index('rh_imss_movements_employee_idx').on(t.employeeId, t.effectiveDate),
    check('rh_imss_movements_type_ck', sql`${t.type} in ('alta', 'baja', 'modificacion')`),
    check('rh_imss_movements_status_ck', sql`${t.status} in ('pendiente', 'presentado')`),
    check('rh_imss_movements_salary_type_ck', sql`${t.salaryType} in ('fijo', 'variable', 'mixto')`),
    check('rh_imss_movements_presented_ck', sql`${t.status} = 'pendiente' or ${t.acuse} is not null`),
  ],
);

/**
 * Bimonthly update of the SBC with its variable part (issue 27; LSS art. 30 fr. II): one row per employee and
 * bimester applied, with the modificación (07) it recorded when the SBC changed. From `effective_date` the
 * payrolls take `variable_daily` on top of the fixed SDI (capped at 25 UMA). Never edited.
 */
export const rhSbcUpdates = pgTable(
  'rh_sbc_updates',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    year: integer('year').notNull(),
    bimester: integer('bimester').notNull(),
    effectiveDate: date('effective_date').notNull(),
    days: numeric('days', { precision: 10, scale: 2 }).notNull(),
    integrable: money('integrable').notNull(),
    variableDaily: money('variable_daily').notNull(),
    fixedSdi: money('fixed_sdi').notNull(),
    sbc: money('sbc').notNull(),
    movementId: integer('movement_id').references(() => rhImssMovements.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rh_sbc_updates_uq').on(t.employeeId, t.year, t.bimester),
    index('rh_sbc_updates_effective_idx').on(t.employeeId, t.effectiveDate),
    check('rh_sbc_updates_bimester_ck', sql`${t.bimester} between 1 and 6`),
  ],
);

/**
 * IMSS incapacity certificates (issue 27): an employee's «incapacidades» with the certificate's folio
 * (unique), its SAT type (c_TipoIncapacidad), first day and days. The days inside a payroll's period
 * are not paid and are out of the IMSS quota days (schema/rh/incapacities.ts). A cancelled one keeps
 * its row and reason, and frees its folio.
 */
export const rhIncapacities = pgTable(
  'rh_incapacities',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull().references(() => rhEmployees.id),
    type: text('type').notNull(),
    folio: text('folio').notNull(),
    startDate: date('start_date').notNull(),
    days: integer('days').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('activa'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    // A certificate cancelled by mistake can be captured again with its folio.
    uniqueIndex('rh_incapacities_folio_uq').on(t.folio).where(sql`status = 'activa'`),
    index('rh_incapacities_employee_idx').on(t.employeeId, t.startDate),
    check('rh_incapacities_type_ck', sql`${t.type} in ('01', '02', '03')`),
    check('rh_incapacities_days_ck', sql`${t.days} between 1 and 546`),
    check('rh_incapacities_status_ck', sql`${t.status} in ('activa', 'cancelada')`),
  ],
);
