/**
 * Drag-and-drop form designer: palette, canvas (select, reorder, copy, delete) and property
 * panel. The design tree lives in the parent (value/onChange); model.ts turns it into the
 * Formily JSON Schema.
 */
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  DragOutlined,
  MinusCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  Button,
  Checkbox,
  DatePicker,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Space,
  Switch,
  TimePicker,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import React, { useState } from 'react';
import {
  allNames,
  copyNode,
  createNode,
  findNode,
  hasOptions,
  insertNode,
  isContainer,
  isVoid,
  moveNode,
  PALETTE,
  parentOf,
  relocateNode,
  removeNode,
  updateNode,
  validFieldName,
  type DesignNode,
  type FieldKind,
  type VisibilityRule,
} from './model';
import { formatMessage } from '@/utils/intl';
import './designer.css';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);
export const kindLabel = (kind: FieldKind) => t(`process.form.kind.${kind}`);

const DRAG_PALETTE = 'application/x-venue-palette';
const DRAG_NODE = 'application/x-venue-node';

function Preview({ node }: { node: DesignNode }) {
  const ph = node.placeholder;
  const opts = (node.options ?? []).map((o) => ({ label: o.label, value: o.value }));
  switch (node.kind) {
    case 'textarea':
      return <Input.TextArea rows={2} placeholder={ph} disabled />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={ph} disabled />;
    case 'money':
      return <InputNumber style={{ width: '100%' }} precision={2} placeholder={ph} disabled />;
    case 'select':
    case 'user':
    case 'org':
    case 'dish':
      return <Select style={{ width: '100%' }} options={opts} placeholder={ph} disabled />;
    case 'radio':
      return <Radio.Group options={opts} disabled />;
    case 'checkbox':
      return <Checkbox.Group options={opts} disabled />;
    case 'switch':
      return <Switch disabled />;
    case 'date':
      return <DatePicker disabled />;
    case 'dateRange':
      return <DatePicker.RangePicker disabled />;
    case 'time':
      return <TimePicker disabled />;
    case 'rate':
      return <Rate disabled />;
    case 'image':
    case 'file':
      return <Button disabled>{t('process.form.upload')}</Button>;
    case 'divider':
      return (
        <Divider orientation="left" style={{ margin: '4px 0' }}>
          {node.title}
        </Divider>
      );
    default:
      return <Input placeholder={ph} disabled />;
  }
}

interface CanvasProps {
  nodes: DesignNode[];
  containerId?: string;
  selected?: string;
  onSelect: (id: string) => void;
  onChange: (nodes: DesignNode[]) => void;
  root: DesignNode[];
  onDropPalette: (kind: FieldKind, containerId: string | undefined, index: number) => void;
}

