/**
 * Every generated file, grouped (Go module, server messages, console, console messages), with
 * its text highlighted; the wiring edits the module's README lists are shown on top.
 */
import { Alert, Drawer, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import type { Generated } from '@/services/codegen';
import { groupFiles } from '../logic';
import { t } from '../text';
import CodeView from './CodeView';

const PreviewDrawer: React.FC<{ generated?: Generated; onClose: () => void }> = ({
  generated,
  onClose,
}) => {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    const files = generated?.files ?? [];
    setCurrent(files.find((f) => f.path.endsWith('/module.go'))?.path ?? files[0]?.path);
  }, [generated]);
  const file = generated?.files.find((f) => f.path === current);
  const width = typeof window === 'undefined' ? 1200 : Math.min(1200, window.innerWidth);
  return (
    <Drawer
      open={!!generated}
      width={width}
      title={t('codegen.preview.title', { count: generated?.files.length ?? 0 })}
      onClose={onClose}
      destroyOnClose
      data-testid="codegen-preview-drawer"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('codegen.preview.wiring')}
        description={
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {(generated?.wiring ?? []).map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only numbered list drawn once; the number is the item's identity
              <li key={i}>
                <Typography.Text code>{w.file}</Typography.Text>{' '}
                <Typography.Text code>{w.show}</Typography.Text>
              </li>
            ))}
          </ol>
        }
      />
      <div className="codegen-preview">
        <nav className="codegen-preview-files" data-testid="codegen-files">
          {groupFiles(generated?.files ?? []).map((g) => (
            <div key={g.group}>
              <Typography.Text
                type="secondary"
                strong
                style={{ display: 'block', padding: '8px 8px 2px' }}
              >
                {t(`codegen.preview.group.${g.group}`)}
              </Typography.Text>
              {g.files.map((f) => (
                <button
                  type="button"
                  key={f.path}
                  className={`codegen-preview-file${f.path === current ? ' active' : ''}`}
                  onClick={() => setCurrent(f.path)}
                  data-path={f.path}
                >
                  {f.path}
                </button>
              ))}
            </div>
          ))}
        </nav>
        <div className="codegen-preview-body">
          {file ? (
            <>
              <Typography.Text code data-testid="codegen-current-file">
                {file.path}
              </Typography.Text>
              <CodeView key={file.path} code={file.content} language={file.language} />
            </>
          ) : null}
        </div>
      </div>
    </Drawer>
  );
};

export default PreviewDrawer;
