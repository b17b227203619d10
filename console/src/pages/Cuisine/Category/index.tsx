/**
 * /cuisine/category: dish categories in menu order. Drag rows to reorder (PUT …/category/sort),
 * add and edit (name and sort required, name unique), enable / disable, dish counts, and delete
 * — a category that still holds dishes asks where its dishes move to.
 */
import { PlusOutlined } from '@ant-design/icons';
import {
  DragSortTable,
  ModalForm,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { Button, Form, Modal, Popconfirm, Select, Typography, type ButtonProps } from 'antd';
import React, { useRef, useState } from 'react';
import FormAlert from '@/components/FormAlert';
import { Access, useOperation } from '@/components/Access';
import {
  createCategory,
  deleteCategory,
  dishCategories,
  listCategories,
  setCategoryEnabled,
  sortCategories,
  updateCategory,
  type Category,
} from '@/services/cuisine';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { formatDate, formatMessage, formatNumber } from '@/utils/intl';
import { RequestError } from '@/utils/request';
import { showFormError } from '@/utils/fieldErrors';
import { MAX_SORT } from '../shared/limits';
import CuisinePage from '../shared/CuisinePage';
import { statusColumn } from '../shared/statusColumn';
import { t } from '../shared/text';
import { tableRequest } from '@/utils/table';
import { useModalFormGuard } from '@/components/Sheet';
import ActionLink from '@/components/ActionLink';

const modifySucceed = () => feedback.success(formatMessage({ id: 'common.modifySucceed' }));
const deleteSucceed = () => feedback.success(formatMessage({ id: 'common.deleteSucceed' }));

interface CategoryFormValues {
  name: string;
  sort: number;
  enabled?: boolean;
}

const CategoryForm: React.FC<{
  open: boolean;
  editing?: Category;
  nextSort: number;
  onClose: () => void;
  onSaved: () => void;
}> = ({ open, editing, nextSort, onClose, onSaved }) => {
  const [form] = Form.useForm<CategoryFormValues>();
  const guard = useModalFormGuard(form, open);
  const [alert, setAlert] = useState<string>();
  return (
    <ModalForm<CategoryFormValues>
      form={form}
      name="cuisineCategory"
      open={open}
      width={480}
      title={editing ? t('cuisine.category.edit') : t('cuisine.category.add')}
      onOpenChange={guard.openChange((o) => !o && onClose())}
      submitter={{
        searchConfig: {
          submitText: formatMessage({ id: 'common.save' }),
          resetText: formatMessage({ id: 'common.cancel' }),
        },
        submitButtonProps: { 'data-testid': 'category-save' } as ButtonProps,
      }}
      modalProps={{ destroyOnClose: true, afterClose: () => setAlert(undefined) }}
      initialValues={editing ? { name: editing.name, sort: editing.sort } : { sort: nextSort, enabled: true }}
      onFinish={guard.finish(async (values) => {
        setAlert(undefined);
        const body = { name: values.name.trim(), sort: values.sort };
        try {
          if (editing) await updateCategory(editing.id, body);
          else await createCategory({ ...body, status: values.enabled === false ? 0 : 1 });
        } catch (e) {
          setAlert(showFormError(form, e, ['name', 'sort', 'status'], { scroll: true }));
          return false;
        }
        modifySucceed();
        onSaved();
        return true;
      })}
    >
      <FormAlert message={alert} />
      <ProFormText
        name="name"
        label={t('cuisine.category.name')}
        fieldProps={{ maxLength: 64, showCount: true, 'data-testid': 'category-name' } as object}
        rules={[{ required: true, whitespace: true, message: t('cuisine.required', { field: t('cuisine.category.name') }) }]}
      />
      <ProFormDigit
        name="sort"
        label={t('cuisine.sort')}
        min={0}
        max={MAX_SORT}
        fieldProps={{ precision: 0 }}
        tooltip={t('cuisine.sort.hint')}
        rules={[{ required: true, message: t('cuisine.required', { field: t('cuisine.sort') }) }]}
      />
      {editing ? null : <ProFormSwitch name="enabled" label={t('cuisine.category.enabled')} />}
    </ModalForm>
  );
};

/** Deleting a category that holds dishes: pick the category they move to. */
const MoveDishesModal: React.FC<{
  category?: Category;
  onClose: () => void;
  onDeleted: () => void;
}> = ({ category, onClose, onDeleted }) => {
  const [targets, setTargets] = useState<Category[]>([]);
  const [moveTo, setMoveTo] = useState<number>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={!!category}
      title={t('cuisine.category.deleteTitle', { name: category?.name ?? '' })}
      okText={t('cuisine.category.moveAndDelete')}
      okButtonProps={{ danger: true, disabled: !moveTo, loading: busy, 'data-testid': 'category-move-ok' } as ButtonProps}
      onCancel={onClose}
      destroyOnClose
      afterOpenChange={async (open) => {
        if (!open) {
          setMoveTo(undefined);
          setError(undefined);
          return;
        }
        try {
          setTargets((await dishCategories()).filter((c) => c.id !== category?.id));
        } catch {
          /* shown by the request layer */
        }
      }}
      onOk={async () => {
        if (!category || !moveTo) return;
        setBusy(true);
        setError(undefined);
        try {
          await deleteCategory(category.id, moveTo);
          deleteSucceed();
          onDeleted();
        } catch (e) {
          setError(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph>
        {t('cuisine.category.hasDishes', { name: category?.name ?? '', count: category?.dishCount ?? 0 })}
      </Typography.Paragraph>
      <FormAlert message={error} gap={12} />
      <Form layout="vertical">
        <Form.Item label={t('cuisine.category.moveTo')} required>
          <Select
            data-testid="category-move-to"
            value={moveTo}
            onChange={setMoveTo}
            placeholder={t('cuisine.category.moveTo.placeholder')}
            options={targets.map((c) => ({ value: c.id, label: c.name }))}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const CategoryPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const { can } = useOperation();
  const [data, setData] = useState<Category[]>([]);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Category>();
  const [moving, setMoving] = useState<Category>();
  const reload = () => actionRef.current?.reload();

  const remove = async (row: Category) => {
    try {
      await deleteCategory(row.id);
      deleteSucceed();
      reload();
    } catch (e) {
      // the count may be stale: the server refuses a category that still holds dishes
      if (e instanceof RequestError && e.code === 10003) setMoving(row);
      else feedback.error(errorText(e));
    }
  };

  const toggle = async (row: Category, enabled: boolean) => {
    await setCategoryEnabled(row.id, enabled);
    modifySucceed();
    reload();
  };

  const columns: ProColumns<Category>[] = [
    { title: t('cuisine.category.drag'), dataIndex: 'drag', width: 64, search: false, className: 'drag-visible' },
    {
      title: t('cuisine.category.name'),
      dataIndex: 'name',
      render: (_, r) => <span data-testid={`category-row-${r.name}`}>{r.name}</span>,
    },
    { title: t('cuisine.sort'), dataIndex: 'sort', search: false, width: 100 },
    {
      title: t('cuisine.category.dishCount'),
      dataIndex: 'dishCount',
      search: false,
      width: 120,
      render: (_, r) => formatNumber(r.dishCount),
    },
    statusColumn<Category>({
      allowed: (r) => can(r.status === 1 ? 'cuisine:category:disable' : 'cuisine:category:enable'),
      confirm: (enable) =>
        enable ? t('cuisine.category.enableConfirm') : t('cuisine.category.disableConfirm'),
      toggle,
      deniedAsTag: true,
    }),
    {
      title: t('cuisine.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      width: 180,
      render: (_, r) => formatDate(r.updatedAt),
    },
    {
      title: t('cuisine.actions'),
      valueType: 'option',
      width: 160,
      render: (_, row) => [
        <Access key="edit" code="cuisine:category:edit">
          <ActionLink
            onClick={() => {
              setEditing(row);
              setFormOpen(true);
            }}
          >
            {t('cuisine.edit')}
          </ActionLink>
        </Access>,
        <Access key="delete" code="cuisine:category:delete">
          {row.dishCount > 0 ? (
            <ActionLink onClick={() => setMoving(row)} data-testid={`category-delete-${row.name}`}>
              {t('cuisine.delete')}
            </ActionLink>
          ) : (
            <Popconfirm title={t('cuisine.category.deleteConfirm', { name: row.name })} onConfirm={() => remove(row)}>
              <ActionLink data-testid={`category-delete-${row.name}`}>{t('cuisine.delete')}</ActionLink>
            </Popconfirm>
          )}
        </Access>,
      ],
    },
  ];

  const canSort = can('cuisine:category:edit');
  const nextSort = data.reduce((m, c) => Math.max(m, c.sort), 0) + 1;

  return (
    <CuisinePage testId="cuisine-category">
      <DragSortTable<Category>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        dragSortKey={canSort ? 'drag' : undefined}
        headerTitle={t('menu.cuisine.category')}
        search={{ labelWidth: 'auto' }}
        tooltip={canSort ? t('cuisine.category.dragHint') : undefined}
        onDragSortEnd={async (_before, _after, next) => {
          setData(next);
          try {
            await sortCategories(next.map((c) => c.id));
            modifySucceed();
          } finally {
            reload();
          }
        }}
        dataSource={data}
        request={tableRequest(listCategories, {
          query: (p) => ({ name: p.name, status: p.status }),
          onPage: (page) => setData(page.records),
        })}
        pagination={{ defaultPageSize: 50, showSizeChanger: true }}
        toolBarRender={() => [
          <Access key="add" code="cuisine:category:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="category-add"
              onClick={() => {
                setEditing(undefined);
                setFormOpen(true);
              }}
            >
              {t('cuisine.category.add')}
            </Button>
          </Access>,
        ]}
      />
      <CategoryForm
        open={formOpen}
        editing={editing}
        nextSort={nextSort}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          reload();
        }}
      />
      <MoveDishesModal
        category={moving}
        onClose={() => setMoving(undefined)}
        onDeleted={() => {
          setMoving(undefined);
          reload();
        }}
      />
    </CuisinePage>
  );
};

export default CategoryPage;
