/**
 * Onboarding pages, de-DE: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Ihr Unternehmen registrieren',
  'onboarding.register.subtitle': 'Eröffnen Sie ein Händlerkonto bei Venue Platform',
  'onboarding.register.merchantName': 'Name des Unternehmens',
  'onboarding.register.merchantName.required': 'Bitte geben Sie den Namen des Unternehmens ein',
  'onboarding.register.contactName': 'Ansprechpartner',
  'onboarding.register.contactName.required': 'Bitte geben Sie den Ansprechpartner ein',
  'onboarding.register.submit': 'Registrieren',
  'onboarding.register.toLogin': 'Schon ein Konto? Anmelden',
  'onboarding.registerResult.toLogin': 'Zur Anmeldung',
  'onboarding.register.address': 'Adresse (optional)',
  'onboarding.register.licenceNo': 'Gewerbescheinnummer (optional)',
  'onboarding.register.pending.title': 'Antrag eingereicht',
  'onboarding.register.pending.desc':
    'Die Anmeldung von {merchant} wartet auf die Prüfung durch die Plattform. Nach der Genehmigung melden Sie sich mit Ihrer Mobilnummer und dem gewählten Passwort an.',
  'onboarding.register.application': 'Antragsnummer',
  'onboarding.register.status': 'Status',

  'onboarding.signup.title': 'Händleranmeldungen',
  'onboarding.signup.number': 'Nr.',
  'onboarding.signup.business': 'Firmenname',
  'onboarding.signup.status.pending': 'Wartet auf Prüfung',
  'onboarding.signup.status.approved': 'Genehmigt',
  'onboarding.signup.status.rejected': 'Abgelehnt',
  'onboarding.signup.reason': 'Grund',
  'onboarding.signup.reason.required': 'Bitte den Ablehnungsgrund eingeben',
  'onboarding.signup.submittedAt': 'Eingereicht',
  'onboarding.signup.reviewed': 'Geprüft',
  'onboarding.signup.openTask': 'Prüfaufgabe öffnen',
  'onboarding.signup.preview': 'Händlerregistrierung',
  'onboarding.signup.approve': 'Genehmigen',
  'onboarding.signup.approve.confirm': 'Anmeldung von {name} genehmigen?',
  'onboarding.signup.approve.hint':
    'Dadurch werden der Händler, sein erster Standort und sein Administratorkonto angelegt.',
  'onboarding.signup.approved': '{name} ist genehmigt',
  'onboarding.signup.approved.account':
    'Der Administrator meldet sich als {account} mit dem bei der Anmeldung gewählten Passwort an.',
  'onboarding.signup.reject': 'Ablehnen',
  'onboarding.signup.reject.title': 'Anmeldung von {name} ablehnen',
};

export default messages;
