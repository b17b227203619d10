import { Form } from 'antd';
import React from 'react';
import LazyInput from './LazyInput';
import { t, type SectionProps } from './section';

/** A script task: the expression and where its result goes. */
const ScriptTaskSection: React.FC<SectionProps> = ({ bo, set, setVenue, venue }) => {
  return (
    <>
      <Form.Item label={t('process.model.prop.script')} tooltip={t('process.model.help.script')}>
        <LazyInput
          textarea
          value={bo.script}
          placeholder="amount * 2"
          onCommit={(v) => set({ scriptFormat: 'expr', script: v || undefined })}
        />
      </Form.Item>
      <Form.Item label={t('process.model.prop.result')}>
        <LazyInput value={venue('result')} onCommit={(v) => setVenue('result', v)} />
      </Form.Item>
    </>
  );
};

export default ScriptTaskSection;
