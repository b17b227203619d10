import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import type { UploadFile } from 'antd';
import React, { useMemo, useState } from 'react';
import { errorText } from '@/utils/errors';
import { RequestError } from '@/utils/request';
import { badRowCount, importErrorRows, type ImportReport } from './rows';

export type { ImportError, ImportReport } from './rows';

/** The dialog's words, in the calling area's messages. */
export interface ImportTexts {
  title: string;
  template: string;
  /** beside the template button */
  hint: string;
  /** in the drop zone */
  pick: string;
  /** in the drop zone while the file is sent (startOnPick) */
  running?: string;
  /** the start button (without startOnPick) */
  start?: string;
  close: string;
  done: (report: ImportReport) => string;
  failed: (report: ImportReport, badRows: number) => string;
  row: string;
  field: string;
  message: string;
}

export interface ImportModalProps {
  open: boolean;
  texts: ImportTexts;
  /** accepted file types, e.g. .xlsx or .csv,.xlsx */
  accept: string;
  /** downloads the template file */
  template: () => Promise<unknown>;
  /** sends the file; answers the report */
  upload: (file: File) => Promise<ImportReport>;
  /** the file's columns (field names), to order the error table */
  columns?: string[];
  /** label of a field named in an error */
  fieldLabel: (field: string) => string;
  /** send as soon as a file is picked, instead of after the start button */
  startOnPick?: boolean;
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
  texts,
  accept,
  template,
  upload,
  columns = [],
  fieldLabel,
  startOnPick,
  onClose,
  onImported,
}) => {
  const [file, setFile] = useState<UploadFile>();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const rows = useMemo(() => importErrorRows(report?.errors ?? [], columns), [report, columns]);

  const reset = () => {
    setFile(undefined);
    setReport(undefined);
    setError(undefined);
  };

  const send = async (picked: File) => {
    setBusy(true);
    setReport(undefined);
    setError(undefined);
    try {
      const answer = await upload(picked);
      setReport(answer);
      if (answer.errors.length === 0) onImported(answer);
    } catch (e) {
      // the request layer has shown it unless the call asked to show it in place
      if (!(e instanceof RequestError && e.handled)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={texts.title}
      width={760}
      destroyOnClose
      afterClose={reset}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {texts.close}
        </Button>,
        startOnPick ? null : (
          <Button
            key="start"
            type="primary"
            loading={busy}
            disabled={!file}
            onClick={() => file?.originFileObj && send(file.originFileObj)}
            data-testid="import-start"
          >
            {texts.start}
          </Button>
        ),
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => template().catch(() => undefined)}
            data-testid="import-template"
          >
            {texts.template}
          </Button>
          <span style={{ opacity: 0.75 }}>{texts.hint}</span>
        </Space>
        <Upload.Dragger
          accept={accept}
          maxCount={1}
          disabled={startOnPick && busy}
          showUploadList={!startOnPick}
          fileList={file ? [file] : []}
          beforeUpload={(picked) => {
            if (startOnPick) send(picked);
            return false;
          }}
          onChange={({ fileList }) => {
            if (startOnPick) return;
            setReport(undefined);
            setFile(fileList[fileList.length - 1]);
          }}
          onRemove={() => reset()}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{busy && texts.running ? texts.running : texts.pick}</p>
          <p className="ant-upload-hint">{accept}</p>
        </Upload.Dragger>
        {error ? <Alert type="error" showIcon message={error} /> : null}
        {report && report.errors.length === 0 && (
          <Alert type="success" showIcon data-testid="import-result" message={texts.done(report)} />
        )}
        {report && report.errors.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              data-testid="import-result"
              message={texts.failed(report, badRowCount(report.errors))}
            />
            <Table
              size="small"
              rowKey="key"
              data-testid="import-errors"
              pagination={rows.length > 10 ? { pageSize: 10 } : false}
              dataSource={rows}
              columns={[
                {
                  title: texts.row,
                  dataIndex: 'row',
                  width: 80,
                  onCell: (r) => ({ rowSpan: rows.length > 10 ? 1 : r.rowSpan }),
                },
                {
                  title: texts.field,
                  dataIndex: 'field',
                  width: 160,
                  render: (f: string) => (f ? fieldLabel(f) : '-'),
                },
                { title: texts.message, dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
};

export default ImportModal;
