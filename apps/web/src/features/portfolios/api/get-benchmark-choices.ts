import { useQuery } from '@tanstack/react-query';
import { BenchmarkSchema } from '@fonrisk/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET benchmarks, as the choices of a portfolio's reference benchmark (code · name). */
export async function getBenchmarkChoices(): Promise<{ value: string; label: string }[]> {
  const list = BenchmarkSchema.array().parse(await api.get<unknown>('benchmarks'));
  return list.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }));
}

export function useBenchmarkChoices() {
  return useQuery({ queryKey: ['benchmarks', 'choices'], queryFn: getBenchmarkChoices });
}
