// Almacén demo data: 3 warehouses, 8 lines, ~300 articles with realistic
// names and units, the movement concepts, and 90 days of history (opening
// inventory, purchases, transfers, consumption, one cancellation and a
// fulfilled requisition) so the kardex, existencias and their flags show
// something on first start. The history is computed in memory with the same
// costing functions the posting service uses and written with bulk inserts:
// it runs for every new company and must stay fast.
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { writeAudit } from '../../db/audit';
import { folioCounters } from '../../db/tables';
import { Decimal, dec } from '../../../schema/money';
import { users } from '../../db/tables';
import { applyIn, applyInValue, applyOut, emptyState, type StockState } from './costing';
import * as data from './data';
import { COUNT_CONCEPTS } from './counts';
import { SERIES, type ConceptKind, type Direction } from './posting';
import { REQUISITION_CONCEPT } from './requisitions';
import {
  pdmRequestLines,
  pdmRequests,
  productLines,
  stockConcepts,
  stockLedger,
  stockLevels,
  stockMovements,
  warehouseRequisitionLines,
  warehouseRequisitions,
  warehouses,
} from './tables';
import { unitOf } from './units';
import { addDays, todayMx } from '../../../schema/dates';

const WAREHOUSES = [
  { code: 'ALM-CEN', name: 'Almacén Central', location: 'Av. Industrias 2450, Parque Industrial Escobedo, N.L.', responsible: 'Jorge Alberto Treviño Garza' },
  { code: 'ALM-TAL', name: 'Almacén de Taller', location: 'Taller de mantenimiento, nave 3, Apodaca, N.L.', responsible: 'María Guadalupe Salinas Ortiz' },
  { code: 'ALM-OBR', name: 'Almacén de Obra Altamira', location: 'Puerto Industrial de Altamira, Tamps.', responsible: '' },
];

const LINES = [
  { code: 'FER', name: 'Ferretería', description: 'Tornillería, anclajes, cables y cadenas' },
  { code: 'ELE', name: 'Material eléctrico', description: 'Cable, protecciones, iluminación y accesorios' },
  { code: 'LUB', name: 'Lubricantes', description: 'Aceites, grasas y fluidos' },
  { code: 'REF', name: 'Refacciones automotrices', description: 'Filtros, frenos, bandas y partes de flotilla' },
  { code: 'EPP', name: 'Equipo de protección personal', description: 'EPP según NOM-017-STPS' },
  { code: 'HER', name: 'Herramienta', description: 'Herramienta manual y consumibles de corte' },
  { code: 'PIN', name: 'Pinturas y recubrimientos', description: 'Esmaltes, primarios y accesorios' },
  { code: 'PLO', name: 'Plomería y limpieza', description: 'Tubería, conexiones y artículos de limpieza' },
];

