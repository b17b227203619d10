import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import type { UploadFile } from 'antd';
import React, { useMemo, useState } from 'react';
import { importFile, type ImportReport } from '@/services/sys-admin';
import { download } from '@/utils/request';
import { badRowCount, importErrorRows } from './logic';
import { t } from './text';

export interface ImportModalProps {
  open: boolean;
  title: string;
  importUrl: string;
  templateUrl: string;
  /** accepted file types, e.g. .xlsx or .csv,.xlsx */
  accept: string;
  /** the file's columns (field names), to order the error table */
  columns: string[];
  /** label of a field named in an error */
  fieldLabel: (field: string) => string;
  onClose: () => void;
  /** called after a successful import (every row written) */
  onImported: (report: ImportReport) => void;
}

/**
 * Import dialog: template download, file pick, then the report. A file with bad rows
 * writes nothing; each bad cell is listed with its row (row 2 is the first data row).
 */
const ImportModal: React.FC<ImportModalProps> = ({
  open,
  title,
  importUrl,
  templateUrl,
  accept,
  columns,
  fieldLabel,
  onClose,
  onImported,
}) => {
  const [file, setFile] = useState<UploadFile>();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();
  const rows = useMemo(() => importErrorRows(report?.errors ?? [], columns), [report, columns]);

  const reset = () => {
    setFile(undefined);
    setReport(undefined);
  };

  const start = async () => {
    if (!file?.originFileObj) return;
    setBusy(true);
    setReport(undefined);
    try {
      const answer = await importFile(importUrl, file.originFileObj, file.name);
      setReport(answer);
      if (answer.errors.length === 0) onImported(answer);
    } catch {
      /* the request layer showed the message (not a spreadsheet, empty, too many rows) */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={760}
      destroyOnClose
      afterClose={reset}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('sys.close')}
        </Button>,
        <Button
          key="start"
          type="primary"
          loading={busy}
          disabled={!file}
          onClick={start}
          data-testid="import-start"
        >
          {t('sys.import.start')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => download(templateUrl).catch(() => undefined)}
            data-testid="import-template"
          >
            {t('sys.import.template')}
          </Button>
          <span style={{ opacity: 0.75 }}>{t('sys.import.hint')}</span>
        </Space>
        <Upload.Dragger
          accept={accept}
          maxCount={1}
          fileList={file ? [file] : []}
          beforeUpload={() => false}
          onChange={({ fileList }) => {
            setReport(undefined);
            setFile(fileList[fileList.length - 1]);
          }}
          onRemove={() => reset()}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('sys.import.pick')}</p>
          <p className="ant-upload-hint">{accept}</p>
        </Upload.Dragger>
        {report && report.errors.length === 0 && (
          <Alert
            type="success"
            showIcon
            data-testid="import-result"
            message={t('sys.import.done', { imported: report.imported, total: report.total })}
          />
        )}
        {report && report.errors.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              data-testid="import-result"
              message={t('sys.import.failed', {
                rows: badRowCount(report.errors),
                total: report.total,
              })}
            />
            <Table
              size="small"
              rowKey="key"
              data-testid="import-errors"
              pagination={rows.length > 10 ? { pageSize: 10 } : false}
              dataSource={rows}
              columns={[
                {
                  title: t('sys.import.row'),
                  dataIndex: 'row',
                  width: 80,
                  onCell: (r) => ({ rowSpan: rows.length > 10 ? 1 : r.rowSpan }),
                },
                {
                  title: t('sys.import.field'),
                  dataIndex: 'field',
                  width: 160,
                  render: (f: string) => (f ? fieldLabel(f) : '-'),
                },
                { title: t('sys.import.message'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
};

export default ImportModal;
