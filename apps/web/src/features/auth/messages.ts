export const AUTH_MESSAGES = {
  title: 'Fonrisk’e giriş',
  subtitle: 'Fon ve portföy risk analizi için hesabınızla oturum açın.',
  username: 'Kullanıcı adı',
  password: 'Parola',
  submit: 'Giriş yap',
  failedTitle: 'Giriş yapılamadı',
  failedFallback: 'Giriş sırasında bir hata oluştu. Lütfen tekrar deneyin.',
} as const;
