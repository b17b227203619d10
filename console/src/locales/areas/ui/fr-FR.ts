/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), fr-FR. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Rechercher",
  'ui.filters': "Filtres",
  'ui.filters.apply': "Afficher les résultats",
  'ui.filters.reset': "Effacer les filtres",
  'ui.discard.title': "Abandonner vos modifications ?",
  'ui.discard.content': "Ce que vous avez saisi n’est pas enregistré et sera perdu si vous fermez maintenant.",
  'ui.discard.ok': "Abandonner",
  'ui.discard.keep': "Continuer la saisie",
  'ui.list.failed': "La liste n’a pas pu être chargée.",
  'ui.list.offline': "Pas de connexion au serveur. Vérifiez le réseau, puis réessayez.",
  'ui.retry': "Réessayer",
  'ui.created': "Créé",
  'ui.sentForReview': "Envoyé en validation",
  'ui.live.paused': "Mises à jour en direct suspendues : reconnexion…",
};

export default messages;
