// The one PDF builder for printed documents and reports (quotes, invoices,
// kardex, purchase reports…): company header, title, key/value blocks,
// tables with right-aligned money columns that repeat their header on each
// page, a totals box, free text, page breaks and "Página X de Y" footers — all in Spanish.
// Callers describe the document as data; they never touch pdfkit.
import type PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { companyHeaderLines, type CompanyProfile } from './company';
import { dec, Decimal } from '../../schema/money';

export type PdfAlign = 'left' | 'right' | 'center';
export type PdfFormat = 'text' | 'money' | 'number' | 'quantity' | 'date' | 'percent';
export type PdfCell = string | number | null | undefined;

export type PdfColumn = {
  header: string;
  key: string;
  /** Relative width (weights are scaled to the page). */
  width?: number;
  /** Default: right for numeric formats, left otherwise. */
  align?: PdfAlign;
  format?: PdfFormat;
};

export type PdfField = { label: string; value: PdfCell; format?: PdfFormat };

export type PdfBlock =
  | { kind: 'fields'; title?: string; fields: PdfField[]; columns?: 1 | 2 | 3 }
  | {
      kind: 'table';
      title?: string;
      columns: PdfColumn[];
      rows: Record<string, PdfCell>[];
      /** A bold last row (e.g. column totals), same keys as the rows. */
      footer?: Record<string, PdfCell>;
      emptyText?: string;
    }
  | { kind: 'totals'; rows: { label: string; value: PdfCell; format?: PdfFormat; bold?: boolean }[] }
  | { kind: 'text'; title?: string; text: string; size?: number }
  /** A QR code of `data` (drawn as vector squares), `caption` beside it: a CFDI's verification address. */
  | { kind: 'qr'; data: string; caption?: string; size?: number }
  /** Starts a new page with the document header (e.g. one payroll receipt per page); `subtitle` replaces the header's from there on. */
  | { kind: 'pageBreak'; subtitle?: string };

export type PdfDocumentSpec = {
  company: CompanyProfile;
  title: string;
  /** Under the title, e.g. "Folio A-123" or a period. */
  subtitle?: string;
  /** Right side of the header under the title, e.g. date or status. */
  headerNotes?: string[];
  blocks: PdfBlock[];
  orientation?: 'portrait' | 'landscape';
  /** Small text above the page number on every page. */
  footerNote?: string;
  /** Shown diagonally on every page, e.g. "CANCELADA" or "BORRADOR". */
  watermark?: string;
};

// ---- formats (es-MX, same as the SPA: $1,234.50 and DD/MM/AAAA) --------------

