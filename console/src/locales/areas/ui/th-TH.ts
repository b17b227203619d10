/** shared console pieces (components/Responsive, Sheet, LiveBadge, ListError, useLive), th-TH. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {
  'ui.search.placeholder': "ค้นหา",
  'ui.filters': "ตัวกรอง",
  'ui.filters.apply': "แสดงผลลัพธ์",
  'ui.filters.reset': "ล้างตัวกรอง",
  'ui.discard.title': "ทิ้งการเปลี่ยนแปลงหรือไม่",
  'ui.discard.content': "ข้อมูลที่คุณกรอกยังไม่ได้บันทึก และจะหายไปหากปิดตอนนี้",
  'ui.discard.ok': "ทิ้ง",
  'ui.discard.keep': "แก้ไขต่อ",
  'ui.list.failed': "โหลดรายการไม่สำเร็จ",
  'ui.list.offline': "เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบเครือข่ายแล้วลองอีกครั้ง",
  'ui.retry': "ลองอีกครั้ง",
  'ui.created': "สร้างแล้ว",
  'ui.sentForReview': "ส่งตรวจสอบแล้ว",
  'ui.live.paused': "หยุดอัปเดตสดชั่วคราว: กำลังเชื่อมต่อใหม่…",
};

export default messages;
