/** A table's code: the image, its URL to copy, and downloads as PNG (chosen size) or SVG. */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Select, Space, Spin, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { downloadQR, qrImageUrl, type Table } from '@/services/configure';
import { t } from '../../shared/text';

const SIZES = [256, 512, 1024, 2048];

const QRPreview: React.FC<{ table?: Table; onClose: () => void }> = ({ table, onClose }) => {
  const [src, setSrc] = useState<string>();
  const [size, setSize] = useState(512);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image is fetched per table and again when its token is renewed (same id, new code), not per copy of the row
  useEffect(() => {
    if (!table) return undefined;
    let url: string | undefined;
    setSrc(undefined);
    qrImageUrl(table.id, 320)
      .then((u) => {
        url = u;
        setSrc(u);
      })
      .catch(() => setSrc(undefined));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [table?.id, table?.token]);

  return (
    <Modal
      open={!!table}
      title={t('configure.qr.title', { name: table?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={420}
      destroyOnClose
    >
      {table ? (
        <Space
          direction="vertical"
          style={{ width: '100%' }}
          align="center"
          data-testid="qr-preview"
        >
          {src ? (
            <img
              src={src}
              alt={table.name}
              width={240}
              height={240}
              style={{ imageRendering: 'pixelated' }}
              data-testid="qr-image"
            />
          ) : (
            <Spin />
          )}
          <Typography.Paragraph
            copyable={{ text: table.url }}
            style={{ wordBreak: 'break-all', textAlign: 'center' }}
            data-testid="qr-url"
          >
            {table.url}
          </Typography.Paragraph>
          <Space wrap>
            <Select
              value={size}
              onChange={setSize}
              options={SIZES.map((s) => ({ value: s, label: `${s} px` }))}
              style={{ width: 110 }}
            />
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadQR(table.id, 'png', size)}
              data-testid="qr-download-png"
            >
              PNG
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadQR(table.id, 'svg')}
              data-testid="qr-download-svg"
            >
              SVG
            </Button>
          </Space>
        </Space>
      ) : null}
    </Modal>
  );
};

export default QRPreview;
