import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { submissionFieldErrors } from './field-errors.ts';

const refusal = (status: number, errors: { field: string; message: string }[]) =>
  ApiError.fromResponse(
    Response.json(
      { type: 'about:blank', title: 'Hata', status, detail: 'x', traceId: 't', errors },
      { status, headers: { 'Content-Type': 'application/problem+json' } },
    ),
  );

describe('submissionFieldErrors (issue 21: refusals at submission in the form)', () => {
  it('maps each reason to its top-level form field, every reason of a field in order', async () => {
    const error = await refusal(422, [
      { field: 'inputs.asOfDate', message: 'Dağılım yok; en yakın dağılım tarihi: 31.10.2023.' },
      { field: 'inputs.trades.0.instrumentCode', message: "'XYZ' bilinmeyen araç." },
      { field: 'inputs.asOfDate', message: 'En az 2 tarihli dağılım gerekir.' },
      { field: 'templateId', message: 'Şablon yok.' },
    ]);
    expect(submissionFieldErrors(error)).toEqual({
      asOfDate:
        'Dağılım yok; en yakın dağılım tarihi: 31.10.2023. En az 2 tarihli dağılım gerekir.',
      trades: "'XYZ' bilinmeyen araç.",
      templateId: 'Şablon yok.',
    });
  });

  it('is null for anything but a 422 naming fields', async () => {
    expect(submissionFieldErrors(await refusal(409, [{ field: 'a', message: 'b' }]))).toBeNull();
    expect(submissionFieldErrors(await refusal(422, []))).toBeNull();
    expect(submissionFieldErrors(new Error('x'))).toBeNull();
  });
});
