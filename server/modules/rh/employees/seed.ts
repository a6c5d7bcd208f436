// Empleados demo data (runs after Configuración RH's demo catalogues): about
// sixty employees over the seeded áreas, puestos and plazas (a few plazas
// left vacant), with RFC, CURP, NSS and CLABE generated from each person's
// name and birth date with their real check digits, mostly quincenal, a few
// at exactly the minimum wage, two in baja, and their documents (small PDF
// and PNG files written through the storage layer): some expired, some due
// within their warning days, some required ones missing.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../../config';
import { queryRows, type Db, type Executor } from '../../../db/database';
import { storageFor } from '../../../lib/attachments';
import { PNG_1PX, pdfBytes } from '../../../lib/demoFiles';
import { addDays, todayMx } from '../../../../schema/dates';
import { dec, money } from '../../../../schema/money';
import { addYears } from '../../../../schema/rh/employees';
import * as data from './data';

const MALE = ['Juan', 'José Luis', 'Miguel Ángel', 'Jorge', 'Ricardo', 'Alejandro', 'Fernando', 'Roberto', 'Eduardo', 'Arturo', 'Raúl', 'Héctor', 'Sergio', 'Óscar', 'Martín', 'Gerardo', 'Francisco', 'Daniel', 'Rafael', 'Enrique'];
const FEMALE = ['María Elena', 'Guadalupe', 'Patricia', 'Laura', 'Verónica', 'Adriana', 'Gabriela', 'Claudia', 'Sandra', 'Alejandra', 'Mónica', 'Leticia', 'Rosa María', 'Norma', 'Silvia', 'Diana', 'Karina', 'Araceli', 'Beatriz', 'Teresa'];
const SURNAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz', 'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez', 'Méndez', 'Chávez', 'Rivera', 'Juárez', 'Domínguez', 'Salazar', 'Navarro', 'Herrera', 'Medina', 'Castro', 'Vargas', 'Ramos', 'Luna'];
const STATES = ['DF', 'MC', 'QT', 'NL', 'JC', 'GT', 'PL', 'VZ', 'HG', 'SP'];
const BANKS: [code: string, name: string][] = [['012', 'BBVA México'], ['002', 'Banamex'], ['014', 'Santander'], ['072', 'Banorte'], ['021', 'HSBC']];
const STREETS = ['Av. Constituyentes', 'Calle Hidalgo', 'Av. Juárez', 'Calle Morelos', 'Blvd. Bernardo Quintana', 'Calle Zaragoza', 'Av. Universidad'];

export const EMPLOYEE_COUNT = 60;

const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z ]/g, '');
const firstWord = (s: string) => plain(s).split(' ')[0];
const firstInnerVowel = (s: string) => firstWord(s).slice(1).match(/[AEIOU]/)?.[0] ?? 'X';
const firstInnerConsonant = (s: string) => firstWord(s).slice(1).match(/[B-DF-HJ-NP-TV-Z]/)?.[0] ?? 'X';
/** José and María count only when they are the whole first name (SAT and RENAPO rule). */
const givenName = (names: string) => {
  const words = plain(names).split(' ');
  return words.length > 1 && ['JOSE', 'MARIA', 'MA', 'J'].includes(words[0]) ? words[1] : words[0];
};

const RFC_CHARS = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
/** The SAT check digit of the first 12 characters of a persona física RFC. */
export function rfcCheckDigit(first12: string): string {
  const s = ` ${first12}`; // persona física: padded to 13 positions
  let total = 0;
  for (let i = 0; i < 12; i++) total += RFC_CHARS.indexOf(s[i + 1]) * (13 - i);
  const r = 11 - (total % 11);
  return r === 11 ? '0' : r === 10 ? 'A' : String(r);
}

const CURP_CHARS = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
/** RENAPO's check digit of the first 17 characters of a CURP. */
export function curpCheckDigit(first17: string): string {
  let total = 0;
  for (let i = 0; i < 17; i++) total += CURP_CHARS.indexOf(first17[i]) * (18 - i);
  return String((10 - (total % 10)) % 10);
}

