// Hand-written example operations shown on /api/docs, one or two per module (keyed by the
// module's title there). tests/unit/server/api-docs.test.ts validates every one against the schema.
export type DocsExample = { title: string; query: string; variables?: Record<string, unknown> };

export const docsExamples: Record<string, DocsExample[]> = {
  Ventas: [
    {
      title: 'Clientes activos con saldo, 50 por página, ordenados por nombre',
      query: `query Clientes($list: ListInput, $filter: ClientFilter) {
  clients(list: $list, filter: $filter) {
    total
    items { id rfc name creditDays openBalance }
  }
}`,
      variables: { list: { page: 1, pageSize: 50, sortBy: 'name' }, filter: { active: true, withBalance: true } },
    },
  ],
  Almacén: [
    {
      title: 'Existencias por almacén y artículo, solo las que están bajo el mínimo',
      query: `query Existencias($filter: StockLevelFilter) {
  stockLevels(list: { pageSize: 100 }, filter: $filter) {
    total
    items {
      warehouse { code name }
      article { sku name }
      quantity
      averageCost
      value
      belowMinimum
    }
  }
}`,
      variables: { filter: { flag: 'BAJO_MINIMO' } },
    },
  ],
  Compras: [
    {
      title: 'Gastos pendientes de pago de un periodo',
      query: `query Gastos($filter: ExpenseFilter) {
  expenses(list: { pageSize: 100 }, filter: $filter) {
    total
    sumTotal
    sumBalance
    items { id folio supplierName date dueDate total balance status }
  }
}`,
      variables: { filter: { status: 'pendiente', from: '2026-01-01', to: '2026-01-31' } },
    },
  ],
  Caja: [
    {
      title: 'Periodos de caja abiertos con su saldo',
      query: `query PeriodosDeCaja {
  cashPeriods(filter: { status: abierto }) {
    total
    items { id folio cashBoxName openedOn openingBalance income expense balance }
  }
}`,
    },
  ],
  'Recursos Humanos': [
    {
      title: 'ISR, subsidio e IMSS del trabajador para un pago quincenal (tablas del año de la fecha de pago)',
      query: `query VistaPreviaImpuestos($input: PayrollTaxPreviewInput!) {
  payrollTaxPreview(input: $input) {
    tableYear
    isr
    subsidy
    withheld
    imssEmployee
  }
}`,
      variables: { input: { paymentDate: '2026-01-15', period: 'QUINCENAL', taxableIncome: '9500.00', sbcDaily: '330.00', days: 15 } },
    },
    {
      title: 'Finiquito y liquidación de un despido injustificado, con sus exenciones y el ISR del art. 95 (no guarda nada)',
      query: `query Finiquito($input: SeparationPreviewInput!) {
  separationPreview(input: $input) {
    salaryOwed
    aguinaldoProp
    vacations
    primaVacacional
    indemnizacion3Meses
    veinteDiasPorAnio
    primaAntiguedad
    exemptTotal
    taxableTotal
    isrArt95
    total
    steps { label amount }
  }
}`,
      variables: {
        input: {
          kind: 'DESPIDO_INJUSTIFICADO',
          hireDate: '2018-06-01',
          separationDate: '2026-02-10',
          dailySalary: '600.00',
          salaryOwedDays: '10',
          pendingVacationDaysFromPastYears: '6',
          aguinaldoExemptUsedThisYear: '0.00',
          primaVacacionalExemptUsedThisYear: '0.00',
          twentyDaysPerYear: true,
        },
      },
    },
    {
      title: 'Empleados activos con documentos por atender',
      query: `query Empleados($filter: RhEmployeeFilter) {
  rhEmployees(list: { pageSize: 50 }, filter: $filter) {
    total
    items { id number fullName rfc areaName positionName hireDate }
  }
}`,
      variables: { filter: { status: 'activo', documentAlerts: true } },
    },
  ],
  Sesión: [
    {
      title: 'Iniciar sesión como usuario: el token de la respuesta va en Authorization: Bearer <token>',
      query: `mutation IniciarSesion($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    token
    user { id email name }
  }
}`,
      variables: { email: 'usuario@empresa.mx', password: '********' },
    },
  ],
};
