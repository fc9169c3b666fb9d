import { ConflictError, NotFoundError, PermissionDeniedError } from '../../shared/domain-errors.ts';

export class UserNotFoundError extends NotFoundError {
  constructor() {
    super('Kullanıcı bulunamadı.');
  }
}
export class UsernameTakenError extends ConflictError {
  constructor() {
    super('Bu kullanıcı adı zaten kullanılıyor.');
  }
}
export class LastSuperAdminError extends ConflictError {
  constructor() {
    super('Son Süper Yönetici silinemez, pasifleştirilemez veya rolü değiştirilemez.');
  }
}
export class SelfDeletionError extends ConflictError {
  constructor() {
    super('Kendi hesabınızı silemezsiniz.');
  }
}
export class SuperAdminOnlyError extends PermissionDeniedError {
  constructor() {
    super('Süper Yönetici hesaplarını yalnızca Süper Yönetici yönetebilir.');
  }
}
export class OtherUserRecordError extends PermissionDeniedError {
  constructor() {
    super('Başka bir kullanıcının bilgilerini görme yetkiniz yok.');
  }
}
