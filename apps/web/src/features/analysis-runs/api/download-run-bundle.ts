import { useMutation } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client.ts';

/**
 * GET analyses/runs/{id}/bundle: the run's input bundle (one JSON file: holdings, mappings,
 * market series, FX, resolved parameters, engine version, data dates and the stored result),
 * downloaded under its Content-Disposition name; `fonrisk replay` recomputes it.
 */
export async function downloadRunBundle({ runId }: { runId: string }): Promise<DownloadedFile> {
  return api.getFile(`analyses/runs/${encodeURIComponent(runId)}/bundle`);
}

export function useDownloadRunBundle() {
  return useMutation({ mutationFn: downloadRunBundle });
}
