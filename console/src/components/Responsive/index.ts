export { default as ResponsiveTable, type ResponsiveTableProps } from './ResponsiveTable';
export { default as CardList } from './CardList';
export { default as FilterBar, type FilterBarProps } from './FilterBar';
export type { CardLayout } from './cards';
