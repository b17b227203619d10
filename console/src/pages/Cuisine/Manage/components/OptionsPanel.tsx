/**
 * Expanded row of the dish list: the specifications with each value's price delta and its own
 * sold-out switch (POST …/dish/option/soldOut, confirmed first).
 */
import { Descriptions, Empty, Popconfirm, Skeleton, Space, Switch, Tag } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { useOperation } from '@/components/Access';
import { getDish, setOptionsSoldOut, type DishDetail } from '@/services/cuisine';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { displayMoney } from '@/utils/money';
import { t } from '../../shared/text';

const OptionsPanel: React.FC<{ dishId: number; onChanged: () => void }> = ({ dishId, onChanged }) => {
  const [detail, setDetail] = useState<DishDetail>();
  const { can } = useOperation();
  const load = useCallback(() => getDish(dishId).then(setDetail).catch(() => undefined), [dishId]);
  useEffect(() => {
    load();
  }, [load]);
  if (!detail) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!detail.specs.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cuisine.spec.none')} />;
  const editable = can('cuisine:soldout:edit');
  return (
    <Descriptions size="small" column={1} bordered>
      {detail.specs.map((spec) => (
        <Descriptions.Item
          key={spec.id}
          label={
            <Space size={4} wrap>
              <span>{spec.name}</span>
              {spec.required ? <Tag color="red">{t('cuisine.spec.required')}</Tag> : null}
              <Tag>{t('cuisine.spec.choices.range', { min: spec.minChoices, max: spec.maxChoices })}</Tag>
            </Space>
          }
        >
          <Space wrap size={[16, 8]}>
            {spec.options.map((o) => (
              <Space key={o.id} size={6} data-testid={`option-${o.value}`}>
                <span>{o.value}</span>
                {o.priceDelta ? (
                  <Tag color="blue">
                    {o.priceDelta > 0 ? '+' : ''}
                    {displayMoney(o.priceDelta, detail.currencyDigits)}
                  </Tag>
                ) : null}
                <Popconfirm
                  disabled={!editable}
                  title={o.soldOut ? t('cuisine.option.inStockConfirm', { name: o.value }) : t('cuisine.option.soldOutConfirm', { name: o.value })}
                  onConfirm={async () => {
                    await setOptionsSoldOut([o.id], !o.soldOut);
                    feedback.success(formatMessage({ id: 'common.modifySucceed' }));
                    await load();
                    onChanged();
                  }}
                >
                  <Switch
                    size="small"
                    disabled={!editable}
                    checked={o.soldOut}
                    checkedChildren={t('cuisine.soldOut')}
                    unCheckedChildren={t('cuisine.inStock')}
                  />
                </Popconfirm>
              </Space>
            ))}
          </Space>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
};

export default OptionsPanel;
