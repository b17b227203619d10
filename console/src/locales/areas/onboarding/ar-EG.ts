/**
 * Onboarding pages, ar-EG: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'سجّل منشأتك التجارية',
  'onboarding.register.subtitle': 'افتح حساب تاجر على Venue Platform',
  'onboarding.register.merchantName': 'اسم المنشأة',
  'onboarding.register.merchantName.required': 'يرجى إدخال اسم المنشأة',
  'onboarding.register.contactName': 'جهة الاتصال',
  'onboarding.register.contactName.required': 'يرجى إدخال جهة الاتصال',
  'onboarding.register.submit': 'تسجيل',
  'onboarding.register.toLogin': 'لديك حساب بالفعل؟ سجّل الدخول',
  'onboarding.registerResult.toLogin': 'الانتقال إلى تسجيل الدخول',
  'onboarding.register.address': 'العنوان (اختياري)',
  'onboarding.register.licenceNo': 'رقم الرخصة التجارية (اختياري)',
  'onboarding.register.pending.title': 'تم إرسال الطلب',
  'onboarding.register.pending.desc':
    'طلب تسجيل {merchant} بانتظار مراجعة المنصة. بعد القبول، سجّل الدخول برقم جوالك وكلمة المرور التي اخترتها.',
  'onboarding.register.application': 'رقم الطلب',
  'onboarding.register.status': 'الحالة',

  'onboarding.signup.title': 'طلبات تسجيل التجار',
  'onboarding.signup.number': 'الرقم',
  'onboarding.signup.business': 'الاسم التجاري',
  'onboarding.signup.status.pending': 'بانتظار المراجعة',
  'onboarding.signup.status.approved': 'مقبول',
  'onboarding.signup.status.rejected': 'مرفوض',
  'onboarding.signup.reason': 'السبب',
  'onboarding.signup.reason.required': 'يرجى إدخال سبب الرفض',
  'onboarding.signup.submittedAt': 'تاريخ التقديم',
  'onboarding.signup.reviewed': 'المراجعة',
  'onboarding.signup.openTask': 'فتح مهمة المراجعة',
  'onboarding.signup.preview': 'طلب تسجيل تاجر',
  'onboarding.signup.approve': 'قبول',
  'onboarding.signup.approve.confirm': 'هل تريد قبول طلب {name}؟',
  'onboarding.signup.approve.hint': 'سيُنشأ التاجر وأول منشأة له وحساب المسؤول.',
  'onboarding.signup.approved': 'تم قبول {name}',
  'onboarding.signup.approved.account':
    'يسجّل المسؤول الدخول باسم {account} وبكلمة المرور المختارة عند التسجيل.',
  'onboarding.signup.reject': 'رفض',
  'onboarding.signup.reject.title': 'رفض طلب {name}',
};

export default messages;
