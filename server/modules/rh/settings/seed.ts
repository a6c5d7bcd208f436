// Configuración RH demo data: the organisation of a field-services company
// (3 áreas, 10 puestos, 64 plazas so the demo employees fill most of them and a
// few stay vacant), the documents an employee file needs, and the payroll
// concepts people capture by hand. The concepts the calculation posts itself
// (sueldo, horas extra, ISR, IMSS, subsidio, convenios) are base data of the
// payroll module, not demo data.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import * as data from './data';

/** 2026 general minimum wage (MX_FISCAL.md): the entry-level puestos pay exactly it. */
const MINIMUM_WAGE_2026 = '315.04';

type DemoPosition = { name: string; salary: string; plazas: number; location: string };
type DemoArea = { name: string; prefix: string; positions: DemoPosition[] };

export const DEMO_AREAS: DemoArea[] = [
  {
    name: 'Operaciones',
    prefix: 'OPE',
    positions: [
      { name: 'Supervisor de campo', salary: '780.00', plazas: 3, location: 'Base Querétaro' },
      { name: 'Técnico de servicio A', salary: '520.00', plazas: 8, location: 'Base Querétaro' },
      { name: 'Técnico de servicio B', salary: '410.00', plazas: 10, location: 'Base San Luis Potosí' },
      { name: 'Ayudante general', salary: MINIMUM_WAGE_2026, plazas: 14, location: 'Base San Luis Potosí' },
    ],
  },
  {
    name: 'Mantenimiento Industrial',
    prefix: 'MAN',
    positions: [
      { name: 'Electricista industrial', salary: '580.00', plazas: 6, location: 'Taller central' },
      { name: 'Mecánico industrial', salary: '560.00', plazas: 7, location: 'Taller central' },
      { name: 'Auxiliar de mantenimiento', salary: MINIMUM_WAGE_2026, plazas: 8, location: 'Taller central' },
    ],
  },
  {
    name: 'Administración',
    prefix: 'ADM',
    positions: [
      { name: 'Contador general', salary: '850.00', plazas: 2, location: 'Oficinas centrales' },
      { name: 'Coordinador de recursos humanos', salary: '720.00', plazas: 2, location: 'Oficinas centrales' },
      { name: 'Auxiliar administrativo', salary: '380.00', plazas: 4, location: 'Oficinas centrales' },
    ],
  },
];

export const DEMO_DOCUMENT_TYPES: data.DocumentTypeValues[] = [
  { name: 'Acta de nacimiento', required: true, expires: false, warningDays: 0, active: true },
  // An INE is valid for 10 years (3,650 days); its expiry date is captured from the card itself.
  { name: 'INE', required: true, expires: true, warningDays: 60, active: true },
  { name: 'Comprobante de domicilio', required: true, expires: true, warningDays: 30, active: true },
  { name: 'Constancia de situación fiscal', required: true, expires: false, warningDays: 0, active: true },
  { name: 'Licencia de conducir', required: false, expires: true, warningDays: 30, active: true },
  { name: 'Certificado médico', required: false, expires: true, warningDays: 15, active: true },
  { name: 'Contrato laboral', required: true, expires: false, warningDays: 0, active: true },
];

// Codes in the 1xx range so they never meet the payroll module's system concepts.
export const DEMO_CONCEPTS: data.ConceptValues[] = [
  { code: 'P101', name: 'Bono de puntualidad', kind: 'percepcion', satCode: '010', taxableRule: 'gravado', exemptUma: null, active: true },
  { code: 'P102', name: 'Premio de asistencia', kind: 'percepcion', satCode: '049', taxableRule: 'gravado', exemptUma: null, active: true },
  { code: 'P103', name: 'Vales de despensa', kind: 'percepcion', satCode: '029', taxableRule: 'exento_uma', exemptUma: '1.00', active: true },
  { code: 'D101', name: 'Descuento por daños', kind: 'deduccion', satCode: '004', taxableRule: 'gravado', exemptUma: null, active: true },
  { code: 'D102', name: 'Anticipo de salario', kind: 'deduccion', satCode: '012', taxableRule: 'gravado', exemptUma: null, active: true },
];

export async function seedRhSettingsDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const area of DEMO_AREAS) {
      const areaId = await data.insertArea(tx, { name: area.name, active: true });
      let n = 0;
      for (const p of area.positions) {
        const positionId = await data.insertPosition(tx, { areaId, name: p.name, baseDailySalary: p.salary, active: true });
        for (let i = 0; i < p.plazas; i++) {
          n += 1;
          const code = `${area.prefix}-${String(n).padStart(3, '0')}`;
          await data.insertWorkplace(tx, { code, positionId, authorizedDailySalary: p.salary, location: p.location, notes: '', active: true });
        }
      }
    }
    for (const d of DEMO_DOCUMENT_TYPES) await data.insertDocumentType(tx, d);
    for (const c of DEMO_CONCEPTS) {
      // A base concept with the same code (another module's) wins: keep it, skip ours.
      await tx.execute(sql`insert into rh_concepts (code, name, kind, sat_code, taxable_rule, exempt_uma, active)
        values (${c.code}, ${c.name}, ${c.kind}, ${c.satCode}, ${c.taxableRule}, ${c.exemptUma}, ${c.active}) on conflict do nothing`);
    }
  });
}
