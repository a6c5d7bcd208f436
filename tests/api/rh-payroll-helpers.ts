// What the Nóminas API tests share: the selections and mutations they send,
// answers read as data / field messages / CONFLICT text, and the staff they
// pay (employees created through Empleados; the demo quincenal ones on baja).
import { expect } from 'vitest';
import { identityOf } from '../../server/modules/rh/employees/seed';
import type { GqlResult, TestServer } from './harness';

/** Decimal scalars travel normalised ("7000", "0.5"): compare as 2-decimal text. */
export const m = (v: string | null | undefined) => (v === null || v === undefined ? v : Number(v).toFixed(2));

export const fieldsOf = (r: GqlResult) => {
  expect(r.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  return r.errors![0].extensions!.fields ?? {};
};
export const conflictOf = (r: GqlResult) => {
  expect(r.errors?.[0].extensions?.code).toBe('CONFLICT');
  return r.errors![0].message;
};

export const AGREEMENT = 'id folio employeeId employeeNumber employeeName kind method rate description reference startDate total installment balance status cancelReason version payments { payrollId payrollFolio paymentDate amount balanceAfter }';
export const LINE = 'conceptCode conceptName kind source description amount taxable exempt';
export const PE = `id employeeId employeeNumber employeeName dailySalary sbcDaily minimumWageOnly daysWorked absences overtimeDoubleHours overtimeTripleHours sundaysWorked restDaysWorked
  perceptions taxable exempt isr subsidy isrWithheld imssEmployee deductions otherPayments net lines { ${LINE} } fiscalTrace { label amount }`;
export const PAYROLL = `id folio kind frequency periodStart periodEnd paymentDate description status tableYear employeeCount perceptions deductions otherPayments net version
  employees { ${PE} } conceptTotals { code name kind amount }`;

export const A_CREATE = `mutation($i:RhAgreementInput!){ rhAgreementCreate(input:$i){ ${AGREEMENT} } }`;
export const A_UPDATE = `mutation($id:ID!,$v:Int!,$i:RhAgreementInput!){ rhAgreementUpdate(id:$id,version:$v,input:$i){ ${AGREEMENT} } }`;
export const A_CANCEL = `mutation($id:ID!,$v:Int!,$r:String!){ rhAgreementCancel(id:$id,version:$v,reason:$r){ ${AGREEMENT} } }`;
export const P_CREATE = `mutation($i:RhPayrollInput!){ rhPayrollCreate(input:$i){ ${PAYROLL} } }`;
export const P_INCIDENT = `mutation($id:ID!,$i:RhPayrollIncidentInput!){ rhPayrollIncidentSave(payrollEmployeeId:$id,input:$i){ ${PE} } }`;
export const P_CALC = `mutation($id:ID!,$v:Int!){ rhPayrollCalculate(id:$id,version:$v){ ${PAYROLL} } }`;
export const P_CLOSE = `mutation($id:ID!,$v:Int!){ rhPayrollClose(id:$id,version:$v){ ${PAYROLL} } }`;
export const P_DELETE = 'mutation($id:ID!,$v:Int!){ rhPayrollDelete(id:$id,version:$v) }';

const EMPLOYEE_CREATE = 'mutation($i:RhEmployeeInput!){ rhEmployeeCreate(input:$i){ id number fullName version } }';

export type NewEmployee = {
  number: string;
  names: string;
  lastName: string;
  secondLastName: string;
  birthDate: string;
  hireDate: string;
  dailySalary: string;
  payFrequency?: string;
  /** The CFDI de nómina data (without them the receipts are not stamped). */
  postalCode?: string;
  workState?: string;
  contractType?: string;
  /** Trabajador de confianza (art. 127 fr. II LFT); by default no. */
  trustWorker?: boolean;
};

/**
 * The calls of one test file, as the given user (the server and the token are read when called: both are
 * set in the file's beforeAll).
 */
export function rhPayrollApi(server: () => TestServer, token: () => string, opts: { firstSeq: number }) {
  let org: { areaId: string; positionId: string } | null = null;
  let seq = opts.firstSeq;

  const ok = async (query: string, variables: Record<string, unknown> = {}, as = token()) => {
    const r = await server().gql(query, variables, as);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data as Record<string, any>;
  };

  async function createEmployee(p: NewEmployee) {
    if (!org) {
      const positions = (await ok('{ rhPositions(list:{pageSize:1}, filter:{active:true}){ items { id areaId } } }')).rhPositions.items;
      org = { areaId: positions[0].areaId, positionId: positions[0].id };
    }
    const id = identityOf({ ...p, sex: 'H', state: 'QT', seq: seq++ });
    const input = { ...p, ...id, ...org, payFrequency: p.payFrequency ?? 'quincenal', wageZone: 'general' };
    return { ...(await ok(EMPLOYEE_CREATE, { i: input })).rhEmployeeCreate, input };
  }

  /** Lets the test's employees be the only quincenal staff: the demo ones go on baja. */
  async function retireDemoQuincenal() {
    const list = (await ok('{ rhEmployees(list:{pageSize:200}, filter:{status:activo, payFrequency:quincenal}){ items { id version } } }')).rhEmployees.items;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    for (const e of list) {
      await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id } }', { id: e.id, v: e.version, i: { date: today, reason: 'Baja para la prueba de nómina' } });
    }
  }

  const conceptId = async (code: string) => {
    const items = (await ok('query($s:String){ rhConcepts(list:{search:$s, pageSize:50}){ items { id code systemKey } } }', { s: code })).rhConcepts.items;
    return items.find((c: any) => c.code === code).id as string;
  };

  return {
    ok,
    createEmployee,
    retireDemoQuincenal,
    conceptId,
    payroll: async (id: string) => (await ok(`query($id:ID!){ rhPayroll(id:$id){ ${PAYROLL} } }`, { id })).rhPayroll,
    agreement: async (id: string) => (await ok(`query($id:ID!){ rhAgreement(id:$id){ ${AGREEMENT} } }`, { id })).rhAgreement,
    countAgreements: async () => (await ok('{ rhAgreements { total } }')).rhAgreements.total as number,
    countPayrolls: async () => (await ok('{ rhPayrolls { total } }')).rhPayrolls.total as number,
  };
}
