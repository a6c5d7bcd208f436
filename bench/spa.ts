// Size of the built SPA as a browser downloads it: what index.html pulls in
// before the first screen (entry script, its modulepreloads, stylesheets),
// gzip-compressed, and the largest lazily loaded chunk.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './server-process';

export const CLIENT_DIST = path.join(REPO_ROOT, 'dist', 'client');

export type Asset = { file: string; bytes: number; gzipBytes: number };

export type SpaSizes = {
  built: boolean;
  buildMs: number | null;
  entryJs: Asset[];
  entryJsGzipBytes: number;
  entryCss: Asset[];
  entryCssGzipBytes: number;
  largestOtherJs: Asset | null;
  allJsGzipBytes: number;
  jsChunks: number;
};

export async function buildClient(): Promise<number> {
  const started = performance.now();
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  let output = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    // vite.config.ts sets root client/ and outDir dist/client.
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build falló (código ${code}):\n${output.slice(-4_000)}`);
  return performance.now() - started;
}

function asset(file: string): Asset {
  const content = fs.readFileSync(path.join(CLIENT_DIST, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].slice(1).map((m) => [m[1].toLowerCase(), m[2] ?? '']));

/** Files index.html loads up front: module scripts, modulepreloads and stylesheets. */
function entryFiles(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const a = attributes(tag);
    const local = (ref: string | undefined) => (ref && !/^[a-z]+:\/\//i.test(ref) ? ref.replace(/^\//, '') : null);
    if (tag.toLowerCase().startsWith('<script')) {
      const src = local(a.src);
      if (src) js.add(src);
    } else if (a.rel === 'modulepreload') {
      const href = local(a.href);
      if (href) js.add(href);
    } else if (a.rel === 'stylesheet') {
      const href = local(a.href);
      if (href) css.add(href);
    }
  }
  return { js: [...js], css: [...css] };
}

export async function measureSpa(opts: { forceBuild: boolean }): Promise<SpaSizes> {
  const indexFile = path.join(CLIENT_DIST, 'index.html');
  let buildMs: number | null = null;
  if (opts.forceBuild || !fs.existsSync(indexFile)) buildMs = await buildClient();
  const entries = entryFiles(fs.readFileSync(indexFile, 'utf8'));
  const entryJs = entries.js.map(asset);
  const entryCss = entries.css.map(asset);
  const assetsDir = path.join(CLIENT_DIST, 'assets');
  const allJs = fs
    .readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => asset(`assets/${f}`));
  const entrySet = new Set(entries.js);
  const others = allJs.filter((a) => !entrySet.has(a.file)).sort((x, y) => y.gzipBytes - x.gzipBytes);
  const sum = (list: Asset[]) => list.reduce((total, a) => total + a.gzipBytes, 0);
  return {
    built: buildMs !== null,
    buildMs,
    entryJs,
    entryJsGzipBytes: sum(entryJs),
    entryCss,
    entryCssGzipBytes: sum(entryCss),
    largestOtherJs: others[0] ?? null,
    allJsGzipBytes: sum(allJs),
    jsChunks: allJs.length,
  };
}
