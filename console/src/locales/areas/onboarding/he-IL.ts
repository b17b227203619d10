/**
 * Onboarding pages, he-IL: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'רישום העסק שלך',
  'onboarding.register.subtitle': 'פתיחת חשבון סוחר ב-Venue Platform',
  'onboarding.register.merchantName': 'שם העסק',
  'onboarding.register.merchantName.required': 'נא להזין את שם העסק',
  'onboarding.register.contactName': 'איש קשר',
  'onboarding.register.contactName.required': 'נא להזין איש קשר',
  'onboarding.register.submit': 'הרשמה',
  'onboarding.register.toLogin': 'כבר יש לך חשבון? להתחברות',
  'onboarding.registerResult.toLogin': 'מעבר להתחברות',
  'onboarding.register.address': 'כתובת (לא חובה)',
  'onboarding.register.licenceNo': 'מספר רישיון עסק (לא חובה)',
  'onboarding.register.pending.title': 'הבקשה נשלחה',
  'onboarding.register.pending.desc':
    'בקשת ההצטרפות של {merchant} ממתינה לבדיקת הפלטפורמה. לאחר האישור, היכנסו עם מספר הנייד והסיסמה שבחרתם.',
  'onboarding.register.application': 'מספר בקשה',
  'onboarding.register.status': 'מצב',

  'onboarding.signup.title': 'בקשות הצטרפות של עסקים',
  'onboarding.signup.number': "מס'",
  'onboarding.signup.business': 'שם העסק',
  'onboarding.signup.status.pending': 'ממתינה לבדיקה',
  'onboarding.signup.status.approved': 'אושרה',
  'onboarding.signup.status.rejected': 'נדחתה',
  'onboarding.signup.reason': 'סיבה',
  'onboarding.signup.reason.required': 'נא להזין את סיבת הדחייה',
  'onboarding.signup.submittedAt': 'הוגשה',
  'onboarding.signup.reviewed': 'נבדקה',
  'onboarding.signup.openTask': 'פתיחת משימת הבדיקה',
  'onboarding.signup.preview': 'הרשמת בית עסק',
  'onboarding.signup.approve': 'אישור',
  'onboarding.signup.approve.confirm': 'לאשר את בקשת ההצטרפות של {name}?',
  'onboarding.signup.approve.hint': 'ייווצרו העסק, הסניף הראשון שלו וחשבון המנהל שלו.',
  'onboarding.signup.approved': '{name} אושר',
  'onboarding.signup.approved.account': 'המנהל נכנס בשם {account} עם הסיסמה שנבחרה בהרשמה.',
  'onboarding.signup.reject': 'דחייה',
  'onboarding.signup.reject.title': 'דחיית בקשת ההצטרפות של {name}',
};

export default messages;
