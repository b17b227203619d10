import { displayMoney } from '@/utils/money';

/** An antd Table column of amounts (minor units), right-aligned, with the report's currency digits. */
export function amountColumn<T>(title: string, dataIndex: keyof T & string, digits: number) {
  return {
    title,
    dataIndex,
    align: 'right' as const,
    render: (v: unknown) => displayMoney(v as number, digits),
  };
}
