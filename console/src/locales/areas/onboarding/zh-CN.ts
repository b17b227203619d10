/**
 * Onboarding pages, zh-CN: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': '注册您的商户',
  'onboarding.register.subtitle': '在 Venue Platform 开通商户账号',
  'onboarding.register.merchantName': '商户名称',
  'onboarding.register.merchantName.required': '请输入商户名称',
  'onboarding.register.contactName': '联系人',
  'onboarding.register.contactName.required': '请输入联系人',
  'onboarding.register.submit': '注册',
  'onboarding.register.toLogin': '已有账号？去登录',
  'onboarding.registerResult.toLogin': '前往登录',
  'onboarding.register.address': '地址（选填）',
  'onboarding.register.licenceNo': '营业执照号（选填）',
  'onboarding.register.pending.title': '申请已提交',
  'onboarding.register.pending.desc':
    '{merchant} 的入驻申请正在等待平台审核。审核通过后，请使用手机号和您设置的密码登录。',
  'onboarding.register.application': '申请编号',
  'onboarding.register.status': '状态',

  'onboarding.signup.title': '商户入驻申请',
  'onboarding.signup.number': '编号',
  'onboarding.signup.business': '商户名称',
  'onboarding.signup.status.pending': '待审核',
  'onboarding.signup.status.approved': '已通过',
  'onboarding.signup.status.rejected': '已驳回',
  'onboarding.signup.reason': '原因',
  'onboarding.signup.reason.required': '请输入驳回原因',
  'onboarding.signup.submittedAt': '提交时间',
  'onboarding.signup.reviewed': '审核',
  'onboarding.signup.openTask': '打开审核任务',
  'onboarding.signup.preview': '商户入驻申请',
  'onboarding.signup.approve': '通过',
  'onboarding.signup.approve.confirm': '确定通过 {name} 的入驻申请吗？',
  'onboarding.signup.approve.hint': '将创建该商户、其第一家门店及管理员账号。',
  'onboarding.signup.approved': '{name} 已通过审核',
  'onboarding.signup.approved.account': '管理员使用账号 {account} 和申请时设置的密码登录。',
  'onboarding.signup.reject': '驳回',
  'onboarding.signup.reject.title': '驳回 {name} 的入驻申请',
};

export default messages;
