/**
 * /configure/settingprinter: a venue's network printers (ESC/POS over TCP, port 9100) with their
 * job (kitchen, receipt, label), model, IP, copies, font size, character set, paper width, cut,
 * backup printer, and the dish categories each kitchen printer prints. The setup check on top
 * lists on-shelf dishes whose category reaches no enabled kitchen printer.
 */
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import { Alert, Button, Collapse, List, Space, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Access, useOperation } from '@/components/Access';
import { dishCategories, type Category } from '@/services/cuisine';
import {
  deletePrinter,
  listPrinters,
  printerCheck,
  printerModels,
  setPrinterEnabled,
  type Printer,
  type PrinterModel,
  type SetupCheck,
} from '@/services/configure';
import { agentStatus, testPrint, type PrintAgent } from '@/services/printing';
import { feedback } from '@/utils/feedback';
import ConfigurePage, { type VenueProps } from '../shared/ConfigurePage';
import { t } from '../shared/text';
import { DeleteLink, EnabledSwitch } from '../shared/RowActions';
import { usePoll } from '../shared/usePoll';
import PrinterModal, { TYPES } from './components/PrinterModal';
import ActionLink from '@/components/ActionLink';

const CheckPanel: React.FC<{ check?: SetupCheck }> = ({ check }) => {
  if (!check) return null;
  if (check.unrouted.length === 0) {
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('configure.check.ok', { count: check.kitchenPrinters })}
        data-testid="printer-check-ok"
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="printer-check-warning"
      message={t('configure.check.unrouted', {
        count: check.unrouted.length,
        categories: check.categories.map((c) => c.name).join(', '),
      })}
      description={
        <Collapse
          ghost
          size="small"
          items={[
            {
              key: 'dishes',
              label: t('configure.check.showDishes'),
              children: (
                <List
                  size="small"
                  dataSource={check.unrouted}
                  renderItem={(d) => (
                    <List.Item>
                      {d.number} · {d.name} <Tag>{d.categoryName}</Tag>
                    </List.Item>
                  )}
                />
              ),
            },
          ]}
        />
      }
    />
  );
};

