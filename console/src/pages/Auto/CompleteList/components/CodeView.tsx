import React, { useEffect, useState } from 'react';
import type { Token } from '../highlight';

type Highlighter = typeof import('../highlight');

/** A generated file with line numbers and colours; the highlighter arrives as its own chunk. */
const CodeView: React.FC<{ code: string; language: string }> = ({ code, language }) => {
  const [hl, setHl] = useState<Highlighter>();
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "codegen-highlight" */ '../highlight').then(
      (m) => live && setHl(m),
    );
    return () => {
      live = false;
    };
  }, []);
  const tokens: Token[] = hl ? hl.tokenize(code, language) : [{ kind: 'plain', text: code }];
  const lines = code.split('\n').length;
  return (
    <div className="codegen-code" data-testid="codegen-code" dir="ltr">
      <pre aria-hidden className="codegen-code-lines">
        {Array.from({ length: lines }, (_, i) => i + 1).join('\n')}
      </pre>
      <pre className="codegen-code-text">
        <code>
          {tokens.map((tk, i) =>
            tk.kind === 'plain' ? (
              tk.text
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: highlighted tokens of a read-only text: the same token repeats, its place is its identity
              <span key={i} className={`hl-${tk.kind}`} style={{ color: hl?.COLORS[tk.kind] }}>
                {tk.text}
              </span>
            ),
          )}
        </code>
      </pre>
    </div>
  );
};

export default CodeView;
