import { App } from 'antd';
import React from 'react';
import ImportModal, { type ImportReport, type ImportTexts } from '@/components/ImportModal';
import { importFile } from '@/services/sys-admin';
import { download } from '@/utils/request';
import { t } from './text';

export interface SysImportModalProps {
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
  /** called after a successful import (every row written), once its message shows */
  onImported: (report: ImportReport) => void;
}

/**
 * The import dialog with the system pages' words: pick a file, then start; a successful import
 * says how many rows it wrote.
 */
const SysImportModal: React.FC<SysImportModalProps> = ({
  title,
  importUrl,
  templateUrl,
  onImported,
  ...props
}) => {
  const { message } = App.useApp();
  const texts: ImportTexts = {
    title,
    template: t('sys.import.template'),
    hint: t('sys.import.hint'),
    pick: t('sys.import.pick'),
    start: t('sys.import.start'),
    close: t('sys.close'),
    done: (r) => t('sys.import.done', { imported: r.imported, total: r.total }),
    failed: (r, rows) => t('sys.import.failed', { rows, total: r.total }),
    row: t('sys.import.row'),
    field: t('sys.import.field'),
    message: t('sys.import.message'),
  };
  return (
    <ImportModal
      {...props}
      texts={texts}
      template={() => download(templateUrl)}
      upload={(file) => importFile(importUrl, file, file.name)}
      onImported={(r) => {
        message.success(t('sys.import.done', { imported: r.imported, total: r.total }));
        onImported(r);
      }}
    />
  );
};

export default SysImportModal;
