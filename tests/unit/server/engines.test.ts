// package.json's "engines" must tell the truth: every installed package (the
// lockfile holds the engines field of each) accepts the oldest Node version we
// state, so `npm ci` on it prints no EBADENGINE warning (issue 13).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type LockEntry = { version?: string; engines?: Record<string, string> | string[]; optional?: boolean };

const root = new URL('../../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockEntry> };

describe('engines', () => {
  const oldest = semver.minVersion(pkg.engines.node);

  it('package.json states a minimum Node version that this machine meets', () => {
    expect(oldest).not.toBeNull();
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });

  it('every locked package accepts that Node version', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => {
        const range = (entry.engines as Record<string, string>).node;
        return semver.validRange(range) !== null && !semver.satisfies(oldest!, range, { includePrerelease: true });
      })
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} (${(entry.engines as Record<string, string>).node})`);
    expect(refusing).toEqual([]);
  });
});
