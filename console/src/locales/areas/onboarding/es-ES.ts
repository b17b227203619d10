/**
 * Onboarding pages, es-ES: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Registre su negocio',
  'onboarding.register.subtitle': 'Abra una cuenta de comercio en Venue Platform',
  'onboarding.register.merchantName': 'Nombre del negocio',
  'onboarding.register.merchantName.required': 'Introduzca el nombre del negocio',
  'onboarding.register.contactName': 'Persona de contacto',
  'onboarding.register.contactName.required': 'Introduzca la persona de contacto',
  'onboarding.register.submit': 'Registrarse',
  'onboarding.register.toLogin': '¿Ya tiene cuenta? Inicie sesión',
  'onboarding.registerResult.toLogin': 'Ir al inicio de sesión',
  'onboarding.register.address': 'Dirección (opcional)',
  'onboarding.register.licenceNo': 'Número de licencia comercial (opcional)',
  'onboarding.register.pending.title': 'Solicitud enviada',
  'onboarding.register.pending.desc':
    'El alta de {merchant} espera la revisión de la plataforma. Una vez aprobada, inicie sesión con su número de móvil y la contraseña elegida.',
  'onboarding.register.application': 'Número de solicitud',
  'onboarding.register.status': 'Estado',

  'onboarding.signup.title': 'Altas de comercios',
  'onboarding.signup.number': 'N.º',
  'onboarding.signup.business': 'Nombre comercial',
  'onboarding.signup.status.pending': 'Pendiente de revisión',
  'onboarding.signup.status.approved': 'Aprobada',
  'onboarding.signup.status.rejected': 'Rechazada',
  'onboarding.signup.reason': 'Motivo',
  'onboarding.signup.reason.required': 'Introduzca el motivo del rechazo',
  'onboarding.signup.submittedAt': 'Enviada',
  'onboarding.signup.reviewed': 'Revisada',
  'onboarding.signup.openTask': 'Abrir la tarea de revisión',
  'onboarding.signup.preview': 'Registro de comercio',
  'onboarding.signup.approve': 'Aprobar',
  'onboarding.signup.approve.confirm': '¿Aprobar el alta de {name}?',
  'onboarding.signup.approve.hint':
    'Se crean el comercio, su primer local y su cuenta de administrador.',
  'onboarding.signup.approved': '{name} está aprobado',
  'onboarding.signup.approved.account':
    'El administrador inicia sesión como {account} con la contraseña elegida al registrarse.',
  'onboarding.signup.reject': 'Rechazar',
  'onboarding.signup.reject.title': 'Rechazar el alta de {name}',
};

export default messages;
