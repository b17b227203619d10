import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import React, { useState } from 'react';
import { Access } from '@/components/Access';
import { feedback } from '@/utils/feedback';
import { t } from './text';

/**
 * A report's Excel export, for those granted `code`: with nothing to export it says so instead of
 * downloading; loading while the download runs. A refused export shows the server's message (the
 * request layer does).
 */
const ExportButton: React.FC<{
  code: string;
  hasData: () => boolean;
  download: () => Promise<unknown>;
}> = ({ code, hasData, download }) => {
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    if (!hasData()) {
      feedback.warning(t('common.noDataToExport'));
      return;
    }
    setExporting(true);
    try {
      await download();
    } catch {
      /* the request layer shows the server's message */
    } finally {
      setExporting(false);
    }
  };
  return (
    <Access code={code}>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting}
        onClick={onExport}
        data-testid="report-export"
      >
        {t('report.export')}
      </Button>
    </Access>
  );
};

export default ExportButton;
