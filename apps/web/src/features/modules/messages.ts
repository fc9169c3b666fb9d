export const MODULE_MESSAGES = {
  title: 'Modül Ayarları',
  adminHint: 'Kullanıcıların erişebileceği modülleri işaretleyin ve satırı kaydedin.',
  ownHint: 'Erişiminiz olan modüller aşağıdadır. Değişiklik için yöneticinize başvurun.',
  user: 'Kullanıcı',
  module: (n: number): string => `Modül ${n}`,
  save: 'Kaydet',
  saved: (name: string): string => `${name} için modüller kaydedildi.`,
  unavailable: 'Modül bilgileri yüklenemedi.',
  has: 'Var',
  hasNot: 'Yok',
  toggle: (name: string, n: number): string => `${name}: Modül ${n}`,
} as const;
