/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), en-US. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Search",
  'ui.filters': "Filters",
  'ui.filters.apply': "Show results",
  'ui.filters.reset': "Clear filters",
  'ui.discard.title': "Discard your changes?",
  'ui.discard.content': "What you entered has not been saved and is lost if you close this now.",
  'ui.discard.ok': "Discard",
  'ui.discard.keep': "Keep editing",
  'ui.list.failed': "The list could not be loaded.",
  'ui.list.offline': "No connection to the server. Check the network, then try again.",
  'ui.retry': "Retry",
  'ui.created': "Created",
  'ui.sentForReview': "Sent for review",
  'ui.live.paused': "Live updates paused: reconnecting…",
};

export default messages;
