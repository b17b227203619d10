/**
 * Onboarding pages, pt-BR: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Cadastre seu negócio',
  'onboarding.register.subtitle': 'Abra uma conta de lojista na Venue Platform',
  'onboarding.register.merchantName': 'Nome do negócio',
  'onboarding.register.merchantName.required': 'Informe o nome do negócio',
  'onboarding.register.contactName': 'Pessoa de contato',
  'onboarding.register.contactName.required': 'Informe a pessoa de contato',
  'onboarding.register.submit': 'Cadastrar',
  'onboarding.register.toLogin': 'Já tem uma conta? Entrar',
  'onboarding.registerResult.toLogin': 'Ir para o login',
  'onboarding.register.address': 'Endereço (opcional)',
  'onboarding.register.licenceNo': 'Número do alvará (opcional)',
  'onboarding.register.pending.title': 'Solicitação enviada',
  'onboarding.register.pending.desc':
    'O cadastro de {merchant} aguarda a análise da plataforma. Após a aprovação, entre com seu número de celular e a senha escolhida.',
  'onboarding.register.application': 'Número da solicitação',
  'onboarding.register.status': 'Situação',

  'onboarding.signup.title': 'Cadastros de comerciantes',
  'onboarding.signup.number': 'Nº',
  'onboarding.signup.business': 'Razão social',
  'onboarding.signup.status.pending': 'Aguardando análise',
  'onboarding.signup.status.approved': 'Aprovado',
  'onboarding.signup.status.rejected': 'Recusado',
  'onboarding.signup.reason': 'Motivo',
  'onboarding.signup.reason.required': 'Informe o motivo da recusa',
  'onboarding.signup.submittedAt': 'Enviado em',
  'onboarding.signup.reviewed': 'Analisado',
  'onboarding.signup.openTask': 'Abrir a tarefa de análise',
  'onboarding.signup.preview': 'Cadastro de comerciante',
  'onboarding.signup.approve': 'Aprovar',
  'onboarding.signup.approve.confirm': 'Aprovar o cadastro de {name}?',
  'onboarding.signup.approve.hint':
    'Isso cria o comerciante, seu primeiro estabelecimento e sua conta de administrador.',
  'onboarding.signup.approved': '{name} foi aprovado',
  'onboarding.signup.approved.account':
    'O administrador entra como {account} com a senha escolhida no cadastro.',
  'onboarding.signup.reject': 'Recusar',
  'onboarding.signup.reject.title': 'Recusar o cadastro de {name}',
};

export default messages;
