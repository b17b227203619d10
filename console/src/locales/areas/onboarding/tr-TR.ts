/**
 * Onboarding pages, tr-TR: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'İşletmenizi kaydedin',
  'onboarding.register.subtitle': 'Venue Platform üzerinde bir işletme hesabı açın',
  'onboarding.register.merchantName': 'İşletme adı',
  'onboarding.register.merchantName.required': 'Lütfen işletme adını girin',
  'onboarding.register.contactName': 'İletişim kişisi',
  'onboarding.register.contactName.required': 'Lütfen iletişim kişisini girin',
  'onboarding.register.submit': 'Kaydol',
  'onboarding.register.toLogin': 'Hesabınız var mı? Giriş yapın',
  'onboarding.registerResult.toLogin': 'Girişe git',
  'onboarding.register.address': 'Adres (isteğe bağlı)',
  'onboarding.register.licenceNo': 'İşletme ruhsat numarası (isteğe bağlı)',
  'onboarding.register.pending.title': 'Başvuru gönderildi',
  'onboarding.register.pending.desc':
    '{merchant} başvurusu platformun incelemesini bekliyor. Onaylandıktan sonra cep telefonu numaranız ve seçtiğiniz parolayla giriş yapın.',
  'onboarding.register.application': 'Başvuru numarası',
  'onboarding.register.status': 'Durum',

  'onboarding.signup.title': 'İşletme başvuruları',
  'onboarding.signup.number': 'No.',
  'onboarding.signup.business': 'İşletme adı',
  'onboarding.signup.status.pending': 'İnceleme bekliyor',
  'onboarding.signup.status.approved': 'Onaylandı',
  'onboarding.signup.status.rejected': 'Reddedildi',
  'onboarding.signup.reason': 'Gerekçe',
  'onboarding.signup.reason.required': 'Lütfen ret gerekçesini girin',
  'onboarding.signup.submittedAt': 'Gönderilme',
  'onboarding.signup.reviewed': 'İnceleme',
  'onboarding.signup.openTask': 'İnceleme görevini aç',
  'onboarding.signup.preview': 'İşletme kaydı',
  'onboarding.signup.approve': 'Onayla',
  'onboarding.signup.approve.confirm': '{name} başvurusu onaylansın mı?',
  'onboarding.signup.approve.hint': 'İşletme, ilk mekânı ve yönetici hesabı oluşturulur.',
  'onboarding.signup.approved': '{name} onaylandı',
  'onboarding.signup.approved.account':
    'Yönetici {account} hesabıyla ve başvuruda seçilen parolayla giriş yapar.',
  'onboarding.signup.reject': 'Reddet',
  'onboarding.signup.reject.title': '{name} başvurusunu reddet',
};

export default messages;
