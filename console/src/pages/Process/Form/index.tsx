/**
 * /process/form: form list and the Formily form designer (preview, JSON schema view and
 * import, versioned save by key).
 */
import { EyeOutlined, SaveOutlined, CodeOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Alert, Button, Drawer, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { useOperation } from '@/components/Access';
import FormDesigner from '@/components/FormilyDesigner';
import {
  designProblems,
  fromSchema,
  toSchema,
  type DesignNode,
} from '@/components/FormilyDesigner/model';
import { FormRenderer, submitForm, useProcessForm } from '@/components/FormilyRenderer';
import {
  deleteForm,
  getForm,
  listForms,
  saveForm,
  type FormDetail,
  type ProcessForm,
} from '@/services/process';
import { feedback } from '@/utils/feedback';
import { formatDate, formatMessage } from '@/utils/intl';
import { tableRequest } from '@/utils/table';
import { useDiscardGuard } from '@/components/Sheet';
import {
  actionsColumn,
  DesignCard,
  KeyNameFields,
  NewButton,
  missingKeyName,
  showSaveError,
  updatedColumns,
} from '../components/DesignEditor';
import { t } from '../components/labels';

const PreviewBody: React.FC<{ schema: Record<string, unknown> }> = ({ schema }) => {
  const form = useProcessForm();
  const [values, setValues] = useState<string>();
  return (
    <>
      <FormRenderer form={form} schema={schema} />
      <Space>
        <Button
          type="primary"
          onClick={() =>
            submitForm(form)
              .then((v) => setValues(JSON.stringify(v, null, 2)))
              .catch(() => undefined)
          }
          data-testid="preview-submit"
        >
          {t('process.form.validate')}
        </Button>
        <Button onClick={() => form.reset()}>{formatMessage({ id: 'common.reset' })}</Button>
      </Space>
      {values && (
        <pre className="venue-json" data-testid="preview-values">
          {values}
        </pre>
      )}
    </>
  );
};

interface Editing {
  id?: number;
  key: string;
  name: string;
  description?: string;
  version?: number;
  versions?: FormDetail['versions'];
}

const Designer: React.FC<{ initial: Editing; tree: DesignNode[]; onBack: () => void }> = ({
  initial,
  tree: initialTree,
  onBack,
}) => {
  const [meta, setMeta] = useState<Editing>(initial);
  const [tree, setTree] = useState<DesignNode[]>(initialTree);
  const [preview, setPreview] = useState(false);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const schema = useMemo(() => toSchema(tree), [tree]);
  const { can } = useOperation();
  // unsaved input: the name, key, description or fields differ from what was opened or last saved
  const snapshot = (m: Editing, s: unknown) =>
    JSON.stringify({ key: m.key, name: m.name, description: m.description ?? '', schema: s });
  const savedSnapshot = useRef<string>();
  if (savedSnapshot.current === undefined)
    savedSnapshot.current = snapshot(initial, toSchema(initialTree));
  const guard = useDiscardGuard(() => snapshot(meta, schema) !== savedSnapshot.current);

  const save = async () => {
    const problems = designProblems(tree);
    if (problems.length) {
      feedback.error(t('process.form.fixProblems'));
      return;
    }
    const missing = missingKeyName(meta);
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    setSaving(true);
    try {
      const saved = await saveForm(
        { key: meta.key, name: meta.name, description: meta.description, schema },
        { skipErrorHandler: true },
      );
      const detail = await getForm(saved.id);
      setMeta({ ...meta, id: saved.id, version: saved.version, versions: detail.versions });
      savedSnapshot.current = snapshot(meta, schema);
      feedback.success(t('process.form.saved', { version: saved.version }));
    } catch (e) {
      showSaveError(e, setFieldErrors);
    } finally {
      setSaving(false);
    }
  };

  const importJson = () => {
    try {
      setTree(fromSchema(jsonText));
      setJsonOpen(false);
      setJsonError(undefined);
    } catch (e) {
      setJsonError(String((e as Error).message));
    }
  };

  return (
    <DesignCard
      kind="form"
      meta={meta}
      version={meta.version ? <Tag color="blue">v{meta.version}</Tag> : null}
      onBack={guard(onBack)}
      extra={
        <Space wrap>
          {meta.versions && meta.versions.length > 1 && (
            <Select
              style={{ width: 160 }}
              placeholder={t('process.form.versions')}
              options={meta.versions.map((v) => ({
                label: `v${v.version} · ${formatDate(v.createdAt, 'YYYY-MM-DD HH:mm')}`,
                value: v.version,
              }))}
              onChange={(version) => {
                const v = meta.versions?.find((x) => x.version === version);
                if (v) setTree(fromSchema(v.schema));
              }}
            />
          )}
          <Button
            icon={<EyeOutlined />}
            onClick={() => setPreview(true)}
            data-testid="form-preview"
          >
            {t('process.form.preview')}
          </Button>
          <Button
            icon={<CodeOutlined />}
            onClick={() => {
              setJsonText(JSON.stringify(schema, null, 2));
              setJsonError(undefined);
              setJsonOpen(true);
            }}
            data-testid="form-json"
          >
            {t('process.form.json')}
          </Button>
          {can('process:form:add') && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={save}
              data-testid="form-save"
            >
              {formatMessage({ id: 'common.save' })}
            </Button>
          )}
        </Space>
      }
    >
      <KeyNameFields
        kind="form"
        meta={meta}
        onChange={setMeta}
        errors={fieldErrors}
        keyLocked={!!meta.id}
        descriptionWidth={280}
      />
      {fieldErrors.schema && (
        <Alert type="error" showIcon message={fieldErrors.schema} style={{ marginBottom: 12 }} />
      )}
      <FormDesigner value={tree} onChange={setTree} />
      <Drawer
        title={t('process.form.preview')}
        width={560}
        open={preview}
        onClose={() => setPreview(false)}
        destroyOnClose
      >
        <PreviewBody schema={schema} />
      </Drawer>
      <Modal
        title={t('process.form.json')}
        width={720}
        open={jsonOpen}
        onCancel={() => setJsonOpen(false)}
        okText={t('process.form.import')}
        onOk={importJson}
        okButtonProps={{ ...{ 'data-testid': 'json-import' } }}
      >
        <Typography.Paragraph type="secondary">{t('process.form.jsonHelp')}</Typography.Paragraph>
        <Input.TextArea
          rows={18}
          value={jsonText}
          onChange={(e) => setJsonText(e.target.value)}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
          data-testid="json-text"
        />
        {jsonError && <Alert type="error" showIcon message={jsonError} style={{ marginTop: 8 }} />}
      </Modal>
    </DesignCard>
  );
};

const FormPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<{ meta: Editing; tree: DesignNode[] }>();

  const open = async (row?: ProcessForm) => {
    if (!row) {
      setEditing({ meta: { key: '', name: '' }, tree: [] });
      return;
    }
    const detail = await getForm(row.id);
    let tree: DesignNode[] = [];
    try {
      tree = fromSchema(detail.schema);
    } catch {
      feedback.warning(t('process.form.badSchema'));
    }
    setEditing({
      meta: {
        id: detail.id,
        key: detail.key,
        name: detail.name,
        description: detail.description,
        version: detail.version,
        versions: detail.versions,
      },
      tree,
    });
  };

  const columns: ProColumns<ProcessForm>[] = [
    { title: t('process.form.name'), dataIndex: 'name' },
    { title: t('process.form.key'), dataIndex: 'key', search: false, copyable: true },
    {
      title: t('process.common.version'),
      dataIndex: 'version',
      search: false,
      render: (_, r) => <Tag>v{r.version}</Tag>,
    },
    ...updatedColumns<ProcessForm>(),
    actionsColumn<ProcessForm>('form', {
      open,
      remove: (row) => deleteForm(row.id).then(() => actionRef.current?.reload()),
      confirmDelete: t('process.common.confirmDelete'),
    }),
  ];

  if (editing) {
    return (
      <Designer
        initial={editing.meta}
        tree={editing.tree}
        onBack={() => {
          setEditing(undefined);
          actionRef.current?.reload();
        }}
      />
    );
  }
  return (
    <ProTable<ProcessForm>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      headerTitle={t('menu.process.form')}
      search={{ labelWidth: 'auto' }}
      form={{ syncToUrl: false }}
      request={tableRequest(listForms, { query: (p) => ({ keyword: p.name }) })}
      toolBarRender={() => [<NewButton key="add" kind="form" onClick={() => open()} />]}
    />
  );
};

export default FormPage;
