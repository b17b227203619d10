/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), vi-VN. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "Tìm kiếm",
  'ui.filters': "Bộ lọc",
  'ui.filters.apply': "Xem kết quả",
  'ui.filters.reset': "Xóa bộ lọc",
  'ui.discard.title': "Hủy các thay đổi?",
  'ui.discard.content': "Nội dung bạn nhập chưa được lưu và sẽ mất nếu đóng bây giờ.",
  'ui.discard.ok': "Hủy bỏ",
  'ui.discard.keep': "Tiếp tục chỉnh sửa",
  'ui.list.failed': "Không tải được danh sách.",
  'ui.list.offline': "Không có kết nối tới máy chủ. Hãy kiểm tra mạng rồi thử lại.",
  'ui.retry': "Thử lại",
  'ui.created': "Đã tạo",
  'ui.sentForReview': "Đã gửi duyệt",
  'ui.live.paused': "Tạm dừng cập nhật trực tiếp: đang kết nối lại…",
};

export default messages;
