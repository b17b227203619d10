/**
 * Onboarding pages, id-ID: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Daftarkan usaha Anda',
  'onboarding.register.subtitle': 'Buka akun pedagang di Venue Platform',
  'onboarding.register.merchantName': 'Nama usaha',
  'onboarding.register.merchantName.required': 'Masukkan nama usaha',
  'onboarding.register.contactName': 'Narahubung',
  'onboarding.register.contactName.required': 'Masukkan narahubung',
  'onboarding.register.submit': 'Daftar',
  'onboarding.register.toLogin': 'Sudah punya akun? Masuk',
  'onboarding.registerResult.toLogin': 'Ke halaman masuk',
  'onboarding.register.address': 'Alamat (opsional)',
  'onboarding.register.licenceNo': 'Nomor izin usaha (opsional)',
  'onboarding.register.pending.title': 'Permohonan terkirim',
  'onboarding.register.pending.desc':
    'Pendaftaran {merchant} menunggu peninjauan platform. Setelah disetujui, masuklah dengan nomor ponsel dan kata sandi yang Anda pilih.',
  'onboarding.register.application': 'Nomor permohonan',
  'onboarding.register.status': 'Status permohonan',

  'onboarding.signup.title': 'Pendaftaran merchant',
  'onboarding.signup.number': 'Nomor',
  'onboarding.signup.business': 'Nama usaha',
  'onboarding.signup.status.pending': 'Menunggu peninjauan',
  'onboarding.signup.status.approved': 'Disetujui',
  'onboarding.signup.status.rejected': 'Ditolak',
  'onboarding.signup.reason': 'Alasan',
  'onboarding.signup.reason.required': 'Masukkan alasan penolakan',
  'onboarding.signup.submittedAt': 'Diajukan',
  'onboarding.signup.reviewed': 'Ditinjau',
  'onboarding.signup.openTask': 'Buka tugas peninjauan',
  'onboarding.signup.preview': 'Pendaftaran merchant',
  'onboarding.signup.approve': 'Setujui',
  'onboarding.signup.approve.confirm': 'Setujui pendaftaran {name}?',
  'onboarding.signup.approve.hint':
    'Ini membuat merchant, gerai pertamanya, dan akun administratornya.',
  'onboarding.signup.approved': '{name} disetujui',
  'onboarding.signup.approved.account':
    'Administrator masuk sebagai {account} dengan kata sandi yang dipilih saat mendaftar.',
  'onboarding.signup.reject': 'Tolak',
  'onboarding.signup.reject.title': 'Tolak pendaftaran {name}',
};

export default messages;