function CanvasList({
  nodes,
  containerId,
  selected,
  onSelect,
  onChange,
  root,
  onDropPalette,
}: CanvasProps) {
  const { token } = theme.useToken();
  const [over, setOver] = useState<string>();
  const drop = (e: React.DragEvent, index: number) => {
    e.preventDefault();
    e.stopPropagation();
    setOver(undefined);
    const kind = e.dataTransfer.getData(DRAG_PALETTE) as FieldKind;
    const id = e.dataTransfer.getData(DRAG_NODE);
    if (kind) onDropPalette(kind, containerId, index);
    else if (id) onChange(relocateNode(root, id, containerId, index));
  };
  const allow = (e: React.DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the pointer; from the keyboard the palette's buttons add fields and each field's up and down buttons move it
    <div
      className={`venue-fd-list${containerId ? ' is-nested' : ''}`}
      onDragOver={allow}
      onDrop={(e) => drop(e, nodes.length)}
      data-testid={containerId ? `canvas-container-${containerId}` : 'form-canvas'}
    >
      {nodes.map((node, index) => {
        const active = node.id === selected;
        return (
          // biome-ignore lint/a11y/useSemanticElements: the card holds the field's own tool buttons (up, down, copy, delete), which a <button> may not contain
          <div
            key={node.id}
            className={`venue-fd-node${active ? ' is-active' : ''}${over === node.id ? ' is-over' : ''}`}
            style={{ borderColor: active ? token.colorPrimary : undefined }}
            role="button"
            aria-pressed={active}
            tabIndex={0}
            onKeyDown={(e) => {
              if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
              e.preventDefault();
              onSelect(node.id);
            }}
            draggable
            onDragStart={(e) => {
              e.stopPropagation();
              e.dataTransfer.setData(DRAG_NODE, node.id);
            }}
            onDragOver={(e) => {
              allow(e);
              setOver(node.id);
            }}
            onDragLeave={() => setOver(undefined)}
            onDrop={(e) => drop(e, index)}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(node.id);
            }}
            data-testid={`canvas-node-${node.name}`}
          >
            <div className="venue-fd-node-head">
              <DragOutlined className="venue-fd-grip" />
              <Typography.Text strong={!isVoid(node.kind)}>
                {node.required ? <span style={{ color: token.colorError }}>* </span> : null}
                {node.title || node.name}
              </Typography.Text>
              <Typography.Text type="secondary" className="venue-fd-meta">
                {kindLabel(node.kind)} · {node.name}
              </Typography.Text>
              {active && (
                <Space size={2} className="venue-fd-tools" onClick={(e) => e.stopPropagation()}>
                  <Tooltip title={t('process.form.moveUp')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      onClick={() => onChange(moveNode(root, node.id, -1))}
                      data-testid="node-up"
                    />
                  </Tooltip>
                  <Tooltip title={t('process.form.moveDown')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      onClick={() => onChange(moveNode(root, node.id, 1))}
                      data-testid="node-down"
                    />
                  </Tooltip>
                  <Tooltip title={t('process.form.copy')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<CopyOutlined />}
                      onClick={() => {
                        const res = copyNode(root, node.id);
                        onChange(res.nodes);
                        if (res.copyId) onSelect(res.copyId);
                      }}
                      data-testid="node-copy"
                    />
                  </Tooltip>
                  <Tooltip title={t('process.common.delete')}>
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => onChange(removeNode(root, node.id))}
                      data-testid="node-delete"
                    />
                  </Tooltip>
                </Space>
              )}
            </div>
            {isContainer(node.kind) ? (
              <CanvasList
                nodes={node.children ?? []}
                containerId={node.id}
                selected={selected}
                onSelect={onSelect}
                onChange={onChange}
                root={root}
                onDropPalette={onDropPalette}
              />
            ) : node.kind === 'divider' ? null : (
              <div className="venue-fd-preview">
                <Preview node={node} />
              </div>
            )}
          </div>
        );
      })}
      {!nodes.length && (
        <div className="venue-fd-empty">
          {containerId ? (
            t('process.form.dropHere')
          ) : (
            <Empty description={t('process.form.canvasEmpty')} />
          )}
        </div>
      )}
    </div>
  );
}

const OPS: VisibilityRule['op'][] = ['==', '!=', '>', '>=', '<', '<=', 'empty', 'notEmpty'];

