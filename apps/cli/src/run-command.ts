// `fonrisk`: risk calculations on files (CSV/Excel in, JSON out). Dispatches to commands/<name>.ts.
// main.ts runs it as the process; tests drive `main` in-process with their own writers.
import { RiskError } from '@fonrisk/risk';
import { CliError, riskErrorText } from './errors.ts';
import * as backtest from './commands/backtest.ts';
import * as bond from './commands/bond.ts';
import * as replay from './commands/replay.ts';
import * as riskValue from './commands/risk-value.ts';
import * as stats from './commands/stats.ts';
import * as varCommand from './commands/var.ts';

interface Command {
  run(args: readonly string[]): Promise<unknown>;
  readonly help?: string;
  /** The exit code of a printed result (default 0), e.g. 1 when `replay` found differences. */
  exitCodeOf?(result: unknown): number;
}

/** The command table: adding a command is one import and one line here. */
const COMMANDS: Readonly<Record<string, Command>> = {
  stats,
  var: varCommand,
  backtest,
  bond,
  'risk-value': riskValue,
  replay,
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => c.help ?? `fonrisk ${name} ...`);
  return [
    'Kullanım: fonrisk <komut> [seçenekler]',
    '',
    ...lines,
    '',
    'fonrisk <komut> --help: komutun yardımı',
  ].join('\n');
}

/** Runs one invocation; returns the process exit code. Output goes to the given writers. */
export async function main(
  argv: readonly string[],
  out: (text: string) => void = (t) => process.stdout.write(t),
  err: (text: string) => void = (t) => process.stderr.write(t),
): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out(`${usage()}\n`);
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    err(`bilinmeyen komut: "${name}"\n\n${usage()}\n`);
    return 1;
  }
  if (args.includes('--help') || args.includes('-h')) {
    out(`${command.help ?? `fonrisk ${name}`}\n`);
    return 0;
  }
  try {
    const result = await command.run(args);
    out(`${JSON.stringify(result, null, 2)}\n`);
    return command.exitCodeOf?.(result) ?? 0;
  } catch (error) {
    if (error instanceof CliError) {
      err(`hata: ${error.message}\n`);
      return 1;
    }
    if (error instanceof RiskError) {
      err(`hata: hesaplanamadı: ${riskErrorText(error)}\n`);
      return 1;
    }
    throw error;
  }
}
