/**
 * Widgets of process forms that Formily's antd-v5 set lacks: money, rate, image and file
 * uploads (values are URL lists), user / organisation / dish pickers, divider and card.
 */
import { UploadOutlined } from '@ant-design/icons';
import { NumberPicker } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import {
  Button,
  Card as AntCard,
  Divider as AntDivider,
  Rate as AntRate,
  Select,
  TreeSelect,
  Upload,
} from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { searchPeople, type PersonRef } from '@/services/process';
import { formatMessage, formatNumber } from '@/utils/intl';
import { authHeaders, request } from '@/utils/request';
import { fileLabel, safeHref } from '@/utils/safeHref';

const t = (id: string) => formatMessage({ id });

export const Money: React.FC<any> = connect(
  NumberPicker,
  mapProps((props: any) => ({ precision: 2, min: 0, style: { width: '100%' }, ...props })),
  mapReadPretty((props: { value?: number }) => (
    <span>
      {props.value === undefined || props.value === null ? '' : formatNumber(props.value, 2)}
    </span>
  )),
);

export const Rate: React.FC<any> = connect(
  AntRate,
  mapReadPretty((props: { value?: number }) => <AntRate disabled value={props.value} />),
);

const UPLOAD_IMAGE = '/api/upload/oss/aliyun/image';

/** Upload whose value is the list of uploaded URLs (what the server stores and checks). */
const UrlUpload: React.FC<{
  value?: string[];
  onChange?: (v: string[]) => void;
  image?: boolean;
  action?: string;
  maxCount?: number;
  disabled?: boolean;
  readOnly?: boolean;
}> = ({ value, onChange, image, action, maxCount, disabled, readOnly }) => {
  const [files, setFiles] = useState<UploadFile[]>([]);
  useEffect(() => {
    const urls = value ?? [];
    setFiles((current) => {
      const uploading = current.filter((f) => f.status === 'uploading');
      return [
        ...urls.map((url, i) => ({
          uid: `v${i}-${url}`,
          name: url.split('/').pop() || url,
          url,
          status: 'done' as const,
        })),
        ...uploading,
      ];
    });
  }, [value]);
  return (
    <Upload
      action={action || UPLOAD_IMAGE}
      headers={authHeaders(action || UPLOAD_IMAGE)}
      name="file"
      accept={image ? 'image/png,image/jpeg,image/gif' : undefined}
      listType={image ? 'picture-card' : 'text'}
      fileList={files}
      maxCount={maxCount}
      disabled={disabled || readOnly}
      onChange={({ file, fileList }) => {
        setFiles(fileList);
        if (file.status === 'done' || file.status === 'removed') {
          const urls = fileList
            .map((f) => f.url || (f.response?.result?.[0] as string | undefined))
            .filter((u): u is string => !!u);
          if (file.status === 'done' && !file.response?.result?.[0]) {
            setFiles(fileList.filter((f) => f.uid !== file.uid));
          }
          onChange?.(urls);
        }
      }}
    >
      {readOnly || disabled ? null : image ? (
        <div>
          <UploadOutlined />
          <div style={{ marginTop: 4 }}>{t('process.form.upload')}</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />}>{t('process.form.upload')}</Button>
      )}
    </Upload>
  );
};

const UrlList: React.FC<{ value?: string[]; image?: boolean }> = ({ value, image }) => (
  <span>
    {(value ?? []).map((url) => {
      const href = safeHref(url);
      if (!href) return <div key={String(url)}>{String(url)}</div>;
      return image ? (
        <img key={url} src={href} alt="" style={{ width: 64, height: 64, objectFit: 'cover', marginInlineEnd: 8 }} />
      ) : (
        <div key={url}>
          <a href={href} target="_blank" rel="noopener noreferrer">
            {fileLabel(href)}
          </a>
        </div>
      );
    })}
  </span>
);

export const ImageUpload: React.FC<any> = connect(
  (props: any) => <UrlUpload {...props} image />,
  mapReadPretty((props: any) => <UrlList value={props.value} image />),
);
export const FileUpload: React.FC<any> = connect(
  (props: any) => <UrlUpload {...props} />,
  mapReadPretty((props: any) => <UrlList value={props.value} />),
);

