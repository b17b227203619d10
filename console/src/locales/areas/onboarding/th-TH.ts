/**
 * Onboarding pages, th-TH: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'ลงทะเบียนธุรกิจของคุณ',
  'onboarding.register.subtitle': 'เปิดบัญชีร้านค้าบน Venue Platform',
  'onboarding.register.merchantName': 'ชื่อธุรกิจ',
  'onboarding.register.merchantName.required': 'กรุณากรอกชื่อธุรกิจ',
  'onboarding.register.contactName': 'ผู้ติดต่อ',
  'onboarding.register.contactName.required': 'กรุณากรอกชื่อผู้ติดต่อ',
  'onboarding.register.submit': 'ลงทะเบียน',
  'onboarding.register.toLogin': 'มีบัญชีอยู่แล้ว? เข้าสู่ระบบ',
  'onboarding.registerResult.toLogin': 'ไปที่หน้าเข้าสู่ระบบ',
  'onboarding.register.address': 'ที่อยู่ (ไม่บังคับ)',
  'onboarding.register.licenceNo': 'เลขทะเบียนการค้า (ไม่บังคับ)',
  'onboarding.register.pending.title': 'ส่งคำขอแล้ว',
  'onboarding.register.pending.desc':
    'คำขอสมัครของ {merchant} กำลังรอแพลตฟอร์มตรวจสอบ เมื่ออนุมัติแล้ว ให้เข้าสู่ระบบด้วยเบอร์มือถือและรหัสผ่านที่คุณตั้งไว้',
  'onboarding.register.application': 'เลขที่คำขอ',
  'onboarding.register.status': 'สถานะ',

  'onboarding.signup.title': 'คำขอสมัครของร้านค้า',
  'onboarding.signup.number': 'เลขที่',
  'onboarding.signup.business': 'ชื่อกิจการ',
  'onboarding.signup.status.pending': 'รอตรวจสอบ',
  'onboarding.signup.status.approved': 'อนุมัติแล้ว',
  'onboarding.signup.status.rejected': 'ปฏิเสธแล้ว',
  'onboarding.signup.reason': 'เหตุผล',
  'onboarding.signup.reason.required': 'กรุณากรอกเหตุผลที่ปฏิเสธ',
  'onboarding.signup.submittedAt': 'ยื่นเมื่อ',
  'onboarding.signup.reviewed': 'ตรวจสอบ',
  'onboarding.signup.openTask': 'เปิดงานตรวจสอบ',
  'onboarding.signup.preview': 'คำขอสมัครร้านค้า',
  'onboarding.signup.approve': 'อนุมัติ',
  'onboarding.signup.approve.confirm': 'อนุมัติคำขอสมัครของ {name} หรือไม่',
  'onboarding.signup.approve.hint': 'ระบบจะสร้างร้านค้า สาขาแรก และบัญชีผู้ดูแล',
  'onboarding.signup.approved': 'อนุมัติ {name} แล้ว',
  'onboarding.signup.approved.account': 'ผู้ดูแลเข้าสู่ระบบด้วย {account} และรหัสผ่านที่ตั้งไว้ตอนสมัคร',
  'onboarding.signup.reject': 'ปฏิเสธ',
  'onboarding.signup.reject.title': 'ปฏิเสธคำขอสมัครของ {name}',
};

export default messages;