/** [line, name, unit, base price, variants, minimum (0 = not controlled)] */
type Template = [string, string, string, number, string[], number];
const SIZES_INCH = ['1/4"', '5/16"', '3/8"', '1/2"', '5/8"', '3/4"'];
const TEMPLATES: Template[] = [
  ['FER', 'Tornillo hexagonal grado 5', 'H87', 3.2, ['1/4" x 1"', '5/16" x 1 1/2"', '3/8" x 2"', '1/2" x 2 1/2"', '5/8" x 3"', '3/4" x 3"'], 100],
  ['FER', 'Tuerca hexagonal', 'H87', 1.1, SIZES_INCH, 100],
  ['FER', 'Rondana plana', 'H87', 0.6, SIZES_INCH, 100],
  ['FER', 'Rondana de presión', 'H87', 0.8, SIZES_INCH.slice(0, 4), 100],
  ['FER', 'Taquete de plástico (100 pzas)', 'XBX', 48, ['1/4"', '5/16"', '3/8"'], 4],
  ['FER', 'Pija para lámina (100 pzas)', 'XBX', 85, ['#8 x 1/2"', '#10 x 3/4"', '#12 x 1"'], 4],
  ['FER', 'Ancla expansiva', 'H87', 12.5, ['3/8" x 3"', '1/2" x 4"', '5/8" x 5"'], 30],
  ['FER', 'Cable de acero galvanizado', 'MTR', 18, ['1/8"', '3/16"', '1/4"', '3/8"'], 50],
  ['FER', 'Cadena galvanizada', 'MTR', 65, ['3/16"', '1/4"', '5/16"'], 20],
  ['FER', 'Abrazadera sinfín', 'H87', 9.5, ['1/2"', '1"', '2"', '3"'], 20],
  ['ELE', 'Cable THW-LS calibre', 'MTR', 9.8, ['14 AWG', '12 AWG', '10 AWG', '8 AWG', '6 AWG'], 100],
  ['ELE', 'Interruptor termomagnético', 'H87', 145, ['1P 15 A', '1P 20 A', '2P 30 A', '2P 40 A', '3P 50 A'], 4],
  ['ELE', 'Tubo conduit pared delgada 3 m', 'H87', 62, ['1/2"', '3/4"', '1"'], 10],
  ['ELE', 'Conector para conduit', 'H87', 6.5, ['1/2"', '3/4"', '1"'], 30],
  ['ELE', 'Lámpara LED', 'H87', 95, ['9 W', '18 W', '36 W', '50 W', '100 W'], 6],
  ['ELE', 'Cinta de aislar 19 mm', 'H87', 18, ['negra', 'roja', 'verde', 'blanca'], 12],
  ['ELE', 'Zapata terminal de cobre', 'H87', 7.8, ['cal. 10', 'cal. 8', 'cal. 6', 'cal. 4'], 25],
  ['ELE', 'Fusible tipo cartucho', 'H87', 38, ['30 A', '60 A', '100 A'], 6],
  ['ELE', 'Contacto dúplex polarizado', 'H87', 42, ['15 A', '20 A'], 10],
  ['ELE', 'Apagador sencillo', 'H87', 35, ['blanco', 'marfil'], 10],
  ['LUB', 'Aceite de motor', 'LTR', 118, ['15W-40', '10W-30', '5W-30', 'SAE 40', 'SAE 50'], 40],
  ['LUB', 'Aceite hidráulico ISO', 'LTR', 72, ['32', '46', '68'], 40],
  ['LUB', 'Grasa multipropósito', 'KGM', 96, ['EP-1', 'EP-2', 'EP-3'], 10],
  ['LUB', 'Aceite de transmisión', 'LTR', 135, ['80W-90', '85W-140', 'ATF Dexron III'], 20],
  ['LUB', 'Anticongelante', 'GLL', 210, ['50/50', 'concentrado'], 6],
  ['LUB', 'Líquido de frenos', 'LTR', 160, ['DOT 3', 'DOT 4'], 5],
  ['LUB', 'Aceite para compresor', 'LTR', 145, ['ISO 100', 'ISO 150'], 10],
  ['LUB', 'Cubeta de aceite de motor 19 L', 'XBJ', 1980, ['15W-40', 'SAE 40'], 2],
  ['LUB', 'Desengrasante industrial biodegradable', 'LTR', 58, ['concentrado'], 20],
  ['LUB', 'Aflojatodo en aerosol 400 ml', 'H87', 89, ['multiusos'], 12],
  ['REF', 'Filtro de aceite', 'H87', 145, ['LF3000', 'LF9009', 'LF16015', 'PH8A', 'PH2', 'W940/25'], 6],
  ['REF', 'Filtro de aire', 'H87', 390, ['AF25139', 'AF872', 'CA10171', 'CA9482'], 4],
  ['REF', 'Filtro de combustible', 'H87', 260, ['FF5052', 'FS1280', 'FS19732', 'G3727'], 4],
  ['REF', 'Juego de balatas delanteras', 'SET', 680, ['Nissan NP300', 'Toyota Hilux', 'Ford F-150', 'Chevrolet Silverado', 'Freightliner M2'], 2],
  ['REF', 'Banda serpentín', 'H87', 420, ['6PK1790', '6PK2030', '8PK1150', '10PK1555'], 2],
  ['REF', 'Bujía', 'H87', 115, ['iridio', 'platino', 'cobre'], 8],
  ['REF', 'Foco automotriz 12 V', 'H87', 45, ['H4', 'H7', '1157', '1156', '194'], 10],
  ['REF', 'Amortiguador delantero', 'H87', 1150, ['Nissan NP300', 'Toyota Hilux', 'Ford F-150'], 2],
  ['REF', 'Acumulador 12 V', 'H87', 2450, ['L-47', 'L-65', 'L-94', '31-S'], 1],
  ['REF', 'Manguera de radiador superior', 'H87', 320, ['Nissan NP300', 'Toyota Hilux'], 2],
  ['REF', 'Termostato', 'H87', 280, ['82 °C', '88 °C'], 2],
  ['REF', 'Bomba de agua', 'H87', 1480, ['Nissan NP300', 'Ford F-150'], 1],
  ['REF', 'Llanta radial', 'H87', 3250, ['265/70R16', '245/75R16', '295/80R22.5'], 4],
  ['EPP', 'Casco de seguridad tipo I clase E', 'H87', 135, ['blanco', 'amarillo', 'azul', 'rojo', 'verde'], 10],
  ['EPP', 'Guante de carnaza', 'PR', 42, ['corto', 'largo', 'reforzado'], 30],
  ['EPP', 'Guante de nitrilo', 'PR', 28, ['talla M', 'talla G', 'talla XG'], 30],
  ['EPP', 'Lentes de seguridad', 'H87', 38, ['claros', 'oscuros', 'antiempañantes'], 20],
  ['EPP', 'Botas de seguridad dieléctricas', 'PR', 890, ['talla 25', 'talla 26', 'talla 27', 'talla 28', 'talla 29'], 2],
  ['EPP', 'Chaleco reflejante', 'H87', 95, ['naranja', 'verde limón'], 10],
  ['EPP', 'Tapones auditivos (200 pares)', 'XBX', 540, ['espuma'], 2],
  ['EPP', 'Arnés de cuerpo completo', 'H87', 1650, ['4 argollas', '1 argolla dorsal'], 2],
  ['EPP', 'Línea de vida con absorbedor', 'H87', 980, ['1.8 m'], 2],
  ['EPP', 'Respirador media cara', 'H87', 620, ['talla M', 'talla G'], 3],
  ['EPP', 'Cartucho para vapores orgánicos', 'PR', 310, ['6001', '60921'], 6],
  ['EPP', 'Overol de mezclilla', 'H87', 480, ['talla M', 'talla G', 'talla XG', 'talla XXG'], 4],
  ['HER', 'Llave combinada', 'H87', 95, ['3/8"', '7/16"', '1/2"', '9/16"', '5/8"', '3/4"', '13 mm', '17 mm'], 2],
  ['HER', 'Desarmador plano', 'H87', 65, ['1/4" x 4"', '5/16" x 6"'], 3],
  ['HER', 'Desarmador de cruz', 'H87', 65, ['#1 x 3"', '#2 x 4"'], 3],
  ['HER', 'Juego de dados 1/2" 24 piezas', 'SET', 1850, ['estándar', 'métrico'], 1],
  ['HER', 'Pinza', 'H87', 230, ['electricista 8"', 'presión 10"', 'corte diagonal 7"', 'punta 8"'], 2],
  ['HER', 'Disco de corte para metal', 'H87', 28, ['4 1/2"', '7"', '14"'], 25],
  ['HER', 'Disco de desbaste', 'H87', 42, ['4 1/2"', '7"'], 15],
  ['HER', 'Broca para metal HSS', 'H87', 24, ['1/8"', '3/16"', '1/4"', '5/16"', '3/8"', '1/2"'], 10],
  ['HER', 'Segueta bimetálica 12"', 'H87', 32, ['18 dientes', '24 dientes'], 10],
  ['HER', 'Flexómetro', 'H87', 140, ['5 m', '8 m'], 3],
  ['HER', 'Martillo de uña 16 oz', 'H87', 210, ['mango de fibra'], 2],
  ['HER', 'Electrodo para soldar E6013', 'KGM', 78, ['1/8"', '5/32"'], 10],
  ['PIN', 'Esmalte alquidálico', 'GLL', 420, ['blanco', 'negro', 'rojo óxido', 'amarillo tránsito', 'gris acero', 'azul'], 3],
  ['PIN', 'Primario anticorrosivo', 'GLL', 380, ['gris', 'rojo óxido'], 3],
  ['PIN', 'Thinner estándar', 'LTR', 38, ['a granel'], 40],
  ['PIN', 'Pintura vinílica 19 L', 'XBJ', 1350, ['blanca', 'gris perla'], 2],
  ['PIN', 'Brocha de cerda natural', 'H87', 45, ['2"', '3"', '4"'], 6],
  ['PIN', 'Rodillo de felpa 9"', 'H87', 85, ['para exterior'], 4],
  ['PIN', 'Lija de agua', 'H87', 9, ['#100', '#220', '#400', '#600'], 30],
  ['PIN', 'Pintura epóxica para pisos', 'GLL', 890, ['gris', 'verde', 'amarillo'], 2],
  ['PIN', 'Pintura en aerosol 400 ml', 'H87', 72, ['negro mate', 'blanco brillante', 'aluminio', 'rojo'], 12],
  ['PLO', 'Tubo de cobre tipo M', 'MTR', 92, ['1/2"', '3/4"', '1"'], 18],
  ['PLO', 'Codo de cobre 90°', 'H87', 14, ['1/2"', '3/4"', '1"'], 20],
  ['PLO', 'Tee de cobre', 'H87', 19, ['1/2"', '3/4"'], 15],
  ['PLO', 'Válvula de esfera', 'H87', 165, ['1/2"', '3/4"', '1"'], 4],
  ['PLO', 'Tubo PVC hidráulico', 'MTR', 22, ['1/2"', '3/4"', '1"', '2"'], 24],
  ['PLO', 'Cinta teflón 3/4"', 'H87', 8.5, ['estándar'], 40],
  ['PLO', 'Soldadura 50/50 para plomería', 'KGM', 480, ['carrete 450 g'], 1],
  ['PLO', 'Pegamento para PVC 250 ml', 'H87', 98, ['secado rápido'], 6],
  ['PLO', 'Trapo industrial', 'KGM', 34, ['blanco', 'de color'], 20],
  ['PLO', 'Jabón desengrasante para manos', 'LTR', 64, ['con piedra pómez'], 10],
  ['PLO', 'Bolsa para basura jumbo (100 pzas)', 'XBX', 260, ['negra'], 3],
  ['PLO', 'Cloro industrial', 'LTR', 16, ['al 6 %'], 20],
  ['PLO', 'Reducción bushing de cobre', 'H87', 12, ['3/4" a 1/2"', '1" a 3/4"'], 10],
  ['PLO', 'Conector rosca exterior de cobre', 'H87', 16, ['1/2"', '3/4"'], 10],
  ['FER', 'Grillete tipo lira', 'H87', 58, ['1/4"', '3/8"', '1/2"', '5/8"'], 6],
  ['FER', 'Perno de anclaje tipo J', 'H87', 24, ['1/2" x 8"', '5/8" x 12"'], 10],
  ['FER', 'Remache pop de aluminio (100 pzas)', 'XBX', 75, ['1/8" x 1/4"', '3/16" x 1/2"'], 3],
  ['ELE', 'Clavija trifásica', 'H87', 185, ['20 A', '30 A'], 4],
  ['ELE', 'Cable uso rudo', 'MTR', 32, ['2x12', '3x12', '4x10'], 30],
  ['ELE', 'Relevador de control 24 V', 'H87', 260, ['2 polos', '4 polos'], 2],
  ['REF', 'Kit de clutch', 'SET', 3850, ['Nissan NP300', 'Ford F-150'], 1],
  ['REF', 'Disco de freno', 'H87', 890, ['Nissan NP300', 'Toyota Hilux', 'Ford F-150'], 2],
  ['REF', 'Plumas limpiaparabrisas', 'PR', 210, ['18"', '20"', '22"'], 2],
  ['REF', 'Tapón de radiador', 'H87', 95, ['13 lb', '16 lb'], 2],
  ['EPP', 'Careta para soldar fotosensible', 'H87', 1150, ['DIN 9-13'], 1],
  ['EPP', 'Mangas de carnaza', 'PR', 95, ['18"'], 4],
  ['HER', 'Llave stillson', 'H87', 320, ['10"', '14"', '18"'], 1],
  ['HER', 'Cincel plano', 'H87', 85, ['3/4"', '1"'], 2],
  ['PIN', 'Masking tape', 'H87', 38, ['1"', '2"'], 12],
  ['PIN', 'Solvente para epóxico', 'LTR', 120, ['a granel'], 5],
  ['LUB', 'Grasa para chasis en cartucho', 'H87', 68, ['400 g'], 12],
];

