import type { UnknownPortfolio } from '@fonrisk/contracts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.ts';

export class PortfolioNotFoundError extends NotFoundError {
  constructor(code: string) {
    super(`'${code}' kodlu portföy bulunamadı.`);
  }
}
export class PortfolioCodeTakenError extends ConflictError {
  constructor(code: string) {
    super(`'${code}' kodu zaten bir portföy veya birleşik portföy tarafından kullanılıyor.`);
  }
}
export class SnapshotNotFoundError extends NotFoundError {
  constructor(code: string, date: string) {
    super(`'${code}' portföyünün ${date} tarihli dağılımı yüklenmemiş.`);
  }
}
export class MemberSnapshotMissingError extends NotFoundError {
  constructor(unified: string, members: readonly string[], date: string) {
    super(
      `'${unified}' birleşik portföyü için ${date} tarihli dağılımı eksik üye portföyler: ${members.join(', ')}.`,
    );
  }
}
export class UnifiedPortfolioNotFoundError extends NotFoundError {
  constructor() {
    super('Birleşik portföy bulunamadı.');
  }
}
export class InvalidMemberError extends InvalidInputError {
  constructor(codes: readonly string[]) {
    super(`Üye portföyler bulunamadı veya fon/müşteri portföyü değil: ${codes.join(', ')}.`, [
      { field: 'members', message: `geçersiz üyeler: ${codes.join(', ')}` },
    ]);
  }
}
export class UnknownReferenceBenchmarkError extends InvalidInputError {
  constructor(code: string) {
    super(`'${code}' kodlu karşılaştırma ölçütü tanımlı değil.`, [
      {
        field: 'referenceBenchmarkCode',
        message: `'${code}' tanımlı bir karşılaştırma ölçütü değil`,
      },
    ]);
  }
}
/**
 * 409: a holdings file names portfolio codes that are no portfolio yet; they are created only
 * when the user confirms them (kind and category chosen) and sends the file again.
 */
export class UnknownPortfoliosError extends ConflictError {
  constructor(override readonly unknownPortfolios: readonly UnknownPortfolio[]) {
    const codes = unknownPortfolios.map((u) => u.portfolioCode);
    super(
      `Dosyada tanımlı olmayan portföy kodları var: ${codes.slice(0, 10).join(', ')}${codes.length > 10 ? '…' : ''}. Portföyleri oluşturmak için türlerini ve kategorilerini seçip onaylayın; hiçbir kayıt yazılmadı.`,
    );
  }
}
