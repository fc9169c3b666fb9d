import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The version of @fonrisk/risk (its package.json), recorded on every run it computes. */
export function riskEngineVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@fonrisk/risk'));
  const manifest = JSON.parse(
    readFileSync(new URL('../package.json', `file://${entry}`), 'utf8'),
  ) as {
    version?: unknown;
  };
  if (typeof manifest.version !== 'string') throw new Error('@fonrisk/risk has no version');
  return manifest.version;
}