const Printers: React.FC<VenueProps> = ({ venueId }) => {
  const { can } = useOperation();
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<{ open: boolean; printer?: Printer }>({ open: false });
  // The venue's printers for the backup picker; a ref: a state set from the table's request would reload it.
  const printers = useRef<Printer[]>([]);
  const [models, setModels] = useState<PrinterModel[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  const [check, setCheck] = useState<SetupCheck>();
  // The venue's print agent (issue 15); left out for users without the print job page.
  const [agent, setAgent] = useState<PrintAgent>();

  const refreshCheck = useCallback(
    () =>
      printerCheck(venueId)
        .then(setCheck)
        .catch(() => undefined),
    [venueId],
  );
  const mayReadJobs = can('printing:job:query');
  const refreshAgent = useCallback(
    () =>
      mayReadJobs
        ? agentStatus(venueId)
            .then(setAgent)
            .catch(() => undefined)
        : Promise.resolve(),
    [venueId, mayReadJobs],
  );
  const reload = () => {
    actionRef.current?.reload();
    refreshCheck();
    refreshAgent();
  };
  useEffect(() => {
    printerModels()
      .then(setModels)
      .catch(() => undefined);
    dishCategories()
      .then(setCategories)
      .catch(() => setCategories([]));
    refreshCheck();
    refreshAgent();
  }, [refreshCheck, refreshAgent]);
  usePoll(reload, 30_000);

  const categoryName = (id: number) => categories.find((c) => c.id === id)?.name ?? `#${id}`;

  const columns: ProColumns<Printer>[] = [
    {
      title: t('configure.printer.name'),
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      render: (_, r) => <strong data-testid={`printer-row-${r.name}`}>{r.name}</strong>,
    },
    {
      title: t('configure.printer.type'),
      dataIndex: 'type',
      key: 'type',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        TYPES.map((v) => [v, { text: t(`configure.printerType.${v}`) }]),
      ),
      render: (_, r) => (
        <Tag color={r.type === 'kitchen' ? 'orange' : r.type === 'receipt' ? 'blue' : 'default'}>
          {t(`configure.printerType.${r.type}`)}
        </Tag>
      ),
    },
    { title: t('configure.printer.model'), dataIndex: 'model', key: 'model', search: false },
    {
      title: t('configure.printer.ip'),
      key: 'address',
      search: false,
      render: (_, r) => `${r.ip}:${r.port}`,
    },
    {
      title: t('configure.printer.copies'),
      dataIndex: 'copies',
      key: 'copies',
      search: false,
      width: 70,
    },
    {
      title: t('configure.printer.fontSize'),
      key: 'fontSize',
      search: false,
      render: (_, r) => t(`configure.font.${r.fontSize}`),
    },
    { title: t('configure.printer.charset'), dataIndex: 'charset', key: 'charset', search: false },
    {
      title: t('configure.printer.paperWidth'),
      key: 'paperWidth',
      search: false,
      render: (_, r) => `${r.paperWidth} mm`,
    },
    {
      title: t('configure.printer.categories'),
      key: 'categories',
      search: false,
      render: (_, r) =>
        r.type === 'kitchen' ? (
          <Space size={2} wrap>
            {r.categoryIds.map((id) => (
              <Tag key={id}>{categoryName(id)}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('configure.printer.backup'),
      dataIndex: 'backupName',
      key: 'backup',
      search: false,
      render: (_, r) => r.backupName || '-',
    },
    {
      title: t('configure.table.status'),
      dataIndex: 'status',
      key: 'status',
      search: false,
      render: (_, r) => (
        <EnabledSwitch
          resource="printer"
          enabled={r.status === 1}
          onChange={(v) => setPrinterEnabled(r.id, v)}
          onDone={reload}
        />
      ),
    },
    {
      title: t('configure.actions'),
      valueType: 'option',
      key: 'option',
      render: (_, r) => [
        <Access key="edit" code="configure:printer:edit">
          <ActionLink
            onClick={() => setEditing({ open: true, printer: r })}
            data-testid={`printer-edit-${r.name}`}
          >
            {t('configure.edit')}
          </ActionLink>
        </Access>,
        <Access key="test" code="printing:job:add">
          <ActionLink
            data-testid={`printer-test-${r.name}`}
            onClick={async () => {
              await testPrint(venueId, r.id);
              feedback.success(t('printing.testQueued'));
            }}
          >
            {t('printing.test')}
          </ActionLink>
        </Access>,
        <DeleteLink
          key="delete"
          code="configure:printer:delete"
          title={t('configure.printer.deleteConfirm', { name: r.name })}
          onDelete={() => deletePrinter(r.id)}
          onDone={reload}
        />,
      ],
    },
  ];

  return (
    <>
      <CheckPanel check={check} />
      {agent?.configured ? (
        <Space style={{ marginBottom: 12 }} data-testid="printer-agent">
          <Typography.Text strong>{t('printing.agent')}</Typography.Text>
          <Tag color={agent.online ? 'success' : 'error'}>
            {t(agent.online ? 'printing.agent.online' : 'printing.agent.offline')}
          </Tag>
        </Space>
      ) : null}
      <ResponsiveTable<Printer>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.configure.settingprinter')}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        scroll={{ x: 1300 }}
        options={{ density: true, reload: true, setting: true }}
        pagination={false}
        request={async (params) => {
          const page = await listPrinters(venueId, params.type);
          if (!params.type) printers.current = page.records;
          return { data: page.records, total: page.total, success: true };
        }}
        toolBarRender={() => [
          <Access key="add" code="configure:printer:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true })}
              data-testid="printer-add"
            >
              {t('configure.printer.add')}
            </Button>
          </Access>,
        ]}
      />
      <PrinterModal
        open={editing.open}
        venueId={venueId}
        printer={editing.printer}
        printers={printers.current}
        models={models}
        categories={categories}
        onClose={() => setEditing({ open: false })}
        onSaved={() => {
          setEditing({ open: false });
          reload();
        }}
      />
    </>
  );
};

const SettingPrinterPage: React.FC = () => (
  <ConfigurePage testId="configure-printers">{(venue) => <Printers {...venue} />}</ConfigurePage>
);

export default SettingPrinterPage;
