import { ProFormText } from '@ant-design/pro-components';
import { Col, Collapse, Row } from 'antd';
import React from 'react';
import { LOCALES } from '@/locales';
import { LABEL_LANGUAGES } from './labels';

/** The language's own name for a tag (en -> English). */
const languageName = (tag: string) =>
  LOCALES.find((l) => l.code.split('-')[0] === tag)?.label ?? tag;

/** One text field per console language, named `<prefix>.<tag>` (translated labels / names). */
const LabelsFields: React.FC<{ prefix: string; title: string; defaultOpen?: boolean }> = ({
  prefix,
  title,
  defaultOpen,
}) => (
  <Collapse
    size="small"
    defaultActiveKey={defaultOpen ? ['labels'] : []}
    style={{ marginBottom: 16 }}
    items={[
      {
        key: 'labels',
        label: title,
        forceRender: true,
        children: (
          <Row gutter={12}>
            {LABEL_LANGUAGES.map((tag) => (
              <Col span={12} key={tag}>
                <ProFormText
                  name={[prefix, tag]}
                  label={`${languageName(tag)} (${tag})`}
                  fieldProps={{ maxLength: 128 }}
                />
              </Col>
            ))}
          </Row>
        ),
      },
    ]}
  />
);

export default LabelsFields;