const groupThousands = (int: string): string => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function formatNumberMx(value: PdfCell, places = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const fixed = dec(value).toFixed(places, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-');
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${groupThousands(int)}${frac ? `.${frac}` : ''}`;
}

export function formatMoneyMx(value: PdfCell): string {
  if (value === null || value === undefined || value === '') return '';
  const text = formatNumberMx(value, 2);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Quantities: up to 4 decimals, trailing zeros dropped. */
export function formatQuantityMx(value: PdfCell): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dec(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  const places = Math.max(0, Math.min(4, d.decimalPlaces()));
  return formatNumberMx(d.toFixed(places), places);
}

export function formatDateMx(value: PdfCell | Date): string {
  if (value === null || value === undefined || value === '') return '';
  const iso = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  const [y, m, d] = iso.split('-');
  return d && m && y ? `${d}/${m}/${y}` : String(value);
}

export function formatCell(value: PdfCell, format: PdfFormat = 'text'): string {
  if (value === null || value === undefined) return '';
  switch (format) {
    case 'money':
      return formatMoneyMx(value);
    case 'number':
      return formatNumberMx(value, 2);
    case 'quantity':
      return formatQuantityMx(value);
    case 'percent':
      return value === '' ? '' : `${formatNumberMx(value, 2)} %`;
    case 'date':
      return formatDateMx(value);
    default:
      return String(value);
  }
}

const numeric = (f?: PdfFormat) => f === 'money' || f === 'number' || f === 'quantity' || f === 'percent';

// ---- layout -------------------------------------------------------------------

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MARGIN = 40;
const FOOTER_SPACE = 36;
const ACCENT = '#0e918c';
const GRID = '#d0d7de';
const HEADER_FILL = '#eef2f5';
const CELL_PAD = 4;

type Doc = InstanceType<typeof PDFDocument>;

function pageBottom(doc: Doc): number {
  return doc.page.height - MARGIN - FOOTER_SPACE;
}

function ensureSpace(doc: Doc, height: number, onNewPage?: () => void): void {
  if (doc.y + height > pageBottom(doc)) {
    doc.addPage();
    onNewPage?.();
  }
}

function drawHeader(doc: Doc, spec: PdfDocumentSpec): void {
  const width = doc.page.width - MARGIN * 2;
  const leftWidth = width * 0.58;
  const top = MARGIN;
  doc.font(BOLD).fontSize(13).fillColor('#111111').text(spec.company.name, MARGIN, top, { width: leftWidth });
  doc.font(FONT).fontSize(8.5).fillColor('#333333');
  for (const line of companyHeaderLines(spec.company)) doc.text(line, { width: leftWidth });
  const leftBottom = doc.y;

  const rightX = MARGIN + leftWidth + 10;
  const rightWidth = width - leftWidth - 10;
  doc.font(BOLD).fontSize(14).fillColor(ACCENT).text(spec.title, rightX, top, { width: rightWidth, align: 'right' });
  doc.font(FONT).fontSize(9).fillColor('#333333');
  if (spec.subtitle) doc.font(BOLD).text(spec.subtitle, { width: rightWidth, align: 'right' }).font(FONT);
  for (const note of spec.headerNotes ?? []) doc.text(note, { width: rightWidth, align: 'right' });
  const y = Math.max(leftBottom, doc.y) + 6;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1.2).strokeColor(ACCENT).stroke();
  doc.x = MARGIN;
  doc.y = y + 10;
  doc.fillColor('#111111');
}

function blockTitle(doc: Doc, title: string | undefined): void {
  if (!title) return;
  ensureSpace(doc, 30);
  doc.font(BOLD).fontSize(10).fillColor(ACCENT).text(title, MARGIN, doc.y);
  doc.fillColor('#111111').moveDown(0.3);
}

function drawFields(doc: Doc, block: Extract<PdfBlock, { kind: 'fields' }>): void {
  blockTitle(doc, block.title);
  const cols = block.columns ?? 2;
  const width = doc.page.width - MARGIN * 2;
  const colWidth = width / cols;
  const labelWidth = Math.min(110, colWidth * 0.42);
  for (let i = 0; i < block.fields.length; i += cols) {
    const row = block.fields.slice(i, i + cols);
    doc.fontSize(8.5);
    const heights = row.map((f) => {
      const value = formatCell(f.value, f.format) || '—';
      return Math.max(doc.font(BOLD).heightOfString(f.label, { width: labelWidth - 4 }), doc.font(FONT).heightOfString(value, { width: colWidth - labelWidth - 6 }));
    });
    const height = Math.max(...heights) + 3;
    ensureSpace(doc, height);
    const y = doc.y;
    row.forEach((f, c) => {
      const x = MARGIN + c * colWidth;
      doc.font(BOLD).fillColor('#555555').text(f.label, x, y, { width: labelWidth - 4 });
      doc.font(FONT).fillColor('#111111').text(formatCell(f.value, f.format) || '—', x + labelWidth, y, { width: colWidth - labelWidth - 6 });
    });
    doc.x = MARGIN;
    doc.y = y + height;
  }
  doc.moveDown(0.6);
}

function drawTable(doc: Doc, block: Extract<PdfBlock, { kind: 'table' }>): void {
  blockTitle(doc, block.title);
  const width = doc.page.width - MARGIN * 2;
  const weights = block.columns.map((c) => c.width ?? 1);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / totalWeight) * width);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const alignOf = (c: PdfColumn): PdfAlign => c.align ?? (numeric(c.format) ? 'right' : 'left');

  const drawRow = (cells: string[], opts: { bold?: boolean; fill?: string; header?: boolean }) => {
    doc.font(opts.bold || opts.header ? BOLD : FONT).fontSize(opts.header ? 8 : 8.5);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: widths[i] - CELL_PAD * 2 }))) + CELL_PAD * 2;
    if (!opts.header) {
      ensureSpace(doc, height, drawHead);
      // A page break redrew the header in bold: restore this row's font.
      doc.font(opts.bold ? BOLD : FONT).fontSize(8.5);
    }
    const y = doc.y;
    if (opts.fill) doc.rect(MARGIN, y, width, height).fill(opts.fill);
    doc.fillColor('#111111');
    cells.forEach((text, i) => {
      doc.text(text, xs[i] + CELL_PAD, y + CELL_PAD, { width: widths[i] - CELL_PAD * 2, align: alignOf(block.columns[i]) });
    });
    doc.moveTo(MARGIN, y + height).lineTo(MARGIN + width, y + height).lineWidth(0.5).strokeColor(GRID).stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  function drawHead() {
    const headerCells = block.columns.map((c) => c.header);
    doc.font(BOLD).fontSize(8);
    const height = Math.max(...headerCells.map((t, i) => doc.heightOfString(t, { width: widths[i] - CELL_PAD * 2 }))) + CELL_PAD * 2;
    ensureSpace(doc, height + 18);
    drawRow(headerCells, { header: true, fill: HEADER_FILL });
  }

  drawHead();
  if (block.rows.length === 0) {
    drawRow([block.emptyText ?? 'Sin registros', ...block.columns.slice(1).map(() => '')], {});
  }
  for (const row of block.rows) drawRow(block.columns.map((c) => formatCell(row[c.key], c.format)), {});
  if (block.footer) {
    const footer = block.footer;
    drawRow(block.columns.map((c) => formatCell(footer[c.key], c.format)), { bold: true, fill: HEADER_FILL });
  }
  doc.moveDown(0.8);
}

function drawTotals(doc: Doc, block: Extract<PdfBlock, { kind: 'totals' }>): void {
  const width = doc.page.width - MARGIN * 2;
  const boxWidth = Math.min(240, width / 2);
  const x = MARGIN + width - boxWidth;
  ensureSpace(doc, block.rows.length * 15 + 8);
  for (const row of block.rows) {
    const y = doc.y;
    doc.font(row.bold ? BOLD : FONT).fontSize(row.bold ? 10 : 9).fillColor('#111111');
    doc.text(row.label, x, y, { width: boxWidth * 0.55 });
    doc.text(formatCell(row.value, row.format ?? 'money'), x + boxWidth * 0.55, y, { width: boxWidth * 0.45, align: 'right' });
    doc.y = y + (row.bold ? 16 : 14);
  }
  doc.x = MARGIN;
  doc.moveDown(0.6);
}

function drawText(doc: Doc, block: Extract<PdfBlock, { kind: 'text' }>): void {
  blockTitle(doc, block.title);
  doc.font(FONT).fontSize(block.size ?? 8.5).fillColor('#111111');
  ensureSpace(doc, doc.heightOfString(block.text, { width: doc.page.width - MARGIN * 2 }) > 200 ? 40 : 20);
  doc.text(block.text, MARGIN, doc.y, { width: doc.page.width - MARGIN * 2 });
  doc.moveDown(0.6);
}

/** Footers of the pages `range` (one document of a bundle, or the whole file): "Página X de Y" counts within it. */
function drawFooters(doc: Doc, spec: PdfDocumentSpec, range = doc.bufferedPageRange()): void {
  const printed = new Intl.DateTimeFormat('es-MX', {
    timeZone: 'America/Mexico_City',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date());
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const width = doc.page.width - MARGIN * 2;
    const y = doc.page.height - MARGIN - 20;
    // Writing inside the bottom margin must not trigger pdfkit's automatic page break.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (spec.watermark) {
      doc.save();
      doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font(BOLD).fontSize(70).fillColor('#c62828').opacity(0.12);
      doc.text(spec.watermark, 0, doc.page.height / 2 - 40, { width: doc.page.width, align: 'center', lineBreak: false });
      doc.restore();
      doc.opacity(1);
    }
    doc.moveTo(MARGIN, y - 4).lineTo(MARGIN + width, y - 4).lineWidth(0.5).strokeColor(GRID).stroke();
    doc.font(FONT).fontSize(7.5).fillColor('#555555');
    doc.text(spec.footerNote ?? `${spec.company.name} · ${spec.title}`, MARGIN, y, { width: width * 0.7, lineBreak: false, height: 10, ellipsis: true });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN + width * 0.7, y, { width: width * 0.3, align: 'right', lineBreak: false });
    doc.text(`Impreso el ${printed}`, MARGIN, y + 10, { width, lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The QR's modules as filled squares (qrcode computes the matrix; nothing is rasterised). */
function drawQr(doc: Doc, block: Extract<PdfBlock, { kind: 'qr' }>): void {
  const side = block.size ?? 96;
  ensureSpace(doc, side + 12);
  const qr = QRCode.create(block.data, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = side / (n + quiet * 2);
  const x0 = MARGIN;
  const y0 = doc.y;
  doc.save().fillColor('#000000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x0 + (c + quiet) * cell, y0 + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
  if (block.caption) {
    doc.font(FONT).fontSize(6.5).fillColor('#111111');
    doc.text(block.caption, x0 + side + 10, y0 + 6, { width: doc.page.width - MARGIN * 2 - side - 10 });
  }
  doc.x = MARGIN;
  doc.y = y0 + side + 6;
}

function drawBody(doc: Doc, spec: PdfDocumentSpec): void {
  drawHeader(doc, spec);
  for (const block of spec.blocks) {
    if (block.kind === 'fields') drawFields(doc, block);
    else if (block.kind === 'table') drawTable(doc, block);
    else if (block.kind === 'totals') drawTotals(doc, block);
    else if (block.kind === 'qr') drawQr(doc, block);
    else if (block.kind === 'pageBreak') {
      doc.addPage();
      drawHeader(doc, block.subtitle === undefined ? spec : { ...spec, subtitle: block.subtitle });
    } else drawText(doc, block);
  }
}

export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  return renderPdfBundle([spec], spec.title);
}

/**
 * Several documents in one file (printing a selection of invoices): each one
 * starts on a new page with its own header, watermark and "Página X de Y".
 */
export async function renderPdfBundle(specs: PdfDocumentSpec[], title: string): Promise<Buffer> {
  const [spec] = specs;
  if (!spec) throw new Error('renderPdfBundle needs at least one document');
  // pdfkit loads on the first PDF, not at every server start.
  const { default: PDFDocumentClass } = await import('pdfkit');
  const doc = new PDFDocumentClass({
    size: 'LETTER',
    layout: spec.orientation ?? 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Author: spec.company.name, Creator: 'ERP Servicios MX' },
    lang: 'es-MX',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const starts: number[] = [];
  specs.forEach((one, index) => {
    if (index > 0) doc.addPage();
    starts.push(doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1);
    drawBody(doc, one);
  });
  const end = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
  specs.forEach((one, index) => {
    const start = starts[index];
    drawFooters(doc, one, { start, count: (starts[index + 1] ?? end) - start });
  });
  doc.end();
  return done;
}

/** Base64 of the PDF, what GraphQL fields return for the SPA to download. */
export const renderPdfBase64 = async (spec: PdfDocumentSpec): Promise<string> => (await renderPdf(spec)).toString('base64');

/** Base64 of several documents in one PDF (see renderPdfBundle). */
export const renderPdfBundleBase64 = async (specs: PdfDocumentSpec[], title: string): Promise<string> => (await renderPdfBundle(specs, title)).toString('base64');
