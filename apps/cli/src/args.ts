// Command-line option parsing shared by the commands (node:util parseArgs, strict).
import { parseArgs } from 'node:util';
import { CliError } from './errors.ts';

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

/** Parses `--name value` options; unknown options and stray arguments are CliErrors. */
export function parseOptions<T extends OptionSpec>(
  args: readonly string[],
  spec: T,
): Record<keyof T, string | boolean | undefined> {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: spec,
      strict: true,
      allowPositionals: false,
    });
    return values as unknown as Record<keyof T, string | boolean | undefined>;
  } catch (error) {
    throw new CliError(`geçersiz argüman: ${(error as Error).message}`);
  }
}

/** A required string option. */
export function requireString(value: string | boolean | undefined, name: string): string {
  if (typeof value !== 'string' || value === '') throw new CliError(`--${name} gerekli`);
  return value;
}

/** An optional number option within [min, max] (exclusive bounds when `open`). */
export function numberOption(
  value: string | boolean | undefined,
  name: string,
  fallback: number,
  check: (n: number) => boolean = Number.isFinite,
): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!check(n)) throw new CliError(`--${name} geçersiz: "${String(value)}"`);
  return n;
}

/** A confidence level in (0, 1). */
export function confidenceOption(
  value: string | boolean | undefined,
  name: string,
  fallback: number,
): number {
  return numberOption(value, name, fallback, (n) => n > 0 && n < 1);
}

/** One of the allowed words. */
export function choiceOption<C extends string>(
  value: string | boolean | undefined,
  name: string,
  choices: readonly C[],
  fallback: C,
): C {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw new CliError(
      `--${name} şunlardan biri olmalı: ${choices.join(', ')}; verilen: "${String(value)}"`,
    );
  }
  return value as C;
}
