// Several generated files in one ZIP (a CFDI's XML and PDF, or those of many CFDIs). fflate zips
// synchronously in memory: the files are a few hundred KB each and at most a hundred documents.
import { strToU8, zipSync, type Zippable } from 'fflate';

export type ZipEntry = { name: string; data: string | Uint8Array };

// A fixed instant: the same files give the same bytes (and ZIP dates cannot precede 1980).
const ENTRY_TIME = new Date(Date.UTC(2020, 0, 1));

/**
 * The entries in one ZIP, in the order given; a repeated name gets " (2)", " (3)"… before its
 * extension rather than overwriting the first. Text is stored as UTF-8; XML and PDF deflated.
 */
export function zipFiles(entries: readonly ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const entry of entries) {
    let name = entry.name;
    for (let n = 2; name in files; n++) name = entry.name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    files[name] = [typeof entry.data === 'string' ? strToU8(entry.data) : entry.data, { mtime: ENTRY_TIME }];
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}
