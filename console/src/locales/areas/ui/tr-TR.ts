/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), tr-TR. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Ara",
  'ui.filters': "Filtreler",
  'ui.filters.apply': "Sonuçları göster",
  'ui.filters.reset': "Filtreleri temizle",
  'ui.discard.title': "Değişiklikler silinsin mi?",
  'ui.discard.content': "Girdikleriniz kaydedilmedi; şimdi kapatırsanız kaybolur.",
  'ui.discard.ok': "Sil",
  'ui.discard.keep': "Düzenlemeye devam et",
  'ui.list.failed': "Liste yüklenemedi.",
  'ui.list.offline': "Sunucuya bağlanılamıyor. Ağı kontrol edip yeniden deneyin.",
  'ui.retry': "Yeniden dene",
  'ui.created': "Oluşturuldu",
  'ui.sentForReview': "İncelemeye gönderildi",
  'ui.live.paused': "Canlı güncellemeler duraklatıldı: yeniden bağlanılıyor…",
};

export default messages;
