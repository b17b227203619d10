/**
 * /cuisine/manage: dishes. Filters (name, number, category, sold-out, shelf, specialty), column
 * settings, create / edit drawer with specifications, sold-out and shelf changes confirmed first
 * (single and bulk, sold-out with an optional restore time), per-value sold-out, delete, Excel
 * export of the filter and import with a template and per-row errors.
 */
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Image, Popconfirm, Space, Switch, Tag, Tooltip, Typography, type ButtonProps } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { Access, useOperation } from '@/components/Access';
import { ResponsiveTable } from '@/components/Responsive';
import {
  deleteDishes,
  exportDishes,
  listDishes,
  markInStock,
  setShelf,
  type Dish,
} from '@/services/cuisine';
import { feedback } from '@/utils/feedback';
import { formatDate, formatMessage, formatNumber } from '@/utils/intl';
import type { Params } from '@/services/cuisine';
import { displayMoney } from '@/utils/money';
import CuisinePage from '../shared/CuisinePage';
import { t } from '../shared/text';
import { useCategories } from '../shared/useCategories';
import DishDrawer from './components/DishDrawer';
import ImportModal from './components/ImportModal';
import OptionsPanel from './components/OptionsPanel';
import SoldOutModal from './components/SoldOutModal';
import { tableRequest } from '@/utils/table';
import ActionLink from '@/components/ActionLink';

const modifySucceed = () => feedback.success(formatMessage({ id: 'common.modifySucceed' }));

const names = (rows: Dish[]) =>
  rows.length === 1 ? rows[0].name : t('cuisine.dish.count', { count: formatNumber(rows.length) });

