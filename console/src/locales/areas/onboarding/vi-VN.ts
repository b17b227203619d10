/**
 * Onboarding pages, vi-VN: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Đăng ký doanh nghiệp của bạn',
  'onboarding.register.subtitle': 'Mở tài khoản thương nhân trên Venue Platform',
  'onboarding.register.merchantName': 'Tên doanh nghiệp',
  'onboarding.register.merchantName.required': 'Vui lòng nhập tên doanh nghiệp',
  'onboarding.register.contactName': 'Người liên hệ',
  'onboarding.register.contactName.required': 'Vui lòng nhập người liên hệ',
  'onboarding.register.submit': 'Đăng ký',
  'onboarding.register.toLogin': 'Đã có tài khoản? Đăng nhập',
  'onboarding.registerResult.toLogin': 'Đến trang đăng nhập',
  'onboarding.register.address': 'Địa chỉ (không bắt buộc)',
  'onboarding.register.licenceNo': 'Số giấy phép kinh doanh (không bắt buộc)',
  'onboarding.register.pending.title': 'Đã gửi yêu cầu',
  'onboarding.register.pending.desc':
    'Đăng ký của {merchant} đang chờ nền tảng xét duyệt. Sau khi được duyệt, hãy đăng nhập bằng số di động và mật khẩu bạn đã chọn.',
  'onboarding.register.application': 'Số yêu cầu',
  'onboarding.register.status': 'Trạng thái',

  'onboarding.signup.title': 'Đăng ký thương nhân',
  'onboarding.signup.number': 'Số',
  'onboarding.signup.business': 'Tên doanh nghiệp',
  'onboarding.signup.status.pending': 'Chờ duyệt',
  'onboarding.signup.status.approved': 'Đã duyệt',
  'onboarding.signup.status.rejected': 'Bị từ chối',
  'onboarding.signup.reason': 'Lý do',
  'onboarding.signup.reason.required': 'Vui lòng nhập lý do từ chối',
  'onboarding.signup.submittedAt': 'Ngày gửi',
  'onboarding.signup.reviewed': 'Xét duyệt',
  'onboarding.signup.openTask': 'Mở tác vụ xét duyệt',
  'onboarding.signup.preview': 'Đăng ký nhà hàng',
  'onboarding.signup.approve': 'Duyệt',
  'onboarding.signup.approve.confirm': 'Duyệt đăng ký của {name}?',
  'onboarding.signup.approve.hint':
    'Thao tác này tạo thương nhân, cửa hàng đầu tiên và tài khoản quản trị.',
  'onboarding.signup.approved': 'Đã duyệt {name}',
  'onboarding.signup.approved.account':
    'Quản trị viên đăng nhập bằng {account} với mật khẩu đã chọn khi đăng ký.',
  'onboarding.signup.reject': 'Từ chối',
  'onboarding.signup.reject.title': 'Từ chối đăng ký của {name}',
};

export default messages;
