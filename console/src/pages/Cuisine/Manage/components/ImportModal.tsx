/**
 * Excel import of dishes: the template, the upload, and the server's report. Nothing is written
 * unless every row is valid; each bad cell is listed with its row, column and message.
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Result, Space, Table, Upload } from 'antd';
import React, { useState } from 'react';
import { downloadImportTemplate, importDishes, type ImportReport } from '@/services/cuisine';
import { errorText } from '@/utils/errors';
import { formatNumber } from '@/utils/intl';
import { t } from '../../shared/text';

/** The server names import columns by their field; shown with the form's labels. */
const COLUMN_LABELS: Record<string, string> = {
  number: 'cuisine.dish.number',
  name: 'cuisine.dish.name',
  categoryId: 'cuisine.dish.category',
  sort: 'cuisine.sort',
  price: 'cuisine.dish.price',
  discountPrice: 'cuisine.dish.discountPrice',
  description: 'cuisine.dish.description',
  specialty: 'cuisine.dish.specialty',
  status: 'cuisine.dish.shelf',
  images: 'cuisine.dish.images',
  specs: 'cuisine.spec.title',
};

const columnLabel = (field: string) => {
  const root = field.split(/[.[]/)[0];
  return COLUMN_LABELS[root] ? t(COLUMN_LABELS[root]) : field;
};

const ImportModal: React.FC<{ open: boolean; onClose: () => void; onImported: () => void }> = ({
  open,
  onClose,
  onImported,
}) => {
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    setError(undefined);
    setReport(undefined);
    try {
      const result = await importDishes(file);
      setReport(result);
      if (result.imported > 0 && result.errors.length === 0) onImported();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('cuisine.import.title')}
      width={760}
      footer={<Button onClick={onClose}>{t('cuisine.close')}</Button>}
      onCancel={onClose}
      destroyOnClose
      afterOpenChange={(o) => {
        if (!o) {
          setReport(undefined);
          setError(undefined);
        }
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        <Alert type="info" showIcon message={t('cuisine.import.hint')} />
        <Button icon={<DownloadOutlined />} onClick={() => downloadImportTemplate()} data-testid="import-template">
          {t('cuisine.import.template')}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{busy ? t('cuisine.import.running') : t('cuisine.import.drop')}</p>
        </Upload.Dragger>
        {error ? <Alert type="error" showIcon message={error} /> : null}
        {report && report.errors.length === 0 ? (
          <Result
            status="success"
            title={t('cuisine.import.done', { count: formatNumber(report.imported) })}
          />
        ) : null}
        {report && report.errors.length > 0 ? (
          <>
            <Alert
              type="error"
              showIcon
              message={t('cuisine.import.failed', {
                count: formatNumber(new Set(report.errors.map((e) => e.row)).size),
                total: formatNumber(report.total),
              })}
            />
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
              dataSource={report.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              data-testid="import-errors"
              columns={[
                { title: t('cuisine.import.row'), dataIndex: 'row', width: 80 },
                { title: t('cuisine.import.field'), dataIndex: 'field', width: 160, render: (f: string) => columnLabel(f) },
                { title: t('cuisine.import.message'), dataIndex: 'message' },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Modal>
  );
};

export default ImportModal;
