/** Frame of a cuisine page: the active language for antd and pro-components (see LocalePage). */
export { default } from '@/components/LocalePage';