const CONCEPTS = [
  { code: 'E-COM', name: 'Compra a proveedor', kind: 'ENTRADA', direction: 'IN', affectsCost: true },
  { code: 'E-INI', name: 'Inventario inicial', kind: 'ENTRADA', direction: 'IN', affectsCost: true },
  { code: 'E-DEV', name: 'Devolución de obra', kind: 'ENTRADA', direction: 'IN', affectsCost: false },
  { code: 'S-CON', name: 'Consumo en servicio', kind: 'SALIDA', direction: 'OUT', affectsCost: false },
  { code: 'S-MAN', name: 'Salida a mantenimiento de flotilla', kind: 'SALIDA', direction: 'OUT', affectsCost: false },
  { code: 'T-ALM', name: 'Traspaso entre almacenes', kind: 'TRASPASO', direction: 'TRANSFER', affectsCost: false },
  { code: 'AJ-ENT', name: 'Ajuste de entrada', kind: 'AJUSTE', direction: 'IN', affectsCost: false },
  { code: 'AJ-SAL', name: 'Ajuste de salida (merma)', kind: 'AJUSTE', direction: 'OUT', affectsCost: false },
] as const;

/** Small deterministic PRNG (mulberry32): the demo is the same on every install. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SimArticle = { id: number; unit: string; price: number; min: number; max: number };
type SimLine = { articleId: number; quantity: string; unitCost?: string; amount?: string };
type SimMovement = {
  date: string;
  conceptCode: string;
  direction: Direction;
  warehouse: number;
  target: number | null;
  reference: string;
  notes: string;
  lines: SimLine[];
  reversesIndex?: number;
  sourceType?: string;
  sourceId?: number;
};

async function bulk<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

export async function seedWarehouseDemo(db: Db, ctx: { adminUserId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await tx.select({ id: warehouses.id }).from(warehouses).limit(1)).length) return;
    const rand = prng(20260415);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const today = todayMx();
    const start = addDays(today, -90);

    const whIds = (await tx.insert(warehouses).values(WAREHOUSES).returning({ id: warehouses.id })).map((r) => r.id);
    const lineRows = await tx.insert(productLines).values(LINES).returning({ id: productLines.id, code: productLines.code });
    const lineId = new Map(lineRows.map((r) => [r.code, r.id]));

    // ---- articles -------------------------------------------------------------
    const articleValues: Parameters<typeof data.insertArticles>[1] = [];
    const sim: Omit<SimArticle, 'id'>[] = [];
    const counters = new Map<string, number>();
    for (const [line, name, unit, price, variants, min] of TEMPLATES) {
      variants.forEach((variant, vi) => {
        const n = (counters.get(line) ?? 0) + 1;
        counters.set(line, n);
        const p = Math.round(price * (1 + vi * 0.12) * 100) / 100;
        const max = min * 4;
        articleValues.push({
          sku: `${line}-${String(n).padStart(4, '0')}`,
          name: `${name} ${variant}`.replace(/\s+/g, ' ').trim(),
          lineId: lineId.get(line) as number,
          unit,
          minStock: String(min),
          maxStock: String(max),
          reorderPoint: String(Math.round(min * 1.5)),
          barcode: `750${String(1000000000 + articleValues.length * 7919).slice(0, 10)}`,
          active: true,
        });
        sim.push({ unit, price: p, min, max });
      });
    }
    // Two articles kept for history only: the catalogue shows how deactivation looks.
    articleValues[articleValues.length - 1].active = false;
    const articleIds = await data.insertArticles(tx, articleValues);
    const arts: SimArticle[] = sim.map((s, i) => ({ ...s, id: articleIds[i] }));

    // ---- concepts ------------------------------------------------------------------
    const conceptRows = await tx
      .insert(stockConcepts)
      .values([...CONCEPTS, REQUISITION_CONCEPT, COUNT_CONCEPTS.in, COUNT_CONCEPTS.out].map((c) => ({ ...c })))
      .returning({ id: stockConcepts.id, code: stockConcepts.code, kind: stockConcepts.kind });
    const concept = new Map(conceptRows.map((c) => [c.code, c]));

    // ---- requisitions (one is fulfilled by the history below) ------------------------------
    const people = await tx.select({ id: users.id, email: users.email }).from(users);
    const userId = (email: string) => people.find((p) => p.email === email)?.id ?? ctx.adminUserId;
    const storekeeper = userId('almacen@demo.mx');
    const mechanic = userId('mantenimiento@demo.mx');
    const qtyFor = (a: SimArticle, n: number) => (unitOf(a.unit).decimals > 0 ? String(n + 0.5) : String(n));
    const reqArts = [arts[30], arts[95], arts[140], arts[200], arts[12]];
    const requisitionSpecs = [
      { area: 'Mantenimiento de flotilla', originReference: 'OM-000014', warehouseId: whIds[1], neededDate: addDays(today, 3), notes: 'Servicio de 10,000 km unidad 07', status: 'PENDIENTE', requesterId: mechanic, lines: [reqArts[0], reqArts[1]] },
      { area: 'Servicios eléctricos', originReference: '', warehouseId: whIds[0], neededDate: addDays(today, 5), notes: 'Mantenimiento de tablero en cliente Ternium', status: 'AUTORIZADA', requesterId: storekeeper, lines: [reqArts[2], reqArts[3]] },
      { area: 'Obra Altamira', originReference: 'Contrato CT-2025-031', warehouseId: whIds[2], neededDate: addDays(today, -20), notes: '', status: 'SURTIDA', requesterId: storekeeper, lines: [reqArts[4]] },
      { area: 'Seguridad industrial', originReference: '', warehouseId: whIds[0], neededDate: addDays(today, -10), notes: 'Reposición de EPP', status: 'RECHAZADA', requesterId: storekeeper, lines: [reqArts[1]] },
    ];
    const reqIds: number[] = [];
    for (const [i, r] of requisitionSpecs.entries()) {
      const [row] = await tx
        .insert(warehouseRequisitions)
        .values({
          folio: i + 1,
          requesterId: r.requesterId,
          area: r.area,
          originReference: r.originReference,
          warehouseId: r.warehouseId,
          neededDate: r.neededDate,
          notes: r.notes,
          status: r.status,
          rejectionReason: r.status === 'RECHAZADA' ? 'Se surte con el contrato anual del proveedor de EPP.' : '',
          authorizedBy: r.status === 'PENDIENTE' ? null : ctx.adminUserId,
          authorizedAt: r.status === 'PENDIENTE' ? null : new Date(Date.parse(`${addDays(today, -21)}T16:00:00Z`)),
        })
        .returning({ id: warehouseRequisitions.id });
      reqIds.push(row.id);
      await tx.insert(warehouseRequisitionLines).values(
        r.lines.map((a, li) => {
          const q = qtyFor(a, 4 + li * 2);
          const authorized = r.status === 'AUTORIZADA' || r.status === 'SURTIDA' ? q : null;
          return { requisitionId: row.id, lineNo: li + 1, articleId: a.id, requestedQty: q, authorizedQty: authorized, deliveredQty: r.status === 'SURTIDA' ? q : '0' };
        }),
      );
    }

    // ---- 90 days of history ----------------------------------------------------------------------
    // The parts asked for in the PDM requests are exactly the ones the warehouse never had.
    const pdmIndexes = [arts.findIndex((a) => a.price === 1480), 60, 66];
    const neverStocked = new Set(pdmIndexes.map((i) => arts[Math.max(0, i)].id));
    const stockable = arts.filter((a) => !neverStocked.has(a.id));
    const moves: SimMovement[] = [];
    const stockedPick = new Map<number, number>();
    const central = whIds[0];
    // Opening inventory: everything arrives at Central; a few articles above their maximum.
    moves.push({
      date: start,
      conceptCode: 'E-INI',
      direction: 'IN',
      warehouse: central,
      target: null,
      reference: 'Inventario inicial',
      notes: 'Captura del conteo físico de apertura',
      lines: stockable.map((a, i) => {
        const base = a.min === 0 ? 5 : a.max * (i % 17 === 0 ? 1.3 : 0.6 + rand() * 0.35);
        return { articleId: a.id, quantity: qtyFor(a, Math.max(1, Math.round(base))), unitCost: a.price.toFixed(2) };
      }),
    });
    for (let day = 1; day <= 88; day++) {
      const date = addDays(start, day);
      if (day % 6 === 0) {
        const lines = Array.from({ length: 6 }, () => pick(stockable)).filter((a, i, xs) => xs.indexOf(a) === i);
        moves.push({
          date,
          conceptCode: 'E-COM',
          direction: 'IN',
          warehouse: central,
          target: null,
          reference: `Factura ${pick(['A', 'B', 'F', 'RH'])}-${1000 + day * 7}`,
          notes: pick(['Refaccionaria Hidalgo', 'Ferretera del Norte', 'Lubricantes y Grasas de Monterrey', 'Seguridad Industrial del Estado', 'Eléctrica Garza']),
          lines: lines.map((a) => ({ articleId: a.id, quantity: qtyFor(a, Math.max(1, Math.round(a.max * 0.4))), unitCost: (a.price * (0.95 + rand() * 0.15)).toFixed(2) })),
        });
      }
      if (day % 3 === 0) {
        const target = whIds[1 + (day % 2)];
        const lines = Array.from({ length: 5 }, () => pick(stockable)).filter((a, i, xs) => xs.indexOf(a) === i);
        moves.push({ date, conceptCode: 'T-ALM', direction: 'TRANSFER', warehouse: central, target, reference: `Vale de traspaso ${200 + day}`, notes: '', lines: lines.map((a) => ({ articleId: a.id, quantity: '' })) });
      }
      if (day % 2 === 0) {
        const wh = pick(whIds);
        // Consumption comes out of what the warehouse holds (decided when the day is run).
        const lines = Array.from({ length: 4 }, () => pick(stockable)).filter((a, i, xs) => xs.indexOf(a) === i);
        stockedPick.set(moves.length, wh);
        moves.push({
          date,
          conceptCode: wh === whIds[1] ? 'S-MAN' : 'S-CON',
          direction: 'OUT',
          warehouse: wh,
          target: null,
          reference: wh === whIds[1] ? `OM-${String(day).padStart(6, '0')}` : `OS-${String(300 + day)}`,
          notes: '',
          lines: lines.map((a) => ({ articleId: a.id, quantity: '' })),
        });
      }
      if (day === 70) {
        const a = reqArts[4];
        moves.push({ date, conceptCode: 'T-ALM', direction: 'TRANSFER', warehouse: central, target: whIds[2], reference: 'Vale de traspaso 271', notes: '', lines: [{ articleId: a.id, quantity: qtyFor(a, 12) }] });
        moves.push({ date, conceptCode: 'SAL-REQ', direction: 'OUT', warehouse: whIds[2], target: null, reference: 'REQ-000003', notes: 'Obra Altamira', lines: [{ articleId: a.id, quantity: qtyFor(a, 4) }], sourceType: 'REQUISICION', sourceId: reqIds[2] });
      }
    }
    // One captured salida cancelled the same day: the kardex shows the pair.
    const cancelled = moves.findIndex((m, i) => i > moves.length - 12 && m.direction === 'OUT' && !m.sourceType);

    // ---- run the ledger in memory ---------------------------------------------------------------------
    const stock = new Map<string, { s: StockState; last: string }>();
    const get = (w: number, a: number) => stock.get(data.stockKey(w, a))?.s ?? emptyState();
    const set = (w: number, a: number, s: StockState, date: string) => stock.set(data.stockKey(w, a), { s, last: date });
    const folio = new Map<string, number>();
    type Out = { movement: typeof stockMovements.$inferInsert; lines: { lineNo: number; articleId: number; quantity: string; unitCost: string; amount: string }[]; ledger: Omit<typeof stockLedger.$inferInsert, 'movementId'>[] };
    const outs: Out[] = [];
    const artById = new Map(arts.map((a) => [a.id, a]));
    const run = (m: SimMovement): Out | null => {
      const lines: Out['lines'] = [];
      const ledger: Out['ledger'] = [];
      let total = dec(0);
      for (const l of m.lines) {
        const a = artById.get(l.articleId) as SimArticle;
        const source = get(m.warehouse, a.id);
        let quantity = l.quantity;
        if (!quantity) {
          // Transfers and consumption take a share of what is there, in the unit's decimals.
          const share = m.direction === 'TRANSFER' ? 0.25 : 0.3;
          const q = source.quantity.times(share * (0.5 + rand())).toDecimalPlaces(unitOf(a.unit).decimals, Decimal.ROUND_DOWN);
          if (q.lessThanOrEqualTo(0)) continue;
          quantity = q.toFixed();
        }
        const lineNo = lines.length + 1;
        const entry = (w: number, sign: 'IN' | 'OUT', e: { unitCost: Decimal; amount: Decimal; after: StockState }) => ({
          lineNo, date: m.date, warehouseId: w, articleId: a.id,
          inQty: sign === 'IN' ? quantity : '0', outQty: sign === 'OUT' ? quantity : '0',
          unitCost: e.unitCost.toFixed(6), amount: e.amount.toFixed(2),
          balanceQty: e.after.quantity.toFixed(4), balanceValue: e.after.value.toFixed(2), balanceAvgCost: e.after.avgCost.toFixed(6),
        });
        if (m.direction === 'IN') {
          const e = l.amount ? applyInValue(source, quantity, l.amount) : applyIn(source, quantity, l.unitCost ?? source.avgCost);
          set(m.warehouse, a.id, e.after, m.date);
          ledger.push(entry(m.warehouse, 'IN', e));
          lines.push({ lineNo, articleId: a.id, quantity, unitCost: e.unitCost.toFixed(6), amount: e.amount.toFixed(2) });
          total = total.plus(e.amount);
          continue;
        }
        const e = applyOut(source, quantity);
        if (!e) continue;
        set(m.warehouse, a.id, e.after, m.date);
        ledger.push(entry(m.warehouse, 'OUT', e));
        if (m.direction === 'TRANSFER' && m.target) {
          const t = applyInValue(get(m.target, a.id), quantity, e.amount);
          set(m.target, a.id, t.after, m.date);
          ledger.push(entry(m.target, 'IN', t));
        }
        lines.push({ lineNo, articleId: a.id, quantity, unitCost: e.unitCost.toFixed(6), amount: e.amount.toFixed(2) });
        total = total.plus(e.amount);
      }
      if (!lines.length) return null;
      const c = concept.get(m.conceptCode) as { id: number; kind: string };
      const series = SERIES[c.kind as ConceptKind];
      const next = (folio.get(series) ?? 0) + 1;
      folio.set(series, next);
      const out: Out = {
        movement: {
          series, folio: next, date: m.date, conceptId: c.id, kind: c.kind, direction: m.direction, warehouseId: m.warehouse,
          targetWarehouseId: m.target, reference: m.reference, notes: m.notes, sourceType: m.sourceType ?? null, sourceId: m.sourceId ?? null,
          totalAmount: total.toFixed(2), lineCount: lines.length, createdBy: storekeeper,
        },
        lines,
        ledger,
      };
      outs.push(out);
      return out;
    };
    let reversal: { original: Out; reverse: Out } | null = null;
    moves.forEach((m, i) => {
      if (stockedPick.has(i)) {
        const held = stockable.filter((a) => get(m.warehouse, a.id).quantity.greaterThan(1));
        if (held.length) m.lines = Array.from({ length: 4 }, () => pick(held)).filter((a, j, xs) => xs.indexOf(a) === j).map((a) => ({ articleId: a.id, quantity: '' }));
      }
      const out = run(m);
      if (i === cancelled && out) {
        const reverse = run({
          date: m.date, conceptCode: m.conceptCode, direction: 'IN', warehouse: m.warehouse, target: null,
          reference: `Cancelación de ${out.movement.series}-${String(out.movement.folio).padStart(6, '0')}`, notes: 'Se capturó en el almacén equivocado',
          lines: out.lines.map((l) => ({ articleId: l.articleId, quantity: l.quantity, amount: l.amount })),
        });
        if (reverse) reversal = { original: out, reverse };
      }
    });

    // ---- write it ---------------------------------------------------------------------------------------
    const ids = new Map<string, number>();
    await bulk(outs, async (chunk) => {
      const rows = await tx.insert(stockMovements).values(chunk.map((o) => o.movement)).returning({ id: stockMovements.id, series: stockMovements.series, folio: stockMovements.folio });
      for (const r of rows) ids.set(`${r.series}-${r.folio}`, r.id);
    });
    const idOf = (o: Out) => ids.get(`${o.movement.series}-${o.movement.folio}`) as number;
    await data.insertMovementLines(tx, outs.flatMap((o) => o.lines.map((l) => ({ movementId: idOf(o), ...l }))));
    await data.insertLedger(tx, outs.flatMap((o) => o.ledger.map((l) => ({ movementId: idOf(o), ...l }))));
    const r = reversal as { original: Out; reverse: Out } | null;
    if (r) {
      await tx.update(stockMovements).set({ reversesId: idOf(r.original) }).where(eq(stockMovements.id, idOf(r.reverse)));
      await tx.update(stockMovements).set({ status: 'CANCELADO', reversedById: idOf(r.reverse) }).where(eq(stockMovements.id, idOf(r.original)));
    }
    await bulk([...stock.entries()], (chunk) =>
      tx.insert(stockLevels).values(
        chunk.map(([key, { s, last }]) => {
          const [w, a] = key.split(':').map(Number);
          return { warehouseId: w, articleId: a, quantity: s.quantity.toFixed(4), value: s.value.toFixed(2), avgCost: s.avgCost.toFixed(6), lastMovementDate: last };
        }),
      ),
    );

    // ---- Solicitudes PDM --------------------------------------------------------------------------------------
    const pdmSpecs = [
      { supplier: 'Refaccionaria Hidalgo SA de CV', justification: 'Unidad 04 detenida: la bomba de agua no está en existencia y se requiere para el servicio correctivo.', status: 'PENDIENTE', lines: [[pdmIndexes[0], 1]] },
      { supplier: '', justification: 'Refacciones sin existencia para el programa de mantenimiento preventivo del mes.', status: 'ENVIADA', lines: [[pdmIndexes[1], 6], [pdmIndexes[2], 4]] },
    ] as const;
    for (const [i, p] of pdmSpecs.entries()) {
      const lines = p.lines.map(([index, q], li) => {
        const a = arts[Math.max(0, index)];
        const cost = (a.price * 1.05).toFixed(2);
        return { lineNo: li + 1, articleId: a.id, quantity: String(q), estimatedUnitCost: cost, estimatedAmount: dec(cost).times(q).toFixed(2) };
      });
      const [row] = await tx
        .insert(pdmRequests)
        .values({
          folio: i + 1,
          supplier: p.supplier,
          justification: p.justification,
          status: p.status,
          estimatedTotal: lines.reduce((s, l) => s.plus(l.estimatedAmount), dec(0)).toFixed(2),
          requestedBy: mechanic,
          sentBy: p.status === 'ENVIADA' ? storekeeper : null,
          sentAt: p.status === 'ENVIADA' ? new Date() : null,
        })
        .returning({ id: pdmRequests.id });
      await tx.insert(pdmRequestLines).values(lines.map((l) => ({ requestId: row.id, ...l })));
    }

    // Folio counters continue after the demo documents.
    const counterValues = [...folio.entries()].map(([series, last]) => ({ key: `wh-movement-${series}`, lastValue: last }));
    counterValues.push({ key: 'wh-requisition', lastValue: requisitionSpecs.length }, { key: 'wh-pdm', lastValue: pdmSpecs.length });
    await setCounters(tx, counterValues);
    await writeAudit(tx, { userId: ctx.adminUserId, requestId: 'seed' }, {
      entity: 'warehouse',
      entityId: 'demo',
      action: 'seed',
      after: { warehouses: whIds.length, lines: lineRows.length, articles: arts.length, movements: outs.length },
    });
  });
}

async function setCounters(tx: Executor, values: { key: string; lastValue: number }[]) {
  for (const v of values) {
    await tx
      .insert(folioCounters)
      .values(v)
      .onConflictDoUpdate({ target: folioCounters.key, set: { lastValue: sql`greatest(${folioCounters.lastValue}, ${v.lastValue})` } });
  }
}
