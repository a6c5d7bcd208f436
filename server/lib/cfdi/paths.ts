// Where the vendored SAT files live (server/lib/cfdi/sat/, byte-for-byte copies of
// http://www.sat.gob.mx/sitio_internet/cfd/…, see its README) and where the compiled
// stylesheets are cached. Found from the repository root so the same code works from
// server/*.ts (tsx) and bundled into dist/server/index.js.
import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../paths';

/** SAT's `sitio_internet/cfd/` folder, relative layout kept so xsl:include and xs:import resolve. */
export const SAT_CFD_DIR = fromRoot('server/lib/cfdi/sat/www.sat.gob.mx/sitio_internet/cfd');
export const satFile = (relative: string): string => path.join(SAT_CFD_DIR, relative);

/** SAT's catalogue schema is not vendored (over 4 MiB); a lax stand-in with its type names takes its place. */
export const CATCFDI_OFFICIAL = satFile('catalogos/catCFDI.xsd');
export const CATCFDI_STANDIN = fromRoot('server/lib/cfdi/standin/catCFDI.xsd');
export const catCfdiPath = (): string => (fs.existsSync(CATCFDI_OFFICIAL) ? CATCFDI_OFFICIAL : CATCFDI_STANDIN);

/** Stylesheets compiled to SEF: a tool cache, rebuilt when the XSLTs or Saxon change. */
export const SEF_CACHE_DIR = process.env.ERP_CFDI_SEF_DIR || fromRoot('node_modules/.cache/erp-cfdi-sef');
