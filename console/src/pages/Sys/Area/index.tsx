import { EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Row, Select, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { useDebouncedSearch } from '@/hooks/useDebouncedSearch';
import { Access } from '@/components/Access';
import {
  AREA_IMPORT_URL,
  AREA_TEMPLATE_URL,
  areaChildren,
  deleteArea,
  searchAreas,
  type AreaMatch,
  type AreaView,
} from '@/services/sys-admin';
import { formatDate } from '@/utils/intl';
import ImportModal from '../shared/ImportModal';
import SysPage from '../shared/SysPage';
import DeleteAction from '../shared/DeleteAction';
import { t } from '../shared/text';
import { useFormDialog } from '../shared/useFormDialog';
import AreaForm from './components/AreaForm';

const ROOT = '';
const IMPORT_COLUMNS = ['code', 'parentCode', 'name', 'level', 'sort', 'names'];

const levelLabel = (level: number) =>
  ({
    1: t('sys.area.level.country'),
    2: t('sys.area.level.province'),
    3: t('sys.area.level.city'),
    4: t('sys.area.level.district'),
  })[level] ?? String(level);

const fieldLabel = (field: string) =>
  ({
    code: t('sys.area.code'),
    parentCode: t('sys.area.parent'),
    name: t('sys.area.name'),
    level: t('sys.area.level'),
    sort: t('sys.sort'),
    names: t('sys.area.names'),
  })[field] ?? field;

/** /sys/area: administrative regions as a lazily loaded tree (country, province, city, district). */
const AreaPage: React.FC = () => {
  /** children by parent code ('' = countries), loaded on expand */
  const [children, setChildren] = useState<Record<string, AreaView[]>>({});
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [selected, setSelected] = useState<AreaView>();
  const [hits, setHits] = useState<AreaMatch[]>([]);
  const [form, showForm, setFormOpen] = useFormDialog<{ area?: AreaView; parent?: AreaView }>();
  const [importOpen, setImportOpen] = useState(false);

  const load = useCallback(async (parent: string) => {
    const list = await areaChildren(parent || undefined);
    setChildren((c) => ({ ...c, [parent]: list ?? [] }));
    return list ?? [];
  }, []);

  useEffect(() => {
    setLoading(true);
    load(ROOT)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [load]);

  const byCode = useMemo(() => {
    const map = new Map<string, AreaView>();
    for (const list of Object.values(children)) for (const a of list) map.set(a.code, a);
    return map;
  }, [children]);

  const treeData = useMemo(() => {
    const build = (parent: string): DataNode[] =>
      (children[parent] ?? []).map((a) => ({
        key: a.code,
        title: (
          <span data-area={a.code}>
            {a.label || a.name} <span style={{ opacity: 0.55 }}>{a.code}</span>
          </span>
        ),
        isLeaf: !a.hasChildren,
        children: children[a.code] ? build(a.code) : undefined,
      }));
    return build(ROOT);
  }, [children]);

  const {
    loading: searching,
    search,
    cancel,
  } = useDebouncedSearch(async (keyword) => setHits(await searchAreas(keyword)));
  const onSearch = (keyword: string) => {
    if (keyword.trim()) {
      search(keyword);
      return;
    }
    cancel();
    setHits([]);
  };

  /** Opens the tree along a hit's path (loading each level) and selects it. */
  const reveal = async (hit: AreaMatch) => {
    const path = hit.pathCodes ?? [];
    for (let i = 0; i < path.length - 1; i += 1) {
      if (!children[path[i]]) await load(path[i]).catch(() => undefined);
    }
    setExpanded((e) => [...new Set([...e, ...path.slice(0, -1)])]);
    setSelected(hit);
  };

  /** Reloads the level of a parent after a change (and its own flag of having children). */
  const refresh = async (parent: string) => {
    await load(parent).catch(() => undefined);
    const grand = byCode.get(parent)?.parentCode;
    if (parent && grand !== undefined) await load(grand).catch(() => undefined);
  };

  const parent = selected ? byCode.get(selected.parentCode) : undefined;

  return (
    <SysPage testId="sys-area-page">
      <Row gutter={16}>
        <Col xs={24} md={10} lg={9}>
          <Card
            size="small"
            title={t('sys.area.tree')}
            extra={
              <Space>
                <Access code="sys:area:add">
                  <Button size="small" icon={<PlusOutlined />} onClick={() => showForm()}>
                    {t('sys.area.addCountry')}
                  </Button>
                </Access>
                <Access code="sys:area:import">
                  <Button
                    size="small"
                    icon={<UploadOutlined />}
                    onClick={() => setImportOpen(true)}
                    data-testid="area-import"
                  >
                    {t('sys.import')}
                  </Button>
                </Access>
              </Space>
            }
          >
            <Select<string>
              showSearch
              allowClear
              style={{ width: '100%', marginBottom: 8 }}
              placeholder={t('sys.area.searchPlaceholder')}
              filterOption={false}
              onSearch={onSearch}
              loading={searching}
              notFoundContent={null}
              value={null as unknown as string}
              options={hits.map((h) => ({ label: `${h.path} (${h.code})`, value: h.code }))}
              onSelect={(code) => {
                const hit = hits.find((h) => h.code === code);
                if (hit) reveal(hit);
              }}
              data-testid="area-search"
            />
            <Spin spinning={loading}>
              <Tree
                blockNode
                treeData={treeData}
                expandedKeys={expanded}
                onExpand={(k) => setExpanded(k)}
                selectedKeys={selected ? [selected.code] : []}
                onSelect={(keys) => {
                  const hit = keys.length ? byCode.get(String(keys[0])) : undefined;
                  if (hit) setSelected(hit);
                }}
                loadData={async (node) => {
                  if (!children[String(node.key)])
                    await load(String(node.key)).catch(() => undefined);
                }}
                height={560}
                data-testid="area-tree"
              />
            </Spin>
          </Card>
        </Col>
        <Col xs={24} md={14} lg={15}>
          <Card
            size="small"
            title={selected ? selected.label || selected.name : t('sys.area.detail')}
            extra={
              selected && (
                <Space wrap>
                  {selected.level < 4 && (
                    <Access code="sys:area:add">
                      <Button
                        size="small"
                        type="primary"
                        icon={<PlusOutlined />}
                        onClick={() => showForm({ parent: selected })}
                      >
                        {t('sys.area.addChildShort')}
                      </Button>
                    </Access>
                  )}
                  <Access code="sys:area:edit">
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => showForm({ area: selected })}
                    >
                      {t('sys.edit')}
                    </Button>
                  </Access>
                  <DeleteAction
                    button
                    code="sys:area:delete"
                    name={selected.label || selected.name}
                    description={t('sys.area.delete.hint')}
                    onDelete={() => deleteArea(selected.code)}
                    onDone={() => {
                      const p = selected.parentCode;
                      setSelected(undefined);
                      refresh(p);
                    }}
                  />
                </Space>
              )
            }
          >
            {selected ? (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('sys.area.code')}>{selected.code}</Descriptions.Item>
                <Descriptions.Item label={t('sys.area.name')}>{selected.name}</Descriptions.Item>
                <Descriptions.Item label={t('sys.area.level')}>
                  {levelLabel(selected.level)}
                </Descriptions.Item>
                <Descriptions.Item label={t('sys.area.parent')}>
                  {selected.parentCode
                    ? `${parent?.label || parent?.name || ''} (${selected.parentCode})`
                    : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('sys.sort')}>{selected.sort}</Descriptions.Item>
                <Descriptions.Item label={t('sys.area.names')}>
                  {Object.entries(selected.names ?? {}).length
                    ? Object.entries(selected.names ?? {}).map(([tag, name]) => (
                        <Tag key={tag} style={{ marginBottom: 2 }}>
                          {tag}: {name}
                        </Tag>
                      ))
                    : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('sys.updatedAt')}>
                  {formatDate(selected.updatedAt)}
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Empty description={t('sys.area.pick')} />
            )}
          </Card>
        </Col>
      </Row>
      <AreaForm
        key={form.key}
        open={form.open}
        area={form.area}
        parent={form.parent}
        onOpenChange={setFormOpen}
        onSaved={(saved) => {
          const p = form.area ? form.area.parentCode : (form.parent?.code ?? ROOT);
          refresh(p);
          const parent = form.parent;
          if (parent) setExpanded((e) => [...new Set([...e, parent.code])]);
          setSelected(saved);
        }}
      />
      <ImportModal
        open={importOpen}
        title={t('sys.area.import')}
        importUrl={AREA_IMPORT_URL}
        templateUrl={AREA_TEMPLATE_URL}
        accept=".xlsx,.csv"
        columns={IMPORT_COLUMNS}
        fieldLabel={fieldLabel}
        onClose={() => setImportOpen(false)}
        onImported={() => {
          setChildren({});
          setExpanded([]);
          load(ROOT).catch(() => undefined);
        }}
      />
    </SysPage>
  );
};

export default AreaPage;
