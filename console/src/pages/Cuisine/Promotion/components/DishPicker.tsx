/**
 * Picks dishes into a promotion: a searchable dish list with row selection; dishes already in
 * the promotion are shown checked and cannot be picked twice.
 */
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Modal, type ButtonProps } from 'antd';
import React, { useMemo, useState } from 'react';
import { listDishes, type Dish } from '@/services/cuisine';
import { displayMoney } from '@/utils/money';
import { t } from '../../shared/text';
import { useCategories } from '../../shared/useCategories';
import { tableRequest } from '@/utils/table';

const DishPicker: React.FC<{
  open: boolean;
  taken: number[];
  onClose: () => void;
  onPick: (dishes: Dish[]) => void;
}> = ({ open, taken, onClose, onPick }) => {
  const [picked, setPicked] = useState<Dish[]>([]);
  const { categories } = useCategories(open);
  const categoryEnum = useMemo(
    () => Object.fromEntries(categories.map((c) => [c.id, { text: c.name }])),
    [categories],
  );
  const columns: ProColumns<Dish>[] = [
    { title: t('cuisine.dish.number'), dataIndex: 'number', width: 100 },
    { title: t('cuisine.dish.name'), dataIndex: 'name' },
    {
      title: t('cuisine.dish.category'),
      dataIndex: 'categoryId',
      valueType: 'select',
      valueEnum: categoryEnum,
      render: (_, r) => r.categoryName,
    },
    {
      title: t('cuisine.promotion.originalPrice'),
      dataIndex: 'price',
      search: false,
      align: 'right',
      render: (_, r) => displayMoney(r.discountPrice ?? r.price, r.currencyDigits),
    },
  ];
  return (
    <Modal
      open={open}
      width={820}
      title={t('cuisine.promotion.pickDishes')}
      okText={t('cuisine.promotion.addPicked', { count: picked.length })}
      okButtonProps={{ disabled: picked.length === 0, 'data-testid': 'picker-ok' } as ButtonProps}
      onCancel={onClose}
      destroyOnClose
      afterOpenChange={(o) => !o && setPicked([])}
      onOk={() => onPick(picked)}
    >
      <ProTable<Dish>
        rowKey="id"
        size="small"
        columns={columns}
        search={{ labelWidth: 'auto', span: 8 }}
        options={false}
        pagination={{ defaultPageSize: 10, showSizeChanger: false }}
        tableAlertRender={false}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...taken, ...picked.map((d) => d.id)],
          getCheckboxProps: (r) => ({ disabled: taken.includes(r.id) }),
          onChange: (_, rows) => setPicked(rows.filter((r) => r && !taken.includes(r.id))),
        }}
        request={tableRequest(listDishes, {
          query: (p) => ({ name: p.name, number: p.number, categoryId: p.categoryId }),
        })}
      />
    </Modal>
  );
};

export default DishPicker;
