/**
 * Onboarding pages, en-US: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Register your business',
  'onboarding.register.subtitle': 'Open a merchant account on Venue Platform',
  'onboarding.register.merchantName': 'Business name',
  'onboarding.register.merchantName.required': 'Please enter the business name',
  'onboarding.register.contactName': 'Contact person',
  'onboarding.register.contactName.required': 'Please enter the contact person',
  'onboarding.register.submit': 'Register',
  'onboarding.register.toLogin': 'Already have an account? Log in',
  'onboarding.registerResult.toLogin': 'Go to login',
  'onboarding.register.address': 'Address (optional)',
  'onboarding.register.licenceNo': 'Business licence number (optional)',
  'onboarding.register.pending.title': 'Application submitted',
  'onboarding.register.pending.desc':
    'The sign-up of {merchant} awaits review by the platform. Once approved, log in with your mobile number and the password you chose.',
  'onboarding.register.application': 'Application number',
  'onboarding.register.status': 'Status',

  'onboarding.signup.title': 'Merchant sign-ups',
  'onboarding.signup.number': 'No.',
  'onboarding.signup.business': 'Business name',
  'onboarding.signup.status.pending': 'Awaiting review',
  'onboarding.signup.status.approved': 'Approved',
  'onboarding.signup.status.rejected': 'Rejected',
  'onboarding.signup.reason': 'Reason',
  'onboarding.signup.reason.required': 'Please enter the reason for the rejection',
  'onboarding.signup.submittedAt': 'Submitted',
  'onboarding.signup.reviewed': 'Reviewed',
  'onboarding.signup.openTask': 'Open the review task',
  'onboarding.signup.preview': 'Merchant sign-up',
  'onboarding.signup.approve': 'Approve',
  'onboarding.signup.approve.confirm': 'Approve the sign-up of {name}?',
  'onboarding.signup.approve.hint':
    'This creates the merchant, its first venue and its administrator account.',
  'onboarding.signup.approved': '{name} is approved',
  'onboarding.signup.approved.account':
    'The administrator logs in as {account} with the password chosen at sign-up.',
  'onboarding.signup.reject': 'Reject',
  'onboarding.signup.reject.title': 'Reject the sign-up of {name}',
};

export default messages;
