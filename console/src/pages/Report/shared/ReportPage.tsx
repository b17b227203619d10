/** Frame of a report page: the active language for antd and pro-components (see LocalePage). */
export { default } from '@/components/LocalePage';
