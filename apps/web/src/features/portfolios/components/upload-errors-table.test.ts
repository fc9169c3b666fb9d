import { describe, expect, it } from 'vitest';
import { errorsTitle } from './upload-errors-table.tsx';

describe('upload errors title', () => {
  it('counts distinct rows and all errors, as the server toast counts rows', () => {
    const header = (field: string) => ({ row: 1, field, message: 'zorunlu sütun dosyada yok' });
    expect(
      errorsTitle([
        header('Portföy Kodu'),
        header('Portföy Tarihi'),
        { row: 4, field: 'x', message: 'y' },
      ]),
    ).toBe('Dosya reddedildi: 2 satırda 3 hata. Hiçbir kayıt yazılmadı.');
  });

  it('omits the row count when no error names a row', () => {
    expect(errorsTitle([{ field: 'Dosya', message: 'boş dosya' }])).toBe(
      'Dosya reddedildi: 1 hata. Hiçbir kayıt yazılmadı.',
    );
  });
});