function PropertyPanel({
  node,
  tree,
  onPatch,
}: {
  node?: DesignNode;
  tree: DesignNode[];
  onPatch: (patch: Partial<DesignNode>) => void;
}) {
  if (!node) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('process.form.selectField')} />
    );
  }
  const names = allNames(tree).filter((n) => n !== node.name);
  const nameError = !validFieldName(node.name)
    ? t('process.form.badName')
    : names.includes(node.name)
      ? t('process.form.duplicateName')
      : undefined;
  const num = (v: number | null) => (v === null ? undefined : v);
  const voidKind = isVoid(node.kind);
  const fieldNames = allNames(tree).filter((n) => n !== node.name);
  const visibleWhen = node.visibleWhen;
  return (
    <Form layout="vertical" size="small" key={node.id} data-testid="property-panel">
      <Typography.Title level={5}>{kindLabel(node.kind)}</Typography.Title>
      <Form.Item label={t('process.form.prop.title')}>
        <Input
          value={node.title}
          onChange={(e) => onPatch({ title: e.target.value })}
          data-testid="prop-title"
        />
      </Form.Item>
      <Form.Item
        label={t('process.form.prop.name')}
        validateStatus={nameError ? 'error' : undefined}
        help={nameError}
        tooltip={t('process.form.prop.nameHelp')}
      >
        <Input
          value={node.name}
          onChange={(e) => onPatch({ name: e.target.value.trim() })}
          data-testid="prop-name"
        />
      </Form.Item>
      {node.kind === 'grid' && (
        <Form.Item label={t('process.form.prop.columns')}>
          <InputNumber
            min={1}
            max={4}
            value={node.columns ?? 2}
            onChange={(v) => onPatch({ columns: v ?? 2 })}
          />
        </Form.Item>
      )}
      {!voidKind && (
        <>
          <Form.Item label={t('process.form.prop.required')}>
            <Switch
              checked={!!node.required}
              onChange={(v) => onPatch({ required: v })}
              data-testid="prop-required"
            />
          </Form.Item>
          <Form.Item label={t('process.form.prop.placeholder')}>
            <Input
              value={node.placeholder}
              onChange={(e) => onPatch({ placeholder: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('process.form.prop.default')}>
            {node.kind === 'switch' ? (
              <Switch
                checked={node.defaultValue === true}
                onChange={(v) => onPatch({ defaultValue: v })}
              />
            ) : node.kind === 'number' || node.kind === 'money' || node.kind === 'rate' ? (
              <InputNumber
                style={{ width: '100%' }}
                value={node.defaultValue as number | undefined}
                onChange={(v) => onPatch({ defaultValue: num(v) })}
              />
            ) : hasOptions(node.kind) ? (
              <Select
                allowClear
                mode={node.kind === 'checkbox' ? 'multiple' : undefined}
                options={(node.options ?? []).map((o) => ({ label: o.label, value: o.value }))}
                value={node.defaultValue as any}
                onChange={(v) => onPatch({ defaultValue: v })}
              />
            ) : (
              <Input
                value={(node.defaultValue as string) ?? ''}
                onChange={(e) => onPatch({ defaultValue: e.target.value || undefined })}
              />
            )}
          </Form.Item>
          <Form.Item label={t('process.form.prop.description')}>
            <Input
              value={node.description}
              onChange={(e) => onPatch({ description: e.target.value })}
            />
          </Form.Item>
        </>
      )}
      {hasOptions(node.kind) && (
        <Form.Item label={t('process.form.prop.options')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {(node.options ?? []).map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option has no identity but its place in the ordered list; the fields are controlled
              <Space key={i} align="center">
                <Input
                  placeholder={t('process.form.prop.optionLabel')}
                  value={o.label}
                  onChange={(e) => {
                    const options = [...(node.options ?? [])];
                    options[i] = { ...o, label: e.target.value };
                    onPatch({ options });
                  }}
                />
                <Input
                  placeholder={t('process.form.prop.optionValue')}
                  value={o.value}
                  onChange={(e) => {
                    const options = [...(node.options ?? [])];
                    options[i] = { ...o, value: e.target.value };
                    onPatch({ options });
                  }}
                />
                <MinusCircleOutlined
                  onClick={() =>
                    onPatch({ options: (node.options ?? []).filter((_, j) => j !== i) })
                  }
                />
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                const n = (node.options ?? []).length + 1;
                onPatch({ options: [...(node.options ?? []), { label: `${n}`, value: `${n}` }] });
              }}
            >
              {t('process.form.prop.addOption')}
            </Button>
          </Space>
        </Form.Item>
      )}
      {!voidKind && (
        <>
          <Divider plain style={{ margin: '8px 0' }}>
            {t('process.form.prop.rules')}
          </Divider>
          {(node.kind === 'input' || node.kind === 'textarea') && (
            <Space>
              <Form.Item label={t('process.form.prop.minLength')}>
                <InputNumber
                  min={0}
                  value={node.minLength}
                  onChange={(v) => onPatch({ minLength: num(v) })}
                />
              </Form.Item>
              <Form.Item label={t('process.form.prop.maxLength')}>
                <InputNumber
                  min={0}
                  value={node.maxLength}
                  onChange={(v) => onPatch({ maxLength: num(v) })}
                />
              </Form.Item>
            </Space>
          )}
          {(node.kind === 'number' || node.kind === 'money' || node.kind === 'rate') && (
            <Space>
              <Form.Item label={t('process.form.prop.minimum')}>
                <InputNumber value={node.minimum} onChange={(v) => onPatch({ minimum: num(v) })} />
              </Form.Item>
              <Form.Item label={t('process.form.prop.maximum')}>
                <InputNumber value={node.maximum} onChange={(v) => onPatch({ maximum: num(v) })} />
              </Form.Item>
            </Space>
          )}
          {(node.kind === 'input' || node.kind === 'textarea') && (
            <>
              <Form.Item label={t('process.form.prop.pattern')}>
                <Input
                  value={node.pattern}
                  placeholder="^[0-9]+$"
                  onChange={(e) => onPatch({ pattern: e.target.value || undefined })}
                />
              </Form.Item>
              <Form.Item label={t('process.form.prop.patternMessage')}>
                <Input
                  value={node.patternMessage}
                  onChange={(e) => onPatch({ patternMessage: e.target.value || undefined })}
                />
              </Form.Item>
            </>
          )}
        </>
      )}
      <Divider plain style={{ margin: '8px 0' }}>
        {t('process.form.prop.visibility')}
      </Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          allowClear
          placeholder={t('process.form.prop.visibleField')}
          value={node.visibleWhen?.field}
          options={fieldNames.map((n) => ({ label: n, value: n }))}
          onChange={(field) =>
            onPatch({
              visibleWhen: field ? { op: '==', value: '', ...node.visibleWhen, field } : undefined,
            })
          }
        />
        {visibleWhen?.field && (
          <Space>
            <Select
              style={{ width: 110 }}
              value={visibleWhen.op}
              options={OPS.map((op) => ({
                label: t(
                  `process.form.op.${op === '==' ? 'eq' : op === '!=' ? 'ne' : op === '>' ? 'gt' : op === '>=' ? 'ge' : op === '<' ? 'lt' : op === '<=' ? 'le' : op}`,
                ),
                value: op,
              }))}
              onChange={(op) => onPatch({ visibleWhen: { ...visibleWhen, op } })}
            />
            {visibleWhen.op !== 'empty' && visibleWhen.op !== 'notEmpty' && (
              <Input
                value={visibleWhen.value}
                placeholder={t('process.form.prop.visibleValue')}
                onChange={(e) =>
                  onPatch({ visibleWhen: { ...visibleWhen, value: e.target.value } })
                }
              />
            )}
          </Space>
        )}
      </Space>
    </Form>
  );
}

export interface FormDesignerProps {
  value: DesignNode[];
  onChange: (nodes: DesignNode[]) => void;
}

export const FormDesigner: React.FC<FormDesignerProps> = ({ value, onChange }) => {
  const [selected, setSelected] = useState<string>();
  const node = selected ? findNode(value, selected) : undefined;

  const add = (kind: FieldKind, containerId?: string, index?: number) => {
    const created = createNode(kind, value, kindLabel(kind));
    onChange(insertNode(value, created, containerId, index));
    setSelected(created.id);
  };

  /** Click on a palette item: into the selected container, or after the selected field. */
  const addFromClick = (kind: FieldKind) => {
    if (node && isContainer(node.kind)) return add(kind, node.id);
    if (node) {
      const parent = parentOf(value, node.id) ?? undefined;
      const list = parent ? (findNode(value, parent)?.children ?? []) : value;
      return add(kind, parent, list.findIndex((n) => n.id === node.id) + 1);
    }
    return add(kind);
  };

  const groups: ('basic' | 'advanced' | 'layout')[] = ['basic', 'advanced', 'layout'];
  return (
    <div className="venue-fd">
      <div className="venue-fd-palette" data-testid="form-palette">
        {groups.map((g) => (
          <div key={g}>
            <Typography.Text type="secondary" className="venue-fd-group">
              {t(`process.form.group.${g}`)}
            </Typography.Text>
            <div className="venue-fd-items">
              {PALETTE.filter((p) => p.group === g).map((p) => (
                <Button
                  key={p.kind}
                  size="small"
                  draggable
                  onDragStart={(e) => e.dataTransfer.setData(DRAG_PALETTE, p.kind)}
                  onClick={() => addFromClick(p.kind)}
                  data-testid={`palette-${p.kind}`}
                >
                  {kindLabel(p.kind)}
                </Button>
              ))}
            </div>
          </div>
        ))}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click beside the fields clears the selection, Escape does the same from the keyboard */}
      <div
        className="venue-fd-canvas"
        onClick={() => setSelected(undefined)}
        onKeyDown={(e) => e.key === 'Escape' && setSelected(undefined)}
      >
        <CanvasList
          nodes={value}
          selected={selected}
          onSelect={setSelected}
          onChange={onChange}
          root={value}
          onDropPalette={(kind, containerId, index) => add(kind, containerId, index)}
        />
      </div>
      <div className="venue-fd-props">
        <PropertyPanel
          node={node}
          tree={value}
          onPatch={(patch) => selected && onChange(updateNode(value, selected, patch))}
        />
      </div>
    </div>
  );
};

export default FormDesigner;
