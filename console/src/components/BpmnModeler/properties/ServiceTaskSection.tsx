import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import React from 'react';
import LazyInput from './LazyInput';
import { t, type SectionProps, type Any } from './section';

/** A service task: the activity called, its inputs and where its result goes. */
const ServiceTaskSection: React.FC<SectionProps> = ({
  moddle,
  bo,
  setVenue,
  venue,
  setExtension,
}) => {
  const inputs: Any[] = (bo.extensionElements?.values ?? []).filter(
    (v: Any) => v.$type === 'venue:Input',
  );
  const writeInputs = (list: { name: string; value: string }[]) =>
    setExtension(
      'venue:Input',
      list.map((i) => moddle.create('venue:Input', i)),
    );
  const plain = inputs.map((i) => ({ name: i.name ?? '', value: i.value ?? '' }));
  return (
    <>
      <Form.Item label={t('process.model.prop.activity')}>
        <LazyInput value={venue('activity')} onCommit={(v) => setVenue('activity', v)} />
      </Form.Item>
      <Form.Item label={t('process.model.prop.inputs')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {plain.map((i, idx) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an input has no identity but its place in the ordered list; the fields follow their value
            <Space key={idx}>
              <LazyInput
                value={i.name}
                placeholder={t('process.model.prop.inputName')}
                onCommit={(v) =>
                  writeInputs(plain.map((x, j) => (j === idx ? { ...x, name: v } : x)))
                }
              />
              <LazyInput
                value={i.value}
                placeholder="${amount}"
                onCommit={(v) =>
                  writeInputs(plain.map((x, j) => (j === idx ? { ...x, value: v } : x)))
                }
              />
              <MinusCircleOutlined onClick={() => writeInputs(plain.filter((_, j) => j !== idx))} />
            </Space>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => writeInputs([...plain, { name: `input${plain.length + 1}`, value: '' }])}
          >
            {t('process.model.prop.addInput')}
          </Button>
        </Space>
      </Form.Item>
      <Form.Item label={t('process.model.prop.result')}>
        <LazyInput value={venue('result')} onCommit={(v) => setVenue('result', v)} />
      </Form.Item>
    </>
  );
};

export default ServiceTaskSection;
