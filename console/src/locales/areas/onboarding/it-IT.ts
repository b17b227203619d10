/**
 * Onboarding pages, it-IT: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Registra la tua attività',
  'onboarding.register.subtitle': 'Apri un account esercente su Venue Platform',
  'onboarding.register.merchantName': "Nome dell'attività",
  'onboarding.register.merchantName.required': "Inserisci il nome dell'attività",
  'onboarding.register.contactName': 'Referente',
  'onboarding.register.contactName.required': 'Inserisci il referente',
  'onboarding.register.submit': 'Registrati',
  'onboarding.register.toLogin': 'Hai già un account? Accedi',
  'onboarding.registerResult.toLogin': "Vai all'accesso",
  'onboarding.register.address': 'Indirizzo (facoltativo)',
  'onboarding.register.licenceNo': 'Numero di licenza commerciale (facoltativo)',
  'onboarding.register.pending.title': 'Richiesta inviata',
  'onboarding.register.pending.desc':
    "L'iscrizione di {merchant} attende la revisione della piattaforma. Una volta approvata, accedi con il tuo numero di cellulare e la password scelta.",
  'onboarding.register.application': 'Numero della richiesta',
  'onboarding.register.status': 'Stato',

  'onboarding.signup.title': 'Iscrizioni degli esercenti',
  'onboarding.signup.number': 'N.',
  'onboarding.signup.business': 'Ragione sociale',
  'onboarding.signup.status.pending': 'In attesa di revisione',
  'onboarding.signup.status.approved': 'Approvata',
  'onboarding.signup.status.rejected': 'Respinta',
  'onboarding.signup.reason': 'Motivo',
  'onboarding.signup.reason.required': 'Inserisci il motivo del rifiuto',
  'onboarding.signup.submittedAt': 'Inviata',
  'onboarding.signup.reviewed': 'Revisionata',
  'onboarding.signup.openTask': "Apri l'attività di revisione",
  'onboarding.signup.preview': 'Registrazione esercente',
  'onboarding.signup.approve': 'Approva',
  'onboarding.signup.approve.confirm': "Approvare l'iscrizione di {name}?",
  'onboarding.signup.approve.hint':
    "Vengono creati l'esercente, il suo primo locale e il suo account amministratore.",
  'onboarding.signup.approved': '{name} è approvato',
  'onboarding.signup.approved.account':
    "L'amministratore accede come {account} con la password scelta all'iscrizione.",
  'onboarding.signup.reject': 'Respingi',
  'onboarding.signup.reject.title': "Respingi l'iscrizione di {name}",
};

export default messages;
