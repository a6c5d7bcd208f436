// Cadena original with SAT's own stylesheets, unmodified: cadenaoriginal_4_0.xslt (XSLT 2.0,
// it xsl:includes the stylesheet of every complement: Pagos 2.0, Nómina 1.2, …) and
// cadenaoriginal_TFD_1_1.xslt.
//
// Processor: SaxonJS 2 (saxon-js) runs XSLT 3.0/2.0 in Node without Java; it executes a
// stylesheet compiled to SEF, which its compiler xslt3 writes. Compiling SAT's 4.0 stylesheet
// (34 files) takes 10–25 s, so it happens once: `npm start` does it in scripts/ensure-build.ts
// and anything else (tests, dev) at first use; the SEF is cached on disk under
// node_modules/.cache/erp-cfdi-sef (or ERP_CFDI_SEF_DIR), named by a hash of the stylesheets
// and the Saxon version, so a new SAT file or a Saxon upgrade compiles again.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { SAT_CFD_DIR, SEF_CACHE_DIR, satFile } from './paths';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

export const STYLESHEETS = {
  cfdi40: 'cadenaoriginal_4_0/cadenaoriginal_4_0.xslt',
  tfd11: 'TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt',
} as const;
const STYLESHEET_FILES: Record<keyof typeof STYLESHEETS, string> = {
  cfdi40: satFile('4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'),
  tfd11: satFile('TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt'),
};
export type StylesheetName = keyof typeof STYLESHEETS;

function allXslt(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...allXslt(full));
    else if (entry.name.endsWith('.xslt')) out.push(full);
  }
  return out.sort();
}

function sourcesHash(): string {
  const hash = crypto.createHash('sha256');
  hash.update((require('saxon-js/package.json') as { version: string }).version);
  for (const file of allXslt(SAT_CFD_DIR)) {
    hash.update(path.relative(SAT_CFD_DIR, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let hashMemo: string | undefined;
/** The cached SEF's path for a stylesheet (it may not exist yet). */
export function sefPath(name: StylesheetName): string {
  hashMemo ??= sourcesHash();
  return path.join(SEF_CACHE_DIR, `${name}-${hashMemo}.sef.json`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A lock older than this belongs to a compiler that died. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Compiles one SAT stylesheet to SEF with xslt3 (a child process), unless the cache has it.
 * Processes starting together (test workers, several servers) compile it once: the first takes
 * a lock file and the others wait for its result.
 */
export async function compileStylesheet(name: StylesheetName): Promise<string> {
  const target = sefPath(name);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const lock = `${target}.lock`;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
      break;
    } catch {
      if (fs.existsSync(target)) return target;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { force: true });
      else await sleep(250);
    }
  }
  // Written beside and renamed: a process that reads the cache never sees half a file.
  const partial = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`;
  const xslt3 = require.resolve('xslt3/xslt3.js');
  try {
    if (fs.existsSync(target)) return target;
    await run(process.execPath, [xslt3, `-xsl:${STYLESHEET_FILES[name]}`, `-export:${partial}`, '-nogo'], { maxBuffer: 16 * 1024 * 1024 });
    fs.renameSync(partial, target);
    // SEFs of earlier XSLT or Saxon versions are of no further use.
    for (const f of fs.readdirSync(path.dirname(target))) {
      if (f.startsWith(`${name}-`) && f.endsWith('.sef.json') && f !== path.basename(target)) fs.rmSync(path.join(path.dirname(target), f), { force: true });
    }
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(lock, { force: true });
  }
  return target;
}

const loaded = new Map<StylesheetName, Promise<unknown>>();
function stylesheet(name: StylesheetName): Promise<unknown> {
  let entry = loaded.get(name);
  if (!entry) {
    entry = compileStylesheet(name).then((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown);
    entry.catch(() => loaded.delete(name));
    loaded.set(name, entry);
  }
  return entry;
}

/** Compiles (or loads from the cache) both stylesheets; `npm start` calls it before serving. */
export async function warmUpStylesheets(): Promise<void> {
  await Promise.all((Object.keys(STYLESHEET_FILES) as StylesheetName[]).map(stylesheet));
}

// SaxonJS (2 MB of JavaScript) loads with the first cadena, not at every server start.
let saxon: Promise<typeof import('saxon-js').default> | undefined;

async function transform(name: StylesheetName, xml: string): Promise<string> {
  saxon ??= import('saxon-js').then((m) => m.default);
  const [SaxonJS, sef] = await Promise.all([saxon, stylesheet(name)]);
  const result = SaxonJS.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync');
  return String(result.principalResult);
}

/** Cadena original of a CFDI 4.0 (with its complements), by SAT's cadenaoriginal_4_0.xslt. */
export const cadenaOriginal = (xml: string): Promise<string> => transform('cfdi40', xml);

/** Cadena original del complemento de certificación: a standalone tfd:TimbreFiscalDigital document. */
export const cadenaTimbre = (tfdXml: string): Promise<string> => transform('tfd11', tfdXml);