export function nssCheckDigit(first10: string): string {
  let total = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(first10[i]) * (i % 2 === 0 ? 1 : 2);
    if (d > 9) d -= 9;
    total += d;
  }
  return String((10 - (total % 10)) % 10);
}

export function clabeCheckDigit(first17: string): string {
  const weights = [3, 7, 1];
  let total = 0;
  for (let i = 0; i < 17; i++) total += (Number(first17[i]) * weights[i % 3]) % 10;
  return String((10 - (total % 10)) % 10);
}

/** RFC, CURP and NSS of a person, agreeing with the birth date. */
export function identityOf(p: { names: string; lastName: string; secondLastName: string; birthDate: string; sex: 'H' | 'M'; state: string; seq: number }) {
  const letters = firstWord(p.lastName)[0] + firstInnerVowel(p.lastName) + firstWord(p.secondLastName)[0] + givenName(p.names)[0];
  const date = p.birthDate.slice(2, 4) + p.birthDate.slice(5, 7) + p.birthDate.slice(8, 10);
  const homoclave = `${String.fromCharCode(65 + (p.seq % 26))}${p.seq % 10}`;
  const rfc12 = letters + date + homoclave;
  const rfc = rfc12 + rfcCheckDigit(rfc12);
  const century = p.birthDate < '2000-01-01' ? String(p.seq % 10) : String.fromCharCode(65 + (p.seq % 26));
  const curp17 = letters + date + p.sex + p.state + firstInnerConsonant(p.lastName) + firstInnerConsonant(p.secondLastName) + firstInnerConsonant(givenName(p.names)) + century;
  const curp = curp17 + curpCheckDigit(curp17);
  const nss10 = `${String(11 + (p.seq % 80)).padStart(2, '0')}${p.birthDate.slice(2, 4) === '99' ? '18' : String(Number(p.birthDate.slice(2, 4)) + 18).slice(-2)}${p.birthDate.slice(2, 4)}${String(1000 + p.seq * 37).slice(-4)}`;
  return { rfc, curp, nss: nss10 + nssCheckDigit(nss10) };
}

export function clabeOf(bankCode: string, seq: number): string {
  const first17 = `${bankCode}180${String(1_000_000_000 + seq * 7_919_113).padStart(11, '0').slice(-11)}`;
  return first17 + clabeCheckDigit(first17);
}

type DemoFile = { id: string; key: string; previewKey: string | null; bytes: Buffer; fileName: string; contentType: string; fileType: 'pdf' | 'png'; employeeId: number };

async function insertAttachedUpload(ex: Executor, f: DemoFile, adminUserId: number): Promise<void> {
  const sha256 = createHash('sha256').update(f.bytes).digest('hex');
  await ex.execute(sql`insert into uploads (id, storage_key, preview_key, file_name, content_type, file_type, size, sha256, uploaded_by, subject, owner_entity, owner_id, attached_at)
    values (${f.id}, ${f.key}, ${f.previewKey}, ${f.fileName}, ${f.contentType}, ${f.fileType}, ${f.bytes.length}, ${sha256}, ${adminUserId},
      'Recursos Humanos-Empleados', 'rhEmployeeDocument', ${String(f.employeeId)}, now())`);
}

type Org = { positions: (data.PositionRef & { baseDailySalary: string })[]; workplaces: (data.WorkplaceRef & { authorizedDailySalary: string; location: string })[] };

async function organisation(ex: Executor): Promise<Org> {
  const positions = await queryRows<Org['positions'][number]>(ex, sql`select p.id, p.area_id as "areaId", p.name, p.active, p.base_daily_salary::text as "baseDailySalary"
    from rh_positions p join rh_areas a on a.id = p.area_id where p.active and a.active order by p.id`);
  const workplaces = await queryRows<Org['workplaces'][number]>(ex, sql`select id, code, position_id as "positionId", active, holder_id as "holderId", authorized_daily_salary::text as "authorizedDailySalary", location
    from rh_workplaces where active and holder_id is null order by id`);
  return { positions, workplaces };
}

