/**
 * The definition editor: module, entity and table names, the entity's names in 16 languages,
 * the default order, and the fields. Preview shows every generated file, Download answers
 * them as a zip, Save keeps the definition to regenerate later. The server checks everything
 * again (names are identifiers, no reserved words, no repeats) and its messages land on the
 * fields they name.
 */
import { CodeOutlined, DownloadOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Collapse,
  Form,
  Input,
  Select,
  Space,
  type FormInstance,
} from 'antd';
import React, { useEffect, useState } from 'react';
import FormAlert from '@/components/FormAlert';
import { Access } from '@/components/Access';
import {
  createDefinition,
  downloadSpec,
  previewSpec,
  updateDefinition,
  type DefinitionDetail,
  type FormMeta,
  type Generated,
  type Spec,
} from '@/services/codegen';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { RequestError } from '@/utils/request';
import { emptyField, fieldPath, hasInput, suggestTable, toSpec, visibleInput } from '../logic';
import { t } from '../text';
import FieldCard from './FieldCard';
import PreviewDrawer from './PreviewDrawer';
import Sheet from '@/components/Sheet';

export interface DefinitionEditorProps {
  open: boolean;
  /** the saved definition being edited (undefined: a new one) */
  saved?: DefinitionDetail;
  /** where a new definition starts (a table's draft, or nothing) */
  start?: Spec;
  meta?: FormMeta;
  onClose: () => void;
  onSaved: (saved: DefinitionDetail) => void;
}

/**
 * Shows a refusal: messages on the inputs they name; the alert repeats those an input behind a
 * closed "More" panel holds, and those no input holds.
 */
function showRefusal(form: FormInstance, error: unknown): string | undefined {
  if (!(error instanceof RequestError) || !error.fields || !Object.keys(error.fields).length) {
    return errorText(error);
  }
  const onForm: { name: (string | number)[]; errors: string[] }[] = [];
  const rest: string[] = [];
  Object.entries(error.fields).forEach(([key, msg]) => {
    if (hasInput(key)) onForm.push({ name: fieldPath(key), errors: [msg] });
    if (!visibleInput(key)) rest.push(msg);
  });
  form.setFields(onForm as never);
  if (onForm.length) form.scrollToField(onForm[0].name as never, { block: 'center' });
  return rest.length ? rest.join(' ') : undefined;
}

