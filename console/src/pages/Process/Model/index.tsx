/**
 * /process/model: model list and the BPMN modeler. Save answers the issues deployment would
 * refuse; they are shown on the elements they name. Deploy creates a definition version.
 */
import { CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Form, Input, Space, Tag } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
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
import { useOperation } from '@/components/Access';
import BpmnModeler, { type BpmnModelerHandle } from '@/components/BpmnModeler';
import { emptyDiagram } from '@/components/BpmnModeler/xml';
import {
  createModel,
  deleteModel,
  deployModel,
  getModel,
  listForms,
  listModels,
  listRoles,
  updateModel,
  type ModelIssue,
  type ProcessForm,
  type ProcessModel,
  type SavedModel,
} from '@/services/process';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { RequestError } from '@/utils/request';
import { tableRequest } from '@/utils/table';
import { roleName } from '@/utils/roles';
import { useDiscardGuard } from '@/components/Sheet';
import ActionLink from '@/components/ActionLink';

interface Meta {
  id?: number;
  key: string;
  name: string;
  category?: string;
  description?: string;
  deployedVersion?: number;
}

const Editor: React.FC<{
  initial: Meta;
  xml: string;
  issues: ModelIssue[];
  onBack: () => void;
}> = ({ initial, xml, issues, onBack }) => {
  const [meta, setMeta] = useState<Meta>(initial);
  const [forms, setForms] = useState<ProcessForm[]>([]);
  const [roles, setRoles] = useState<{ code: string; name: string }[]>([]);
  const [busy, setBusy] = useState<'save' | 'deploy'>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const modeler = useRef<BpmnModelerHandle>(null);
  const { can } = useOperation();
  // unsaved input: the diagram was edited (a command ran, was undone or redone; importing clears the
  // stack and does not count) or the name, key, category or description changed since opening or saving
  const diagramEdited = useRef(false);
  const metaText = (m: Meta) =>
    JSON.stringify({
      key: m.key,
      name: m.name,
      category: m.category ?? '',
      description: m.description ?? '',
    });
  const savedMeta = useRef(metaText(initial));
  const guard = useDiscardGuard(
    () => diagramEdited.current || metaText(meta) !== savedMeta.current,
  );
  useEffect(() => {
    const bus = modeler.current?.modeler()?.get('eventBus');
    if (!bus) return;
    const changed = (e: { trigger?: string | null }) => {
      if (e.trigger !== 'clear') diagramEdited.current = true;
    };
    bus.on('commandStack.changed', changed);
    return () => bus.off('commandStack.changed', changed);
  }, []);

  useEffect(() => {
    listForms({ pageNo: 1, pageSize: 500 }).then((p) => setForms(p.records));
    listRoles()
      .then((p) => setRoles((p.records ?? []).map((r) => ({ code: r.code, name: roleName(r) }))))
      .catch(() => setRoles([]));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: imports a new model's XML; new issues alone are drawn by showIssues where they arrive, re-importing would drop the user's edits
  useEffect(() => {
    modeler.current
      ?.importXML(xml)
      .then(() => modeler.current?.showIssues(issues))
      .catch((e: Error) => feedback.error(t('process.model.importFailed', { error: e.message })));
  }, [xml]);

  const save = async (): Promise<SavedModel | undefined> => {
    const missing = missingKeyName(meta);
    setFieldErrors(missing);
    const m = modeler.current;
    if (Object.keys(missing).length || !m) return undefined;
    const bpmnXml = await m.saveXML();
    const input = {
      key: meta.key,
      name: meta.name,
      category: meta.category,
      description: meta.description,
      bpmnXml,
      formBindings: m.bindings(),
    };
    try {
      const saved = meta.id
        ? await updateModel(meta.id, input, { skipErrorHandler: true })
        : await createModel(input, { skipErrorHandler: true });
      setMeta({ ...meta, id: saved.id, deployedVersion: saved.deployedVersion });
      diagramEdited.current = false;
      savedMeta.current = metaText(meta);
      modeler.current?.showIssues(saved.issues ?? []);
      return saved;
    } catch (e) {
      showSaveError(e, setFieldErrors);
      return undefined;
    }
  };

  const onSave = async () => {
    setBusy('save');
    const saved = await save();
    setBusy(undefined);
    if (saved) {
      if (saved.issues?.length)
        feedback.warning(t('process.model.savedWithIssues', { count: saved.issues.length }));
      else feedback.success(t('process.model.saved'));
    }
  };

  const onDeploy = async () => {
    setBusy('deploy');
    try {
      const saved = await save();
      if (!saved) return;
      if (saved.issues?.length) {
        feedback.error(t('process.model.cannotDeploy', { count: saved.issues.length }));
        return;
      }
      try {
        const res = await deployModel(saved.id, { skipErrorHandler: true });
        setMeta((m) => ({ ...m, deployedVersion: res.version }));
        feedback.success(t('process.model.deployed', { key: res.key, version: res.version }));
      } catch (e) {
        // code 10001 answers the issues; the model's own view lists the same ones
        if (e instanceof RequestError && e.code === 10001) {
          const fresh = await getModel(saved.id);
          modeler.current?.showIssues(fresh.issues ?? []);
        }
        feedback.error(errorText(e));
      }
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <DesignCard
      kind="model"
      meta={meta}
      version={meta.deployedVersion ? <Tag color="green">v{meta.deployedVersion}</Tag> : null}
      onBack={guard(onBack)}
      extra={
        <Space>
          {can(meta.id ? 'process:model:edit' : 'process:model:add') && (
            <Button
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              onClick={onSave}
              data-testid="model-save"
            >
              {formatMessage({ id: 'common.save' })}
            </Button>
          )}
          {can('process:definition:add') && (
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              loading={busy === 'deploy'}
              onClick={onDeploy}
              data-testid="model-deploy"
            >
              {t('process.model.deploy')}
            </Button>
          )}
        </Space>
      }
    >
      <KeyNameFields
        kind="model"
        meta={meta}
        onChange={setMeta}
        errors={fieldErrors}
        descriptionWidth={260}
      >
        <Form.Item label={t('process.model.category')}>
          <Input
            value={meta.category}
            onChange={(e) => setMeta({ ...meta, category: e.target.value })}
          />
        </Form.Item>
      </KeyNameFields>
      {fieldErrors.bpmnXml && (
        <div style={{ color: '#ff4d4f', marginBottom: 8 }}>{fieldErrors.bpmnXml}</div>
      )}
      <BpmnModeler ref={modeler} forms={forms} roles={roles} fileName={meta.key || 'diagram'} />
    </DesignCard>
  );
};

const ModelPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<{ meta: Meta; xml: string; issues: ModelIssue[] }>();

  const open = async (row?: ProcessModel) => {
    if (!row) {
      setEditing({ meta: { key: '', name: '' }, xml: emptyDiagram(), issues: [] });
      return;
    }
    const m = await getModel(row.id);
    setEditing({
      meta: {
        id: m.id,
        key: m.key,
        name: m.name,
        category: m.category,
        description: m.description,
        deployedVersion: m.deployedVersion,
      },
      xml: m.bpmnXml || emptyDiagram(),
      issues: m.issues ?? [],
    });
  };

  if (editing) {
    return (
      <Editor
        initial={editing.meta}
        xml={editing.xml}
        issues={editing.issues}
        onBack={() => {
          setEditing(undefined);
          actionRef.current?.reload();
        }}
      />
    );
  }

  const columns: ProColumns<ProcessModel>[] = [
    {
      title: t('process.model.name'),
      dataIndex: 'name',
      render: (_, r) => <ActionLink onClick={() => open(r)}>{r.name}</ActionLink>,
    },
    { title: t('process.model.key'), dataIndex: 'key', search: false, copyable: true },
    { title: t('process.model.category'), dataIndex: 'category' },
    {
      title: t('process.model.deployedVersion'),
      dataIndex: 'deployedVersion',
      search: false,
      render: (_, r) =>
        r.deployedVersion ? (
          <Tag color="green">v{r.deployedVersion}</Tag>
        ) : (
          <Tag>{t('process.model.notDeployed')}</Tag>
        ),
    },
    ...updatedColumns<ProcessModel>(),
    actionsColumn<ProcessModel>('model', {
      open,
      remove: (row) =>
        deleteModel(row.id)
          .then(() => actionRef.current?.reload())
          .catch(() => undefined),
      confirmDelete: t('process.model.confirmDelete'),
    }),
  ];

  return (
    <ProTable<ProcessModel>
      rowKey="id"
      actionRef={actionRef}
      columns={columns}
      headerTitle={t('menu.process.model')}
      search={{ labelWidth: 'auto' }}
      request={tableRequest(listModels, {
        query: (p) => ({ keyword: p.name, category: p.category }),
      })}
      toolBarRender={() => [<NewButton key="add" kind="model" onClick={() => open()} />]}
    />
  );
};

export default ModelPage;
