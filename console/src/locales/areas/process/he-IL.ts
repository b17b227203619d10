/** process pages, he-IL. Same keys in all 16 files of this folder (tests/locales.test.ts). */
const messages: Record<string, string> = {};

export default messages;