const DefinitionEditor: React.FC<DefinitionEditorProps> = ({
  open,
  saved,
  start,
  meta,
  onClose,
  onSaved,
}) => {
  const [form] = Form.useForm<Spec>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState<'preview' | 'download' | 'save'>();
  const [preview, setPreview] = useState<Generated>();
  const [tableTouched, setTableTouched] = useState(false);
  const fields: Spec['fields'] = Form.useWatch('fields', form) ?? [];

  useEffect(() => {
    if (!open) return;
    const initial = saved?.spec ??
      start ?? { module: '', entity: '', table: '', labels: {}, fields: [emptyField()] };
    form.resetFields();
    form.setFieldsValue({
      ...initial,
      fields: initial.fields.map((f) => ({ ...f, searchMode: f.search ? f.searchMode : '' })),
    });
    setTableTouched(!!saved || !!start);
    setAlert(undefined);
  }, [open, saved, start, form]);

  const spec = () => toSpec(form.getFieldsValue(true));
  const act = async (what: 'preview' | 'download' | 'save') => {
    setAlert(undefined);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setBusy(what);
    try {
      if (what === 'preview') setPreview(await previewSpec(spec()));
      else if (what === 'download') await downloadSpec(spec());
      else {
        const result = saved
          ? await updateDefinition(saved.id, spec())
          : await createDefinition(spec());
        feedback.success(t('common.modifySucceed'));
        onSaved(result);
      }
    } catch (e) {
      setAlert(showRefusal(form, e));
    } finally {
      setBusy(undefined);
    }
  };

  const fieldNames = fields.map((f) => f?.name).filter(Boolean) as string[];
  const width = typeof window === 'undefined' ? 1100 : Math.min(1100, window.innerWidth);
  return (
    <Sheet
      open={open}
      width={width}
      title={
        saved
          ? t('codegen.edit.title', { key: `${saved.module}.${saved.entity}` })
          : t('codegen.new.title')
      }
      onClose={onClose}
      dirty={() => form.isFieldsTouched()}
      destroyOnClose
      data-testid="codegen-editor"
      extra={
        <Space wrap>
          <Button
            icon={<CodeOutlined />}
            loading={busy === 'preview'}
            onClick={() => act('preview')}
            data-testid="codegen-preview"
          >
            {t('codegen.preview')}
          </Button>
          <Access code="codegen:definition:export">
            <Button
              icon={<DownloadOutlined />}
              loading={busy === 'download'}
              onClick={() => act('download')}
              data-testid="codegen-download"
            >
              {t('codegen.download')}
            </Button>
          </Access>
          <Access code={saved ? 'codegen:definition:edit' : 'codegen:definition:add'}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={busy === 'save'}
              onClick={() => act('save')}
              data-testid="codegen-save"
            >
              {t('common.save')}
            </Button>
          </Access>
        </Space>
      }
    >
      <FormAlert message={alert} testId="codegen-alert" />
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(changed: Partial<Spec>) => {
          if ('table' in changed) setTableTouched(true);
          if (('module' in changed || 'entity' in changed) && !tableTouched) {
            const v = form.getFieldsValue(['module', 'entity']);
            form.setFieldValue('table', suggestTable(v.module ?? '', v.entity ?? ''));
          }
        }}
      >
        <div className="codegen-field-grid">
          <Form.Item
            name="module"
            label={t('codegen.module')}
            tooltip={t('codegen.module.hint')}
            rules={[{ required: true, message: t('codegen.required') }]}
          >
            <Input
              maxLength={meta?.limits.module ?? 20}
              autoComplete="off"
              data-testid="codegen-module"
            />
          </Form.Item>
          <Form.Item
            name="entity"
            label={t('codegen.entity')}
            tooltip={t('codegen.entity.hint')}
            rules={[{ required: true, message: t('codegen.required') }]}
          >
            <Input
              maxLength={meta?.limits.entity ?? 30}
              autoComplete="off"
              data-testid="codegen-entity"
            />
          </Form.Item>
          <Form.Item
            name="table"
            label={t('codegen.table')}
            tooltip={t('codegen.table.hint')}
            rules={[{ required: true, message: t('codegen.required') }]}
          >
            <Input
              maxLength={meta?.limits.table ?? 48}
              autoComplete="off"
              data-testid="codegen-table"
            />
          </Form.Item>
          <Form.Item
            name={['labels', 'en']}
            label={t('codegen.label')}
            rules={[{ required: true, message: t('codegen.required') }]}
          >
            <Input maxLength={meta?.limits.label ?? 64} data-testid="codegen-label" />
          </Form.Item>
          <Form.Item
            name={['moduleLabels', 'en']}
            label={t('codegen.moduleLabel')}
            tooltip={t('codegen.moduleLabel.hint')}
          >
            <Input maxLength={meta?.limits.label ?? 64} />
          </Form.Item>
          <Form.Item name="sortField" label={t('codegen.sortField')}>
            <Select
              allowClear
              options={fieldNames.map((n) => ({ value: n, label: n }))}
              placeholder={t('codegen.sortField.newest')}
            />
          </Form.Item>
          <Form.Item name="sortDesc" label=" " valuePropName="checked">
            <Checkbox>{t('codegen.sortDesc')}</Checkbox>
          </Form.Item>
          <Form.Item
            name="labelField"
            label={t('codegen.labelField')}
            tooltip={t('codegen.labelField.hint')}
          >
            <Select
              allowClear
              options={fields
                .filter((f) => f?.type === 'string' && f.name)
                .map((f) => ({ value: f.name, label: f.name }))}
            />
          </Form.Item>
        </div>
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'languages',
              label: t('codegen.languages'),
              forceRender: true,
              children: (
                <div className="codegen-languages">
                  {(meta?.languages ?? [])
                    .filter((l) => l.tag !== 'en')
                    .flatMap((l) => [
                      <Form.Item
                        key={`e-${l.tag}`}
                        name={['labels', l.tag]}
                        label={`${t('codegen.label.short')} · ${l.name}`}
                      >
                        <Input maxLength={meta?.limits.label ?? 64} />
                      </Form.Item>,
                      <Form.Item
                        key={`m-${l.tag}`}
                        name={['moduleLabels', l.tag]}
                        label={`${t('codegen.moduleLabel.short')} · ${l.name}`}
                      >
                        <Input maxLength={meta?.limits.label ?? 64} />
                      </Form.Item>,
                    ])}
                </div>
              ),
            },
          ]}
        />
        <Form.List name="fields">
          {(items, { add, remove, move }) => (
            <div className="codegen-fields">
              {items.map((item, i) => (
                <FieldCard
                  key={item.key}
                  index={i}
                  count={items.length}
                  meta={meta}
                  onRemove={() => remove(i)}
                  onMove={(to) => move(i, to)}
                />
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={items.length >= (meta?.limits.fields ?? 60)}
                onClick={() => add(emptyField())}
                data-testid="codegen-add-field"
              >
                {t('codegen.field.add')}
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
      <PreviewDrawer generated={preview} onClose={() => setPreview(undefined)} />
    </Sheet>
  );
};

export default DefinitionEditor;