export async function seedRhEmployeesDemo(db: Db, ctx: { adminUserId: number; config?: Config }): Promise<void> {
  const today = todayMx();
  const files: DemoFile[] = [];
  await db.transaction(async (tx) => {
    const org = await organisation(tx);
    if (!org.positions.length) return; // no organisation to place anyone in
    const fiscal = await data.fiscalYearOn(tx, today);
    const minGeneral = fiscal?.minimumWageGeneral ?? null;
    const minBorder = fiscal?.minimumWageBorder ?? null;
    const docTypes = await queryRows<{ id: number; name: string; required: boolean; expires: boolean; warningDays: number }>(
      tx,
      sql`select id, name, required, expires, warning_days as "warningDays" from rh_document_types where active order by id`,
    );

    // Plazas get a holder each except the last three, left vacant; the rest of the staff have no plaza.
    const plazas = org.workplaces.slice(0, Math.max(0, org.workplaces.length - 3));
    for (let i = 0; i < EMPLOYEE_COUNT; i++) {
      const seq = i + 1;
      const plaza = plazas[i] ?? null;
      const position = plaza ? (org.positions.find((p) => p.id === plaza.positionId) ?? org.positions[0]) : org.positions[i % org.positions.length];
      const sex: 'H' | 'M' = i % 3 === 1 ? 'M' : 'H';
      const names = sex === 'H' ? MALE[i % MALE.length] : FEMALE[(i * 7) % FEMALE.length];
      const lastName = SURNAMES[(i * 7) % SURNAMES.length];
      const secondLastName = SURNAMES[(i * 11 + 5) % SURNAMES.length];
      const birthDate = `${1968 + ((i * 13) % 36)}-${String(1 + ((i * 5) % 12)).padStart(2, '0')}-${String(1 + ((i * 17) % 28)).padStart(2, '0')}`;
      let hireDate = addDays(today, -(45 + ((i * 173) % 4300)));
      if (hireDate < addYears(birthDate, 18)) hireDate = addYears(birthDate, 18);
      const id = identityOf({ names, lastName, secondLastName, birthDate, sex, state: STATES[i % STATES.length], seq });
      const frontera = Boolean(plaza?.location && /tijuana|juárez|mexicali|reynosa|nogales/i.test(plaza.location)) || i % 20 === 19;
      const minimum = frontera ? minBorder : minGeneral;
      // Three at exactly the minimum wage of their zone; a puesto paid below it is raised a little above.
      let salary = plaza?.authorizedDailySalary ?? position.baseDailySalary;
      if (minimum && i % 25 === 7) salary = minimum;
      else if (minimum && dec(salary).lte(minimum)) salary = money(dec(minimum).times(1.05 + (i % 4) * 0.03));
      const [bankCode, bank] = BANKS[i % BANKS.length];
      const baja = i === EMPLOYEE_COUNT - 1 || i === EMPLOYEE_COUNT - 2;
      const terminationDate = baja ? addDays(today, -(20 + i)) : null;
      const values: data.EmployeeValues = {
        number: `E-${String(seq).padStart(4, '0')}`,
        names,
        lastName,
        secondLastName,
        ...id,
        birthDate,
        hireDate: terminationDate && hireDate >= terminationDate ? addDays(terminationDate, -400) : hireDate,
        areaId: position.areaId,
        positionId: position.id,
        payFrequency: i % 4 === 0 ? 'semanal' : 'quincenal',
        wageZone: frontera ? 'frontera' : 'general',
        dailySalary: money(salary),
        bank: i % 9 === 4 ? '' : bank,
        clabe: i % 9 === 4 ? '' : clabeOf(bankCode, seq),
        email: `${plain(givenName(names)).toLowerCase()}.${plain(firstWord(lastName)).toLowerCase()}${seq}@correo.mx`,
        phone: `442 ${String(2000000 + seq * 4513).slice(0, 3)} ${String(1000 + seq * 77).slice(-4)}`,
        address: `${STREETS[i % STREETS.length]} ${100 + seq * 3}, Querétaro, Qro.`,
        emergencyContact: `${FEMALE[(i + 3) % FEMALE.length]} ${SURNAMES[(i + 9) % SURNAMES.length]} · 442 ${String(3000000 + seq * 811).slice(0, 3)} ${String(2000 + seq * 91).slice(-4)}`,
        // They live and work in Querétaro (c_Estado QUE) on indefinite contracts (c_TipoContrato 01): their receipts' CFDI de nómina.
        postalCode: String(76000 + ((seq * 37) % 250)),
        workState: 'QUE',
        contractType: '01',
        trustWorker: false,
      };
      const employeeId = await data.insertEmployee(tx, {
        ...values,
        createdBy: ctx.adminUserId,
        status: baja ? 'baja' : 'activo',
        terminationDate,
        terminationReason: baja ? (i % 2 ? 'Renuncia voluntaria' : 'Término de contrato por obra determinada') : null,
      });
      await data.insertEvent(tx, { employeeId, event: 'alta', date: values.hireDate, dailySalary: values.dailySalary, workplaceId: baja ? null : (plaza?.id ?? null), recordedBy: ctx.adminUserId });
      if (baja && terminationDate) await data.insertEvent(tx, { employeeId, event: 'baja', date: terminationDate, reason: 'Renuncia voluntaria', dailySalary: values.dailySalary, recordedBy: ctx.adminUserId });
      else if (plaza) await data.occupyWorkplace(tx, plaza.id, employeeId);
      if (!baja && i % 6 === 2) {
        // A raise some time ago: the history shows it.
        await data.insertEvent(tx, { employeeId, event: 'salario', date: addDays(today, -(30 + i)), reason: 'Revisión salarial anual', dailySalary: values.dailySalary, recordedBy: ctx.adminUserId });
      }

      if (!ctx.config) continue;
      for (const [t, type] of docTypes.entries()) {
        // Every 7th employee lacks their first required document; optional ones only every other employee.
        if (type.required && i % 7 === 3 && t === docTypes.findIndex((d) => d.required)) continue;
        if (!type.required && i % 2 === 1) continue;
        let expiresOn: string | null = null;
        if (type.expires) {
          const pick = i % 10;
          expiresOn = pick === 0 ? addDays(today, -(5 + t)) : pick === 5 ? addDays(today, Math.max(0, Math.floor(type.warningDays / 2))) : addDays(today, 200 + i * 3);
        }
        const png = (i + t) % 5 === 0;
        const fileName = `${plain(type.name).toLowerCase().replace(/\s+/g, '-')}-${values.number.toLowerCase()}.${png ? 'png' : 'pdf'}`;
        const uploadId = randomUUID();
        files.push({
          id: uploadId,
          key: `uploads/${today.slice(0, 7)}/${uploadId}-${fileName}`,
          previewKey: png ? `uploads/${today.slice(0, 7)}/${uploadId}-preview.webp` : null,
          bytes: png ? PNG_1PX : pdfBytes(`${type.name} - ${values.number}`),
          fileName,
          contentType: png ? 'image/png' : 'application/pdf',
          fileType: png ? 'png' : 'pdf',
          employeeId,
        });
        await insertAttachedUpload(tx, files[files.length - 1], ctx.adminUserId);
        await data.insertDocument(tx, { employeeId, documentTypeId: type.id, uploadId, expiresOn, notes: '', createdBy: ctx.adminUserId });
      }
    }
    // The bytes go to storage before the rows commit: a failure rolls the rows back (orphan files are harmless).
    if (ctx.config && files.length) {
      const storage = storageFor(ctx.config);
      const preview = await sharp(PNG_1PX).resize(64, 64).webp({ quality: 70 }).toBuffer();
      await Promise.all(
        files.flatMap((f) => [
          storage.put(f.key, f.bytes, { contentType: f.contentType }),
          ...(f.previewKey ? [storage.put(f.previewKey, preview, { contentType: 'image/webp' })] : []),
        ]),
      );
    }
  });
}
