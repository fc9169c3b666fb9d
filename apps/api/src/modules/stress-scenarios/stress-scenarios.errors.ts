import { ConflictError, InvalidInputError, NotFoundError } from '../../shared/domain-errors.ts';

export class StressScenarioNotFoundError extends NotFoundError {
  constructor(id: number) {
    super(`${id} numaralı stres senaryosu bulunamadı.`);
  }
}
export class StressScenarioNameTakenError extends ConflictError {
  constructor(name: string) {
    super(`'${name}' adlı bir stres senaryosu zaten var.`);
  }
}
export class ShippedScenarioDeleteError extends ConflictError {
  constructor(name: string) {
    super(`'${name}' ürünle gelen bir senaryo; silinemez, rakamları düzenlenebilir.`);
  }
}
export class StressScenarioInUseError extends ConflictError {
  constructor(name: string, by: string) {
    super(`'${name}' senaryosu '${by}' birleşiminde kullanılıyor; önce birleşimden çıkarın.`);
  }
}
export class StressComponentError extends InvalidInputError {
  constructor(detail: string) {
    super(detail, [{ field: 'componentIds', message: detail }]);
  }
}
