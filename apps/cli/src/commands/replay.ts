// `fonrisk replay bundle.json`: re-runs a run from its input bundle (the file the result page's
// "Girdi paketini indir" button saves) with this version's code, prints the recomputed result and
// compares it with the stored result the bundle carries (decisions 0040, 0041).
import { readFile } from 'node:fs/promises';
import { ANALYSIS_TYPES } from '@fonrisk/contracts';
import {
  compareFigures,
  replayVar,
  type FigureDifference,
  type ScenarioBundleJson,
} from '@fonrisk/risk';
import { CliError } from '../errors.ts';

export const help = `fonrisk replay PAKET.json
  Bir analiz çalıştırmasının girdi paketini (sonuç ekranındaki "Girdi paketini indir") bu sürümün
  koduyla yeniden çalıştırır: analiz, çalıştırmanın okuduğu verinin pakette kayıtlı yanıtlarıyla
  yeniden hesaplanır. Yeniden hesaplanan sonucu yazar ve paketteki kayıtlı sonuçla karşılaştırır:
  hepsi aynı bitse "aynı", değilse her farklı rakamın yolu, kayıtlı ve yeniden hesaplanan değeri.
  Çıkış kodu (cmp ve diff gibi): 0 hepsi aynı, 1 farklı rakam var ya da paket okunamadı.
  Yeniden hesaplanabilen türler: ${Object.keys(ANALYSIS_TYPES).join(', ')}.`;

/** The bundle formats this CLI reads (contracts INPUT_BUNDLE_FORMAT / INPUT_BUNDLE_VERSION). */
const FORMAT = 'fonrisk-input-bundle';
/** 2: every type, re-run on the recorded statements (decision 0041). */
const VERSION = 2;
/** 1: var only, from its scenario data (decision 0040), for files saved before 0041. */
const LEGACY_VERSION = 1;

interface BundleEnvelope {
  readonly format: string;
  readonly runId: string;
  readonly analysisType: string;
  readonly engineVersion: string | null;
  readonly dataDates: unknown;
  readonly inputs: Record<string, unknown>;
  readonly result: Record<string, unknown>;
}

interface LegacyBundleFile extends BundleEnvelope {
  readonly version: typeof LEGACY_VERSION;
  readonly data: ScenarioBundleJson;
}

interface BundleFile extends BundleEnvelope {
  readonly version: typeof VERSION;
  /** contracts RecordedStatement[], checked by the worker's replay as it answers them. */
  readonly reads: {
    readonly text: string;
    readonly values: unknown[];
    readonly rowMode: 'array' | null;
    readonly rows: unknown[];
    readonly rowCount: number | null;
    readonly command: string | null;
    readonly error: { readonly message: string; readonly code: string | null } | null;
  }[];
}

export interface ReplayOutput {
  readonly runId: string;
  readonly analysisType: string;
  /** The engine version that computed the stored result. */
  readonly storedEngineVersion: string | null;
  readonly dataDates: unknown;
  /** The recomputed result (the type's result document). */
  readonly result: Record<string, unknown>;
  /** "aynı" when every recomputed figure has the stored bits; else the differing figures. */
  readonly comparison:
    'aynı' | { readonly differingFigures: number; readonly differences: FigureDifference[] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStatement(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.text === 'string' &&
    Array.isArray(value.values) &&
    Array.isArray(value.rows)
  );
}

/** The bundle's envelope checked; the recorded answers are read by the worker's replay. */
export function parseBundle(file: string, text: string): BundleFile | LegacyBundleFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CliError(`${file}: geçerli bir JSON dosyası değil`);
  }
  if (!isRecord(json) || json.format !== FORMAT)
    throw new CliError(`${file}: Fonrisk girdi paketi değil ("format": "${FORMAT}" bekleniyordu)`);
  if (json.version !== VERSION && json.version !== LEGACY_VERSION)
    throw new CliError(
      `${file}: paket sürümü ${String(json.version)} okunamıyor (okunan sürümler: ${String(VERSION)}, ${String(LEGACY_VERSION)})`,
    );
  if (typeof json.analysisType !== 'string' || json.analysisType === '')
    throw new CliError(`${file}: analiz türü ("analysisType") yok`);
  if (!isRecord(json.result)) throw new CliError(`${file}: kayıtlı sonuç ("result") yok`);
  if (json.version === LEGACY_VERSION) {
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
    return json as unknown as LegacyBundleFile;
  }
  if (!isRecord(json.inputs)) throw new CliError(`${file}: analiz girdileri ("inputs") yok`);
  if (!Array.isArray(json.reads))
    throw new CliError(`${file}: kayıtlı sorgular ("reads") listesi yok`);
  const bad = json.reads.findIndex((r) => !isStatement(r));
  if (bad >= 0)
    throw new CliError(
      `${file}: reads[${String(bad)}] bir sorgu kaydı değil (text, values ve rows olmalı)`,
    );
  return json as unknown as BundleFile;
}

function output(
  bundle: BundleEnvelope,
  result: Record<string, unknown>,
  differences: FigureDifference[],
): ReplayOutput {
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

/** A version 1 file: var's scenario data through packages/risk replayVar (decision 0040). */
function replayLegacy(bundle: LegacyBundleFile): ReplayOutput {
  if (bundle.analysisType !== 'var')
    throw new CliError(
      `"${bundle.analysisType}" türünün sürüm 1 paketi yeniden hesaplanamıyor; çalıştırmanın paketini yeniden indirin (sürüm 2)`,
    );
  let result: Record<string, unknown>;
  try {
    result = JSON.parse(JSON.stringify(replayVar(bundle.data))) as Record<string, unknown>;
  } catch (error) {
    throw new CliError(
      `paket yeniden hesaplanamadı: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return output(bundle, result, compareFigures(bundle.result, result));
}

export async function replayBundle(bundle: BundleFile | LegacyBundleFile): Promise<ReplayOutput> {
  if (bundle.version === LEGACY_VERSION) return replayLegacy(bundle);
  // The worker (its handlers, drizzle, the schema) is loaded only by this command.
  const { replayRun, ReplayError } = await import('@fonrisk/worker');
  try {
    const replay = await replayRun(bundle);
    return output(bundle, replay.result, replay.differences);
  } catch (error) {
    if (error instanceof ReplayError) throw new CliError(error.message);
    throw error;
  }
}

/** Like `cmp` and `diff`: 0 when every figure has the stored bits, 1 when some differ. */
export function exitCodeOf(result: unknown): number {
  return (result as ReplayOutput).comparison === 'aynı' ? 0 : 1;
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
