import { Card, Empty, Pagination, Space, Spin, Typography, type PaginationProps, type TableProps } from 'antd';
import React from 'react';
import { cardParts, cellValue, columnKey, type CardColumn, type CardLayout } from './cards';

type Column = CardColumn & { render?: (value: any, row: any, index: number) => React.ReactNode };

const cell = (c: Column | undefined, row: any, index: number): React.ReactNode => {
  if (!c) return null;
  const value = cellValue(row, c.dataIndex);
  const out = c.render ? c.render(value, row, index) : value;
  return out === undefined || out === null || out === '' ? '-' : out;
};

/**
 * The rows of a ProTable as cards (its `tableViewRender` on phones): title, avatar and extra
 * from the layout, the other visible columns as label / value lines, the action column at the
 * bottom. Cells are drawn by the table's own column renders, so a switch, a tag or a price
 * looks and works the same as in the table.
 */
function CardList<T extends Record<string, any>>({
  tableProps,
  layout,
  keyword,
  rowKey,
  testId,
}: {
  tableProps: TableProps<T>;
  layout?: CardLayout;
  keyword?: string;
  rowKey?: string | ((row: T) => React.Key);
  testId?: string;
}) {
  const { dataSource = [], loading, pagination } = tableProps;
  const columns = (tableProps.columns ?? []) as Column[];
  const parts = cardParts(columns, layout, keyword);
  const keyOf = (row: T, i: number): React.Key =>
    typeof rowKey === 'function' ? rowKey(row) : rowKey ? row[rowKey] : (row.id ?? i);
  const page = pagination && typeof pagination === 'object' ? (pagination as PaginationProps) : undefined;
  const rowClass = (row: T, i: number): string =>
    typeof tableProps.rowClassName === 'function'
      ? tableProps.rowClassName(row, i, 0)
      : (tableProps.rowClassName ?? '');
  const spinning = typeof loading === 'object' ? !!loading.spinning : !!loading;
  return (
    <div className="venue-cards" data-testid={testId ? `${testId}-cards` : 'cards'}>
      <Spin spinning={spinning}>
        {dataSource.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ padding: '24px 0' }} />
        ) : (
          dataSource.map((row, i) => (
            <Card
              key={keyOf(row, i)}
              size="small"
              className={['venue-card', rowClass(row, i)].filter(Boolean).join(' ')}
              data-testid="card"
            >
              <div className="venue-card-head">
                {parts.avatar ? <div className="venue-card-avatar">{cell(parts.avatar, row, i)}</div> : null}
                <div className="venue-card-title">
                  <Typography.Text strong>{cell(parts.title, row, i)}</Typography.Text>
                </div>
                {parts.extra.length ? (
                  <div className="venue-card-extra">
                    {parts.extra.map((c) => (
                      <div key={columnKey(c)}>{cell(c, row, i)}</div>
                    ))}
                  </div>
                ) : null}
              </div>
              {parts.body.length ? (
                <div className="venue-card-body">
                  {parts.body.map((c) => (
                    <div key={columnKey(c)} className="venue-card-line" data-col={columnKey(c)}>
                      <span className="venue-card-label">{c.title as React.ReactNode}</span>
                      <span className="venue-card-value">{cell(c, row, i)}</span>
                    </div>
                  ))}
                </div>
              ) : null}
              {parts.actions ? (
                <div className="venue-card-actions">
                  <Space wrap size={16}>
                    {cell(parts.actions, row, i)}
                  </Space>
                </div>
              ) : null}
            </Card>
          ))
        )}
      </Spin>
      {page && (page.total ?? 0) > (page.pageSize ?? 20) ? (
        <Pagination
          className="venue-cards-pagination"
          simple
          size="small"
          current={page.current}
          pageSize={page.pageSize}
          total={page.total}
          onChange={page.onChange}
        />
      ) : null}
    </div>
  );
}

export default CardList;
