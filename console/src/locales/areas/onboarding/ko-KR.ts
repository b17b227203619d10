/**
 * Onboarding pages, ko-KR: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': '사업자 등록',
  'onboarding.register.subtitle': 'Venue Platform에서 가맹점 계정을 만드세요',
  'onboarding.register.merchantName': '상호',
  'onboarding.register.merchantName.required': '상호를 입력하세요',
  'onboarding.register.contactName': '담당자',
  'onboarding.register.contactName.required': '담당자를 입력하세요',
  'onboarding.register.submit': '가입하기',
  'onboarding.register.toLogin': '이미 계정이 있으신가요? 로그인',
  'onboarding.registerResult.toLogin': '로그인으로 이동',
  'onboarding.register.address': '주소(선택)',
  'onboarding.register.licenceNo': '사업자 등록 번호(선택)',
  'onboarding.register.pending.title': '신청이 접수되었습니다',
  'onboarding.register.pending.desc':
    '{merchant}의 가입 신청이 플랫폼 심사를 기다리고 있습니다. 승인 후 휴대폰 번호와 설정한 비밀번호로 로그인하세요.',
  'onboarding.register.application': '신청 번호',
  'onboarding.register.status': '상태',

  'onboarding.signup.title': '가맹점 가입 신청',
  'onboarding.signup.number': '번호',
  'onboarding.signup.business': '상호',
  'onboarding.signup.status.pending': '심사 대기',
  'onboarding.signup.status.approved': '승인됨',
  'onboarding.signup.status.rejected': '반려됨',
  'onboarding.signup.reason': '사유',
  'onboarding.signup.reason.required': '반려 사유를 입력하세요',
  'onboarding.signup.submittedAt': '신청일',
  'onboarding.signup.reviewed': '심사',
  'onboarding.signup.openTask': '심사 작업 열기',
  'onboarding.signup.preview': '가맹점 가입 신청',
  'onboarding.signup.approve': '승인',
  'onboarding.signup.approve.confirm': '{name}의 가입 신청을 승인하시겠습니까?',
  'onboarding.signup.approve.hint': '가맹점, 첫 매장, 관리자 계정이 생성됩니다.',
  'onboarding.signup.approved': '{name}이(가) 승인되었습니다',
  'onboarding.signup.approved.account':
    '관리자는 {account} 계정과 신청 시 설정한 비밀번호로 로그인합니다.',
  'onboarding.signup.reject': '반려',
  'onboarding.signup.reject.title': '{name}의 가입 신청 반려',
};

export default messages;
