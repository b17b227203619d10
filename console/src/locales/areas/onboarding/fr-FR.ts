/**
 * Onboarding pages, fr-FR: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Inscrire votre entreprise',
  'onboarding.register.subtitle': 'Ouvrez un compte marchand sur Venue Platform',
  'onboarding.register.merchantName': "Nom de l'entreprise",
  'onboarding.register.merchantName.required': "Veuillez saisir le nom de l'entreprise",
  'onboarding.register.contactName': 'Personne à contacter',
  'onboarding.register.contactName.required': 'Veuillez saisir la personne à contacter',
  'onboarding.register.submit': "S'inscrire",
  'onboarding.register.toLogin': 'Déjà un compte ? Se connecter',
  'onboarding.registerResult.toLogin': 'Aller à la connexion',
  'onboarding.register.address': 'Adresse (facultatif)',
  'onboarding.register.licenceNo': 'Numéro de licence commerciale (facultatif)',
  'onboarding.register.pending.title': 'Demande envoyée',
  'onboarding.register.pending.desc':
    "L'inscription de {merchant} attend l'examen de la plateforme. Une fois approuvée, connectez-vous avec votre numéro de mobile et le mot de passe choisi.",
  'onboarding.register.application': 'Numéro de demande',
  'onboarding.register.status': 'Statut',

  'onboarding.signup.title': 'Inscriptions de commerçants',
  'onboarding.signup.number': 'N°',
  'onboarding.signup.business': 'Raison sociale',
  'onboarding.signup.status.pending': "En attente d'examen",
  'onboarding.signup.status.approved': 'Approuvée',
  'onboarding.signup.status.rejected': 'Refusée',
  'onboarding.signup.reason': 'Motif',
  'onboarding.signup.reason.required': 'Veuillez saisir le motif du refus',
  'onboarding.signup.submittedAt': 'Soumise le',
  'onboarding.signup.reviewed': 'Examinée',
  'onboarding.signup.openTask': 'Ouvrir la tâche de revue',
  'onboarding.signup.preview': 'Inscription de commerçant',
  'onboarding.signup.approve': 'Approuver',
  'onboarding.signup.approve.confirm': "Approuver l'inscription de {name} ?",
  'onboarding.signup.approve.hint':
    'Cela crée le commerçant, son premier établissement et son compte administrateur.',
  'onboarding.signup.approved': '{name} est approuvé',
  'onboarding.signup.approved.account':
    "L'administrateur se connecte avec {account} et le mot de passe choisi à l'inscription.",
  'onboarding.signup.reject': 'Refuser',
  'onboarding.signup.reject.title': "Refuser l'inscription de {name}",
};

export default messages;