const personLabel = (p: PersonRef) =>
  `${p.realName || p.username}${p.realName ? ` (${p.username})` : ''}${p.orgName ? ` · ${p.orgName}` : ''}`;

/** Searches the people a task can be handed to (GET /api/process/people). */
export const PeopleSelect: React.FC<{
  value?: number | number[];
  onChange?: (v: any) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
  'data-testid'?: string;
}> = ({ value, onChange, multiple, placeholder, disabled, style, ...rest }) => {
  const [options, setOptions] = useState<{ label: string; value: number }[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const search = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return (keyword: string) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        setLoading(true);
        searchPeople(keyword)
          .then((people) => {
            setFailed(false);
            setOptions(people.map((p) => ({ label: personLabel(p), value: p.id })));
          })
          .catch(() => setFailed(true))
          .finally(() => setLoading(false));
      }, 250);
    };
  }, []);
  useEffect(() => search(''), [search]);
  return (
    <Select
      showSearch
      allowClear
      mode={multiple ? 'multiple' : undefined}
      filterOption={false}
      onSearch={search}
      loading={loading}
      options={options}
      value={value as any}
      onChange={onChange}
      disabled={disabled}
      style={{ width: '100%', ...style }}
      placeholder={placeholder ?? t('process.form.pickUser')}
      notFoundContent={failed ? t('process.form.peopleUnavailable') : undefined}
      data-testid={rest['data-testid']}
    />
  );
};

export const UserPicker: React.FC<any> = connect(
  PeopleSelect,
  mapReadPretty((props: { value?: number }) => <span>{props.value ? `#${props.value}` : ''}</span>),
);

interface OrgNode {
  id: number;
  name: string;
  children?: OrgNode[];
}
const toTree = (nodes: OrgNode[] = []): any[] =>
  nodes.map((n) => ({ title: n.name, value: n.id, children: toTree(n.children) }));

const OrgSelect: React.FC<any> = (props) => {
  const [tree, setTree] = useState<any[]>([]);
  useEffect(() => {
    request<OrgNode[]>('/sys/org/tree', { skipErrorHandler: true })
      .then((nodes) => setTree(toTree(nodes)))
      .catch(() => setTree([]));
  }, []);
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      style={{ width: '100%' }}
      treeData={tree}
      placeholder={props.placeholder ?? t('process.form.pickOrg')}
      {...props}
    />
  );
};
export const OrgPicker: React.FC<any> = connect(
  OrgSelect,
  mapReadPretty((props: { value?: number }) => <span>{props.value ? `#${props.value}` : ''}</span>),
);

const DishSelect: React.FC<any> = (props) => {
  const [options, setOptions] = useState<{ label: string; value: number }[]>([]);
  const search = useCallback(
    (name?: string) =>
      request<{ records: { id: number; name: string; number: string }[] }>('/merchant/cuisine/dish', {
        params: { pageNo: 1, pageSize: 20, name },
        skipErrorHandler: true,
      })
        .then((page) =>
          setOptions(
            (page.records ?? []).map((d) => ({ label: `${d.name} (${d.number})`, value: d.id })),
          ),
        )
        .catch(() => setOptions([])),
    [],
  );
  useEffect(() => {
    search();
  }, [search]);
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={search}
      options={options}
      style={{ width: '100%' }}
      placeholder={props.placeholder ?? t('process.form.pickDish')}
      {...props}
    />
  );
};
export const DishPicker: React.FC<any> = connect(
  DishSelect,
  mapReadPretty((props: { value?: number }) => <span>{props.value ? `#${props.value}` : ''}</span>),
);

export const Divider: React.FC<{ title?: string }> = ({ title }) => (
  <AntDivider orientation="left">{title}</AntDivider>
);

export const Card: React.FC<React.PropsWithChildren<{ title?: string }>> = ({
  title,
  children,
}) => (
  <AntCard size="small" title={title} style={{ marginBottom: 16 }}>
    {children}
  </AntCard>
);
