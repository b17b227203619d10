/**
 * Onboarding pages, ja-JP: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': '事業者を登録',
  'onboarding.register.subtitle': 'Venue Platform で事業者アカウントを開設',
  'onboarding.register.merchantName': '事業者名',
  'onboarding.register.merchantName.required': '事業者名を入力してください',
  'onboarding.register.contactName': '担当者',
  'onboarding.register.contactName.required': '担当者を入力してください',
  'onboarding.register.submit': '登録',
  'onboarding.register.toLogin': 'アカウントをお持ちの方はログイン',
  'onboarding.registerResult.toLogin': 'ログインへ',
  'onboarding.register.address': '住所（任意）',
  'onboarding.register.licenceNo': '営業許可番号（任意）',
  'onboarding.register.pending.title': '申請を受け付けました',
  'onboarding.register.pending.desc':
    '{merchant} の登録申請はプラットフォームの審査待ちです。承認後、携帯電話番号と設定したパスワードでログインしてください。',
  'onboarding.register.application': '申請番号',
  'onboarding.register.status': '状態',

  'onboarding.signup.title': '加盟店の登録申請',
  'onboarding.signup.number': '番号',
  'onboarding.signup.business': '事業者名',
  'onboarding.signup.status.pending': '審査待ち',
  'onboarding.signup.status.approved': '承認済み',
  'onboarding.signup.status.rejected': '却下',
  'onboarding.signup.reason': '理由',
  'onboarding.signup.reason.required': '却下の理由を入力してください',
  'onboarding.signup.submittedAt': '申請日時',
  'onboarding.signup.reviewed': '審査',
  'onboarding.signup.openTask': '審査タスクを開く',
  'onboarding.signup.preview': '加盟店の登録申請',
  'onboarding.signup.approve': '承認',
  'onboarding.signup.approve.confirm': '{name} の登録申請を承認しますか？',
  'onboarding.signup.approve.hint': '加盟店、最初の店舗、管理者アカウントが作成されます。',
  'onboarding.signup.approved': '{name} を承認しました',
  'onboarding.signup.approved.account':
    '管理者は {account} と申請時に設定したパスワードでログインします。',
  'onboarding.signup.reject': '却下',
  'onboarding.signup.reject.title': '{name} の登録申請を却下',
};

export default messages;
