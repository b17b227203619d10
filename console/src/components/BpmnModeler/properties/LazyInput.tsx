import { Input } from 'antd';
import React, { useEffect, useState } from 'react';

/** Keeps a text input local while typing; writes on blur / Enter. */
const LazyInput: React.FC<{
  value?: string;
  onCommit: (v: string) => void;
  placeholder?: string;
  textarea?: boolean;
  testId?: string;
}> = ({ value, onCommit, placeholder, textarea, testId }) => {
  const [local, setLocal] = useState(value ?? '');
  useEffect(() => setLocal(value ?? ''), [value]);
  const commit = () => {
    if ((value ?? '') !== local) onCommit(local);
  };
  return textarea ? (
    <Input.TextArea
      rows={3}
      value={local}
      placeholder={placeholder}
      onChange={(e) => setLocal(e.target.value)}
      onBlur={commit}
      data-testid={testId}
    />
  ) : (
    <Input
      value={local}
      placeholder={placeholder}
      onChange={(e) => setLocal(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      data-testid={testId}
    />
  );
};

export default LazyInput;