const ManagePage: React.FC = () => {
  const { modal } = App.useApp();
  const { can } = useOperation();
  const actionRef = useRef<ActionType>();
  const lastQuery = useRef<Params>({});
  const [total, setTotal] = useState(0);
  const [money, setMoney] = useState({ currency: '', digits: 2 });
  const [maxSort, setMaxSort] = useState(0);
  const [selected, setSelected] = useState<Dish[]>([]);
  const [drawer, setDrawer] = useState<{ open: boolean; dish?: Dish }>({ open: false });
  const [soldOut, setSoldOut] = useState<{ ids: number[]; label: string }>();
  const [importOpen, setImportOpen] = useState(false);
  // the dish just created or saved, highlighted in the list
  const [fresh, setFresh] = useState<number>();
  const { categories, reload: reloadCategories } = useCategories();

  const reload = () => actionRef.current?.reload();
  const clearSelection = () => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
  };
  const done = () => {
    modifySucceed();
    clearSelection();
    reload();
  };

  const confirmShelf = (rows: Dish[], onSale: boolean) =>
    modal.confirm({
      title: onSale ? t('cuisine.shelf.onConfirmTitle') : t('cuisine.shelf.offConfirmTitle'),
      content: onSale
        ? t('cuisine.shelf.onConfirm', { name: names(rows) })
        : t('cuisine.shelf.offConfirm', { name: names(rows) }),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: async () => {
        await setShelf(
          rows.map((r) => r.id),
          onSale,
        );
        done();
      },
    });

  const confirmInStock = (rows: Dish[]) =>
    modal.confirm({
      title: t('cuisine.inStock.confirmTitle'),
      content: t('cuisine.inStock.confirm', { name: names(rows) }),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: async () => {
        await markInStock(rows.map((r) => r.id));
        done();
      },
    });

  const remove = async (rows: Dish[]) => {
    await deleteDishes(rows.map((r) => r.id));
    feedback.success(formatMessage({ id: 'common.deleteSucceed' }));
    clearSelection();
    reload();
    reloadCategories();
  };

  const exportCurrent = async () => {
    if (total === 0) {
      feedback.error(formatMessage({ id: 'common.noDataToExport' }));
      return;
    }
    try {
      await exportDishes(lastQuery.current);
    } catch {
      /* the request layer shows the server's message (e.g. no data) */
    }
  };

  const categoryEnum = useMemo(
    () => Object.fromEntries(categories.map((c) => [c.id, { text: c.name }])),
    [categories],
  );

  const columns: ProColumns<Dish>[] = [
    {
      title: t('cuisine.dish.images'),
      dataIndex: 'images',
      key: 'images',
      search: false,
      width: 72,
      render: (_, r) =>
        r.images.length ? (
          <Image.PreviewGroup items={r.images}>
            <Image src={r.images[0]} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
          </Image.PreviewGroup>
        ) : (
          '-'
        ),
    },
    { title: t('cuisine.dish.number'), dataIndex: 'number', key: 'number', width: 110, copyable: true },
    {
      title: t('cuisine.dish.name'),
      dataIndex: 'name',
      key: 'name',
      render: (_, r) => (
        <Space size={4} wrap data-testid={`dish-row-${r.number}`}>
          <span>{r.name}</span>
          {r.specialty ? <Tag color="gold">{t('cuisine.dish.specialty')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('cuisine.dish.category'),
      dataIndex: 'categoryId',
      key: 'categoryId',
      valueType: 'select',
      valueEnum: categoryEnum,
      fieldProps: { showSearch: true },
      render: (_, r) => r.categoryName,
    },
    {
      title: t('cuisine.dish.price'),
      dataIndex: 'price',
      key: 'price',
      search: false,
      sorter: true,
      align: 'right',
      render: (_, r) =>
        r.discountPrice !== null ? (
          <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            <span>{displayMoney(r.discountPrice, r.currencyDigits, r.currency)}</span>
            <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
              {displayMoney(r.price, r.currencyDigits, r.currency)}
            </Typography.Text>
          </Space>
        ) : (
          displayMoney(r.price, r.currencyDigits, r.currency)
        ),
    },
    {
      title: t('cuisine.dish.specialty'),
      dataIndex: 'specialty',
      key: 'specialty',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: t('cuisine.yes') }, false: { text: t('cuisine.no') } },
    },
    { title: t('cuisine.sort'), dataIndex: 'sort', key: 'sort', search: false, sorter: true, width: 90 },
    {
      title: t('cuisine.dish.shelf'),
      dataIndex: 'status',
      key: 'status',
      width: 130,
      valueType: 'select',
      valueEnum: {
        on_sale: { text: t('cuisine.shelf.on_sale'), status: 'Success' },
        removed: { text: t('cuisine.shelf.removed'), status: 'Default' },
      },
      render: (_, r) => {
        const onSale = r.status === 'on_sale';
        const allowed = can(onSale ? 'cuisine:dish:disable' : 'cuisine:dish:enable');
        return (
          <Switch
            size="small"
            data-testid={`shelf-${r.number}`}
            checked={onSale}
            disabled={!allowed}
            checkedChildren={t('cuisine.shelf.on_sale')}
            unCheckedChildren={t('cuisine.shelf.removed')}
            onClick={() => confirmShelf([r], !onSale)}
          />
        );
      },
    },
    {
      title: t('cuisine.soldOut'),
      dataIndex: 'soldOut',
      key: 'soldOut',
      width: 170,
      valueType: 'select',
      valueEnum: { true: { text: t('cuisine.soldOut'), status: 'Error' }, false: { text: t('cuisine.inStock'), status: 'Success' } },
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Switch
            size="small"
            data-testid={`soldout-${r.number}`}
            checked={r.soldOut}
            disabled={!can('cuisine:soldout:edit')}
            checkedChildren={t('cuisine.soldOut')}
            unCheckedChildren={t('cuisine.inStock')}
            onClick={() => (r.soldOut ? confirmInStock([r]) : setSoldOut({ ids: [r.id], label: r.name }))}
          />
          {r.soldOut && r.restoreAt ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('cuisine.soldOut.until', { time: formatDate(r.restoreAt, 'MM-DD HH:mm') })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('cuisine.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      search: false,
      width: 170,
      sorter: true,
      render: (_, r) => formatDate(r.updatedAt),
    },
    {
      title: t('cuisine.actions'),
      valueType: 'option',
      key: 'option',
      width: 130,
      fixed: 'right',
      render: (_, row) => [
        <Access key="edit" code="cuisine:dish:edit">
          <ActionLink onClick={() => setDrawer({ open: true, dish: row })} data-testid={`dish-edit-${row.number}`}>
            {t('cuisine.edit')}
          </ActionLink>
        </Access>,
        <Access key="delete" code="cuisine:dish:delete">
          <Popconfirm title={t('cuisine.dish.deleteConfirm', { name: row.name })} onConfirm={() => remove([row])}>
            <ActionLink>{t('cuisine.delete')}</ActionLink>
          </Popconfirm>
        </Access>,
      ],
    },
  ];

  const bulk = (rows: Dish[]) => {
    const anyBulk =
      can('cuisine:dish:enable') || can('cuisine:dish:disable') || can('cuisine:soldout:edit') || can('cuisine:dish:delete');
    if (!anyBulk) return false;
    return (
      <Space size={4} wrap>
        <Access code="cuisine:dish:enable">
          <Button size="small" type="link" onClick={() => confirmShelf(rows, true)}>
            {t('cuisine.shelf.putOn')}
          </Button>
        </Access>
        <Access code="cuisine:dish:disable">
          <Button size="small" type="link" onClick={() => confirmShelf(rows, false)}>
            {t('cuisine.shelf.takeOff')}
          </Button>
        </Access>
        <Access code="cuisine:soldout:edit">
          <Button size="small" type="link" onClick={() => setSoldOut({ ids: rows.map((r) => r.id), label: names(rows) })}>
            {t('cuisine.soldOut.mark')}
          </Button>
          <Button size="small" type="link" onClick={() => confirmInStock(rows)}>
            {t('cuisine.inStock.mark')}
          </Button>
        </Access>
        <Access code="cuisine:dish:delete">
          <Popconfirm title={t('cuisine.dish.deleteManyConfirm', { count: rows.length })} onConfirm={() => remove(rows)}>
            <Button size="small" type="link" danger>
              {t('cuisine.delete')}
            </Button>
          </Popconfirm>
        </Access>
        <Button size="small" type="link" onClick={clearSelection}>
          {t('cuisine.clearSelection')}
        </Button>
      </Space>
    );
  };

  return (
    <CuisinePage testId="cuisine-manage">
      <ResponsiveTable<Dish>
        rowKey="id"
        testId="dish"
        urlFilters={['soldOut', 'status', 'categoryId', 'name']}
        rowClassName={(r) => (r.id === fresh ? 'venue-row-new' : '')}
        keyword="name"
        card={{ title: 'name', avatar: 'images', extra: ['price'], primary: ['soldOut', 'status'], hide: ['sort'] }}
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.cuisine.manage')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1100 }}
        columnsState={{
          persistenceKey: 'venue.cuisine.dish.columns',
          persistenceType: 'localStorage',
          defaultValue: { updatedAt: { show: false } },
        }}
        options={{ density: true, reload: true, setting: { draggable: true } }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_, rows) => setSelected(rows),
          preserveSelectedRowKeys: false,
        }}
        tableAlertRender={({ selectedRowKeys }) =>
          t('cuisine.selected', { count: formatNumber(selectedRowKeys.length) })
        }
        tableAlertOptionRender={({ selectedRows }) => bulk(selectedRows)}
        expandable={{
          expandedRowRender: (r) => <OptionsPanel dishId={r.id} onChanged={reload} />,
        }}
        request={tableRequest(listDishes, {
          query: (p) => ({
            name: p.name,
            number: p.number,
            categoryId: p.categoryId,
            soldOut: p.soldOut,
            status: p.status,
            specialty: p.specialty,
          }),
          onPage: (page, { pageNo: _pageNo, pageSize: _pageSize, ...query }) => {
            lastQuery.current = query;
            setTotal(page.total);
            if (page.records.length) {
              setMoney({ currency: page.records[0].currency, digits: page.records[0].currencyDigits });
              setMaxSort((m) => Math.max(m, ...page.records.map((r) => r.sort)));
            }
            setSelected((prev) => prev.filter((s) => page.records.some((r) => r.id === s.id)));
          },
        })}
        toolBarRender={() => [
          <Access key="import" code="cuisine:dish:import">
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="dish-import">
              {t('cuisine.import')}
            </Button>
          </Access>,
          <Access key="export" code="cuisine:dish:export">
            <Tooltip title={t('cuisine.export.hint')}>
              <Button icon={<DownloadOutlined />} onClick={exportCurrent} data-testid="dish-export">
                {t('cuisine.export')}
              </Button>
            </Tooltip>
          </Access>,
          <Access key="add" code="cuisine:dish:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="dish-add"
              onClick={() => {
                reloadCategories();
                setDrawer({ open: true });
              }}
            >
              {t('cuisine.dish.add')}
            </Button>
          </Access>,
        ]}
      />
      <DishDrawer
        open={drawer.open}
        dish={drawer.dish}
        categories={categories}
        currency={money.currency}
        digits={money.digits}
        nextSort={maxSort + 1}
        onClose={() => setDrawer({ open: false })}
        onSaved={(id) => {
          setDrawer({ open: false });
          setFresh(id);
          reload();
          reloadCategories();
        }}
      />
      <SoldOutModal
        target={soldOut}
        onClose={() => setSoldOut(undefined)}
        onDone={() => {
          setSoldOut(undefined);
          done();
        }}
      />
      <ImportModal
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => {
          reload();
          reloadCategories();
        }}
      />
    </CuisinePage>
  );
};

export default ManagePage;
