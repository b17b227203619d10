/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), id-ID. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Cari",
  'ui.filters': "Filter",
  'ui.filters.apply': "Tampilkan hasil",
  'ui.filters.reset': "Hapus filter",
  'ui.discard.title': "Buang perubahan?",
  'ui.discard.content': "Isian Anda belum disimpan dan akan hilang jika ditutup sekarang.",
  'ui.discard.ok': "Buang",
  'ui.discard.keep': "Lanjut mengedit",
  'ui.list.failed': "Daftar tidak dapat dimuat.",
  'ui.list.offline': "Tidak ada koneksi ke server. Periksa jaringan, lalu coba lagi.",
  'ui.retry': "Coba lagi",
  'ui.created': "Dibuat",
  'ui.sentForReview': "Dikirim untuk ditinjau",
  'ui.live.paused': "Pembaruan langsung dijeda: menyambung ulang…",
};

export default messages;
