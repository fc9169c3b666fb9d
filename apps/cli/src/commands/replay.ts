// `fonrisk replay bundle.json`: recomputes a run from its input bundle (the file the result page's
// "Girdi paketini indir" button saves) with this packages/risk, prints the recomputed figures and
// compares them with the stored result the bundle carries (decision 0040).
import { readFile } from 'node:fs/promises';
import {
  compareFigures,
  replayVar,
  type FigureDifference,
  type ScenarioBundleJson,
  type VarReplay,
} from '@fonrisk/risk';
import { CliError } from '../errors.ts';

export const help = `fonrisk replay PAKET.json
  Bir analiz çalıştırmasının girdi paketini (sonuç ekranındaki "Girdi paketini indir") bu sürümün
  risk kütüphanesiyle yeniden hesaplar, yeniden hesaplanan rakamları yazar ve paketteki kayıtlı
  sonuçla karşılaştırır: hepsi aynı bitse "aynı", değilse her farklı rakamın yolu, kayıtlı ve
  yeniden hesaplanan değeri. Yeniden hesaplanabilen türler: var (RMD Analizi).`;

/** The bundle format this CLI reads (contracts INPUT_BUNDLE_FORMAT / INPUT_BUNDLE_VERSION). */
const FORMAT = 'fonrisk-input-bundle';
const VERSION = 1;

interface BundleFile {
  readonly format: string;
  readonly version: number;
  readonly runId: string;
  readonly analysisType: string;
  readonly engineVersion: string | null;
  readonly dataDates: unknown;
  readonly data: ScenarioBundleJson;
  readonly result: unknown;
}

export interface ReplayOutput {
  readonly runId: string;
  readonly analysisType: string;
  /** The engine version that computed the stored result. */
  readonly storedEngineVersion: string | null;
  readonly dataDates: unknown;
  readonly result: VarReplay;
  /** "aynı" when every recomputed figure has the stored bits; else the differing figures. */
  readonly comparison:
    'aynı' | { readonly differingFigures: number; readonly differences: FigureDifference[] };
}

const REPLAYERS: Readonly<Record<string, (data: ScenarioBundleJson) => VarReplay>> = {
  var: replayVar,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The bundle's envelope checked; the figures' own fields are read by packages/risk. */
export function parseBundle(file: string, text: string): BundleFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CliError(`${file}: geçerli bir JSON dosyası değil`);
  }
  if (!isRecord(json) || json.format !== FORMAT)
    throw new CliError(`${file}: Fonrisk girdi paketi değil ("format": "${FORMAT}" bekleniyordu)`);
  if (json.version !== VERSION)
    throw new CliError(
      `${file}: paket sürümü ${String(json.version)} okunamıyor (beklenen ${String(VERSION)})`,
    );
  const data = json.data;
  if (
    !isRecord(data) ||
    !Array.isArray(data.holdings) ||
    !Array.isArray(data.markets) ||
    !Array.isArray(data.evaluations)
  )
    throw new CliError(
      `${file}: "data" alanında holdings, markets ve evaluations listeleri olmalı`,
    );
  if (!isRecord(json.result)) throw new CliError(`${file}: kayıtlı sonuç ("result") yok`);
  return json as unknown as BundleFile;
}

export function replayBundle(bundle: BundleFile): ReplayOutput {
  const replayer = REPLAYERS[bundle.analysisType];
  if (replayer === undefined)
    throw new CliError(
      `"${bundle.analysisType}" türündeki çalıştırmalar henüz yeniden hesaplanamıyor (desteklenen: ${Object.keys(REPLAYERS).join(', ')})`,
    );
  let result: VarReplay;
  try {
    result = replayer(bundle.data);
  } catch (error) {
    throw new CliError(
      `paket yeniden hesaplanamadı: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const differences = compareFigures(bundle.result, result);
  return {
    runId: bundle.runId,
    analysisType: bundle.analysisType,
    storedEngineVersion: bundle.engineVersion,
    dataDates: bundle.dataDates,
    result,
    comparison:
      differences.length === 0 ? 'aynı' : { differingFigures: differences.length, differences },
  };
}

export async function run(args: readonly string[]): Promise<unknown> {
  const [file, ...rest] = args;
  if (file === undefined || file.startsWith('-'))
    throw new CliError('girdi paketi dosyası gerekli: fonrisk replay PAKET.json');
  if (rest.length > 0) throw new CliError(`beklenmeyen argüman: ${rest.join(' ')}`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`${file}: dosya okunamadı`);
  }
  return replayBundle(parseBundle(file, text));
}
